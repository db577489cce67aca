import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ColumnSettings.stories'

const { Defaults, HiddenColumns, Pinned, Reordered, Closed } = composeStories(stories, preview)
const items = () => within(screen.getByRole('list', { name: 'Column settings' })).getAllByRole('listitem')
const names = () => items().map((item) => item.getAttribute('aria-label'))
const TIMEOUT = 30000

beforeEach(() => {
  Defaults.args.onConfirm?.mockClear?.()
})

test('CORE-COL-01: every column with its show/hide box, hidden ones unchecked', async () => {
  render(<HiddenColumns />)
  const address = (await screen.findByRole('listitem', { name: 'Address' })) as HTMLElement
  expect(within(address).getByRole('checkbox')).not.toBeChecked()
  expect(within(screen.getByRole('listitem', { name: 'Warehouse code' })).getByRole('checkbox')).toBeChecked()
})

test('CORE-COL-02: the saved order is the list order, each row with a drag handle', async () => {
  render(<Reordered />)
  await screen.findByRole('list', { name: 'Column settings' })
  expect(names().slice(0, 2)).toEqual(['Warehouse name', 'Warehouse code'])
  expect(screen.getByRole('button', { name: 'Drag to reorder: Warehouse name' })).toBeInTheDocument()
})

test('CORE-COL-03: pinned columns show their side', async () => {
  render(<Pinned />)
  const code = (await screen.findByRole('listitem', { name: 'Warehouse code' })) as HTMLElement
  expect(within(code).getByRole('radio', { name: 'Pin left: Warehouse code' })).toBeChecked()
  const flag = screen.getByRole('listitem', { name: 'Enabled' })
  expect(within(flag).getByRole('radio', { name: 'Pin right: Enabled' })).toBeChecked()
})

test(
  'CORE-COL-04: confirm hands over every column with visible, defaultVisible, width and fixed',
  async () => {
    render(<Defaults />)
    const row = (await screen.findByRole('listitem', { name: 'Address' })) as HTMLElement
    await userEvent.click(within(row).getByRole('checkbox'))
    await userEvent.click(within(row).getByRole('radio', { name: 'Pin right: Address' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(Defaults.args.onConfirm).toHaveBeenCalledTimes(1))
    const sent = (Defaults.args.onConfirm as unknown as { mock: { calls: unknown[][] } }).mock
      .calls[0]![0] as Array<Record<string, unknown>>
    expect(sent.find((s) => s.field === 'address')).toEqual({
      field: 'address',
      width: 240, // the page's width for the column
      visible: false,
      defaultVisible: true,
      fixed: 'right',
    })
    expect(sent.map((s) => s.field)).toContain('warehouseCode')
  },
  TIMEOUT,
)

test(
  'a settings panel with every column hidden cannot be confirmed',
  async () => {
    render(<Defaults />)
    await screen.findByRole('list', { name: 'Column settings' })
    for (const item of items()) await userEvent.click(within(item).getByRole('checkbox'))
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(currentStoryEnv().notices).toContainEqual({
      type: 'warning',
      message: 'Please select at least one item',
    })
  },
  TIMEOUT,
)

test('CORE-COL-05: restore hands over to the page defaults', async () => {
  render(<Pinned />)
  await userEvent.click(await screen.findByRole('button', { name: 'Restore defaults' }))
  await waitFor(() => expect(Pinned.args.onRestore).toHaveBeenCalled())
})

test('closed, it is one toolbar button that opens the panel', async () => {
  render(<Closed />)
  expect(screen.queryByRole('list', { name: 'Column settings' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: /Columns/ }))
  expect(await screen.findByRole('list', { name: 'Column settings' })).toBeInTheDocument()
})
