/**
 * Issue 19: the Actions column is sized from the buttons the rows show and the table's scroll width counts it
 * exactly, so the column fixed on the right covers no other column (Status on the order lists at 1440 px).
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import type { PageAction } from '../../renderer/index'
import { actionsColumnWidth, textWidth } from './actions-width'
import * as stories from './DataTable.stories'

const { OrderActions, Rows } = composeStories(stories, preview)

const widths = () => {
  const table = document.querySelector('.ant-table-body table, .ant-table-content table') as HTMLTableElement
  const cols = [...table.querySelectorAll('colgroup col')].map((col) =>
    parseFloat((col as HTMLElement).style.width),
  )
  return { table: parseFloat(table.style.width), cols }
}

test('the table is as wide as all its columns, the Actions column included (nothing is drawn over another)', async () => {
  for (const Story of [OrderActions, Rows]) {
    const { unmount } = render(<Story />)
    await screen.findAllByRole('row')
    const { table, cols } = widths()
    const sum = cols.filter((w) => !Number.isNaN(w)).reduce((a, b) => a + b, 0)
    expect(table).toBe(sum)
    unmount()
  }
})

test('the Actions column fits the widest row’s buttons, not every action the page declares', async () => {
  render(<OrderActions />)
  const newOrder = (await screen.findByText('RK20260001')).closest('tr') as HTMLElement
  const shown = within(newOrder)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
  expect(shown.length).toBeLessThan(OrderActions.args.rowActions?.length ?? 0)
  const { cols } = widths()
  const actions = cols.filter((w) => !Number.isNaN(w)).at(-1) ?? 0
  expect(actions).toBeGreaterThanOrEqual(shown.reduce((sum, text) => sum + textWidth(text) + 14, 0))
  expect(actions).toBeLessThan(60 + (OrderActions.args.rowActions?.length ?? 0) * 56)
})

test('a width from the texts: Chinese characters are wide, and a page without rows yet measures every action', () => {
  expect(textWidth('详情')).toBe(28)
  expect(textWidth('Print')).toBe(40)
  const actions: PageAction[] = [
    { type: 'edit', permission: 'x.edit' },
    { type: 'delete', permission: 'x.delete', visibleWhen: { field: 'status', op: 'eq', value: 'NEW' } },
  ]
  const label = (a: PageAction) => (a.type === 'edit' ? 'Edit' : 'Delete')
  const done = actionsColumnWidth(actions, [{ status: 'DONE' }], label, 'Actions')
  const fresh = actionsColumnWidth(actions, [{ status: 'NEW' }], label, 'Actions')
  expect(fresh).toBeGreaterThan(done)
  expect(actionsColumnWidth(actions, [], label, 'Actions')).toBe(fresh)
})
