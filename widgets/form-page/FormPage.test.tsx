import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './FormPage.stories'

const { EditWarehouse, NewWarehouse } = composeStories(stories, preview)

test('loads the record named by the route, saves it and goes back', async () => {
  render(<EditWarehouse />)
  expect(await screen.findByRole('textbox', { name: 'Warehouse name' })).toHaveValue('Shanghai warehouse 1')
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(currentStoryEnv().navigations).toEqual(['/wmdm/warehouse']))
  expect(currentStoryEnv().calls.some((c) => c.method === 'PUT')).toBe(true)
})

test('without an id it creates', async () => {
  render(<NewWarehouse />)
  await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Please enter Warehouse code')).toBeInTheDocument()
})
