import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DataTable.stories'

const { Rows, Empty, Summary, Average, ThousandRows } = composeStories(stories, preview)

test('shows the total text, read-only cells and sorts on the server', async () => {
  render(<Rows />)
  expect(screen.getByText('123 records in total')).toBeInTheDocument()
  const row = screen.getByText('WH-E002').closest('tr') as HTMLElement
  expect(await within(row).findByText('Bonded')).toBeInTheDocument()
  await userEvent.click(screen.getAllByText('Warehouse code')[0] as HTMLElement)
  expect(Rows.args.onChange).toHaveBeenLastCalledWith({ page: 0, size: 10, sort: 'warehouseCode,asc' })
})

test('row actions hand the row over', async () => {
  render(<Rows />)
  const row = screen.getByText('WH-E003').closest('tr') as HTMLElement
  await userEvent.click(await within(row).findByRole('button', { name: 'Edit' }))
  expect(Rows.args.onRowAction).toHaveBeenCalledWith(
    expect.objectContaining({ type: 'edit' }),
    expect.objectContaining({ warehouseCode: 'WH-E003' }),
  )
})

test('the empty state says what to do next', () => {
  render(<Empty />)
  expect(screen.getByText(/Change the search conditions and search again, or add one/)).toBeInTheDocument()
})

test('PLAT-TBL-10/11: the footer sums or averages a column with thousands separators', async () => {
  // areas of the 4 sample rows: 1,250.5 × (1 + 2 + 3 + 4) = 12,505
  render(<Summary />)
  expect(await screen.findByText('Total: 12,505.00')).toBeInTheDocument()
})

test('PLAT-TBL-11: average of the page rows', async () => {
  render(<Average />)
  expect(await screen.findByText('Average: 3,126.25')).toBeInTheDocument()
})

test('a page of 1,000 rows renders only the rows in view', async () => {
  render(<ThousandRows />)
  expect(await screen.findByText('WH-E001')).toBeInTheDocument()
  expect(document.querySelector('.ant-table-tbody-virtual')).not.toBeNull()
  const drawn = document.querySelectorAll('.ant-table-tbody-virtual .ant-table-row').length
  expect(drawn).toBeGreaterThan(0)
  expect(drawn).toBeLessThan(100)
  expect(screen.queryByText('WH-E1000')).toBeNull()
})
