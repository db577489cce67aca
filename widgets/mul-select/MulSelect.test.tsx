import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './MulSelect.stories'

const { Empty, Edit, ReadPretty, Disabled } = composeStories(stories, preview)

test('shows every chosen value by its meaning', async () => {
  render(<Edit />)
  expect(await screen.findByText('Cold storage')).toBeInTheDocument()
  expect(screen.getByText('Bonded')).toBeInTheDocument()
})

test('adds picked values to the comma-joined value', async () => {
  render(<Empty />)
  await userEvent.click(screen.getByRole('combobox'))
  await userEvent.click(await screen.findByText('Virtual'))
  await userEvent.click(await screen.findByText('Normal', { selector: '.ant-select-item-option-content' }))
  await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('"VIRTUAL,NORMAL"'))
})

test('read-pretty joins the meanings, not the codes', async () => {
  render(<ReadPretty />)
  const shown = await screen.findByText('Cold storage, Bonded')
  expect(shown).toHaveClass('wms-read-pretty')
})

test('disabled cannot be opened', async () => {
  render(<Disabled />)
  expect(await screen.findByText('Normal')).toBeInTheDocument()
  expect(screen.getByRole('combobox')).toBeDisabled()
})
