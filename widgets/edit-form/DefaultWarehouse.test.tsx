import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './DefaultWarehouse.stories'

const { CreateWithDefault, CreateWithoutDefault, SchemaDefaultWins, EditKeepsRecord } = composeStories(
  stories,
  preview,
)
const save = async () => {
  const button = screen.getByText('Save').closest('button') as HTMLElement
  await userEvent.click(button)
}
const sent = async (method: 'POST' | 'PUT') => {
  await waitFor(() => expect(currentStoryEnv().calls.some((c) => c.method === method)).toBe(true))
  return currentStoryEnv().calls.find((c) => c.method === method)?.data as Record<string, unknown>
}

test("a create form starts with the user's default warehouse: value, kept name and filled code", async () => {
  render(<CreateWithDefault />)
  const drawer = await screen.findByRole('dialog')
  // The warehouse picker (its text field) and the opted-in one (known by name without a text field).
  await waitFor(() => expect(within(drawer).getAllByText('Suzhou warehouse 3')).toHaveLength(2))
  expect(within(drawer).queryByText('1002')).toBeNull()
  await save()
  const body = await sent('POST')
  expect(body).toMatchObject({
    warehouseId: 1002,
    warehouseName: 'Suzhou warehouse 3',
    warehouseCode: 'WH-E003',
    fromWarehouseId: 1002,
  })
  // Opted out, and a fill the default warehouse does not carry (its address): left empty.
  expect(body.toWarehouseId ?? null).toBeNull()
  expect(body.warehouseAddress).toBeUndefined()
})

test('no default warehouse flagged: the pickers start empty and the required one says so', async () => {
  render(<CreateWithoutDefault />)
  const drawer = await screen.findByRole('dialog')
  expect(within(drawer).queryByText('Suzhou warehouse 3')).toBeNull()
  await save()
  expect(await within(drawer).findByText('Please select Warehouse')).toBeInTheDocument()
  expect(currentStoryEnv().calls.some((c) => c.method === 'POST')).toBe(false)
})

test("the schema's defaultValue wins over the default warehouse", async () => {
  render(<SchemaDefaultWins />)
  await screen.findByRole('dialog')
  await save()
  expect(await sent('POST')).toMatchObject({ warehouseId: 1005, fromWarehouseId: 1002 })
})

test("editing keeps the record's warehouse", async () => {
  render(<EditKeepsRecord />)
  const drawer = await screen.findByRole('dialog')
  expect(await within(drawer).findByText('Hefei warehouse 6')).toBeInTheDocument()
  await save()
  const body = await sent('PUT')
  expect(body).toMatchObject({ warehouseId: 1005, warehouseName: 'Hefei warehouse 6' })
  expect(body.fromWarehouseId ?? null).toBeNull()
})
