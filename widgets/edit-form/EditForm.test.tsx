import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './EditForm.stories'

const { Create, Edit, View, ServerFieldError } = composeStories(stories, preview)
const save = () => screen.getByText('Save').closest('button') as HTMLElement

test('create starts from the defaults with the required marks', async () => {
  render(<Create />)
  const drawer = await screen.findByRole('dialog')
  expect(within(drawer).getByText('Create: Warehouses')).toBeInTheDocument()
  expect(within(drawer).getByRole('switch')).toBeChecked() // enabledFlag default 1
  expect(within(drawer).getByText('Basic information')).toBeInTheDocument()
})

test('edit keeps the code read-only and PUTs the row with its version', async () => {
  render(<Edit />)
  const drawer = await screen.findByRole('dialog')
  expect(within(drawer).queryByRole('textbox', { name: 'Warehouse code' })).toBeNull()
  expect(within(drawer).getByText('WH-E001')).toBeInTheDocument()
  await userEvent.click(save())
  await waitFor(() => expect(Edit.args.onSaved).toHaveBeenCalled())
  const put = currentStoryEnv().calls.find((c) => c.method === 'PUT')
  expect(put?.data).toMatchObject({ warehouseId: 1000, warehouseCode: 'WH-E001', objectVersionNumber: 1 })
})

test('view shows values read-only without a save button', async () => {
  render(<View />)
  await screen.findByRole('dialog')
  expect(screen.queryByText('Save')).toBeNull()
  expect(await screen.findByText('Normal')).toBeInTheDocument()
})

test("a 400 with fields puts the server's message on the field", async () => {
  render(<ServerFieldError />)
  await screen.findByRole('dialog')
  await userEvent.click(save())
  expect(await screen.findByText('Warehouse name must not contain only spaces')).toBeInTheDocument()
  expect(screen.getByRole('dialog')).toBeInTheDocument() // still open, input kept
  expect(screen.getByRole('textbox', { name: 'Warehouse name' })).toHaveValue('Shanghai warehouse 1')
})
