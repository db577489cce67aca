import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './SearchBar.stories'

const { Warehouse, Collapsed } = composeStories(stories, preview)

test('search sends the non-empty conditions; reset clears them and searches again', async () => {
  render(<Warehouse />)
  await userEvent.type(screen.getByRole('textbox', { name: 'Warehouse code' }), 'WH')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() => expect(Warehouse.args.onSearch).toHaveBeenLastCalledWith({ warehouseCode: 'WH' }))
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
  await waitFor(() => expect(Warehouse.args.onSearch).toHaveBeenLastCalledWith({}))
  expect(screen.getByRole('textbox', { name: 'Warehouse code' })).toHaveValue('')
})

test('conditions beyond columns × rows wait behind "More"', async () => {
  render(<Collapsed />)
  expect(screen.getByRole('textbox', { name: 'Warehouse name' })).toBeInTheDocument()
  expect(screen.queryByRole('combobox', { name: 'Warehouse type' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'More' }))
  expect(await screen.findByRole('combobox', { name: 'Warehouse type' })).toBeInTheDocument()
})
