import { composeStories } from '@storybook/react-vite'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DataTable.stories'
import { TABLE_RESIZE_DELAY_MS, tableBodyHeight } from './use-table-height'

const { Rows, Empty, Summary, Average, ThousandRows, ColumnFilters, Editable, EditableValidated } =
  composeStories(stories, preview)

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

const openFilter = async (title: string) => {
  const header = screen.getAllByText(title)[0]?.closest('th') as HTMLElement
  await userEvent.click(header.querySelector('.ant-table-filter-trigger') as HTMLElement)
  return screen.findByRole('group', { name: `Filter ${title}` })
}

test('CORE-TBL-07: fuzzy (1) sends a LIKE condition for the column', async () => {
  render(<ColumnFilters />)
  const box = await openFilter('Warehouse code')
  await userEvent.type(within(box).getByRole('textbox', { name: 'Text contained' }), 'E00')
  await userEvent.click(within(box).getByRole('button', { name: 'Filter' }))
  expect(ColumnFilters.args.onFilter).toHaveBeenLastCalledWith([
    { fieldCode: 'warehouseCode', fieldType: 'string', operateCode: 'LIKE', fieldValue: 'E00' },
  ])
})

test('CORE-TBL-07/08: exact (2) and exclude (3) send the values as an array, commas kept', async () => {
  render(<ColumnFilters />)
  let box = await openFilter('Warehouse type')
  await userEvent.click(within(box).getByText('Exact'))
  await userEvent.type(within(box).getByRole('textbox', { name: /Type a value/ }), 'COLD{enter}BONDED{enter}')
  await userEvent.click(within(box).getByRole('button', { name: 'Filter' }))
  expect(ColumnFilters.args.onFilter).toHaveBeenLastCalledWith([
    { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'IN', fieldValue: ['COLD', 'BONDED'] },
  ])
  box = await openFilter('Warehouse code')
  await userEvent.click(within(box).getByText('Exclude'))
  await userEvent.type(within(box).getByRole('textbox', { name: /Type a value/ }), 'WH-E001, WH-E002{enter}')
  await userEvent.click(within(box).getByRole('button', { name: 'Filter' }))
  // both columns filter together; the code filter's one value keeps its comma
  expect(ColumnFilters.args.onFilter).toHaveBeenLastCalledWith([
    {
      fieldCode: 'warehouseCode',
      fieldType: 'string',
      operateCode: 'NOT_IN',
      fieldValue: ['WH-E001, WH-E002'],
    },
    { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'IN', fieldValue: ['COLD', 'BONDED'] },
  ])
})

test('columns without a filter in the page have no header filter', () => {
  render(<ColumnFilters />)
  const header = screen.getAllByText('Address')[0]?.closest('th') as HTMLElement
  expect(header.querySelector('.ant-table-filter-trigger')).toBeNull()
})

test('CORE-TBL-13: an editable cell hands its edits over; left empty it says "Please enter {name}"', async () => {
  const { container } = render(<Editable />)
  const codes = screen.getAllByRole('textbox', { name: 'Warehouse code' })
  expect(within(container).queryByRole('alert')).toBeNull()
  await userEvent.type(codes[1] as HTMLElement, 'X')
  expect(Editable.args.editing?.onCellChange).toHaveBeenLastCalledWith(
    expect.objectContaining({ warehouseCode: 'WH-E001' }),
    'warehouseCode',
    'WH-E001X',
  )
  await userEvent.click(codes[0] as HTMLElement)
  await userEvent.tab()
  expect(await screen.findByText('Please enter Warehouse code')).toBeInTheDocument()
})

test('CORE-TBL-13/14: after validation every empty required cell shows its message', async () => {
  const { container } = render(<EditableValidated />)
  expect(await screen.findByText('Please enter Warehouse code')).toBeInTheDocument()
  expect(screen.getByText('Please select Warehouse type')).toBeInTheDocument()
  // the filled lines show no message
  expect(within(container).getAllByRole('alert')).toHaveLength(2)
})

test('CORE-TBL-11: a table of a few rows scrolls within the window, its height recalculated 150 ms after a resize', () => {
  const resizeTo = (height: number) => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: height })
    window.dispatchEvent(new Event('resize'))
  }
  vi.useFakeTimers()
  try {
    resizeTo(900)
    render(<Rows />)
    expect(document.querySelectorAll('tr.ant-table-row').length).toBeLessThanOrEqual(100) // not virtualised
    const body = () => document.querySelector<HTMLElement>('.ant-table-body')
    expect(body()).not.toBeNull()
    expect(body()?.style.maxHeight).toBe(`${tableBodyHeight(0, 900)}px`)
    act(() => resizeTo(1200))
    act(() => void vi.advanceTimersByTime(TABLE_RESIZE_DELAY_MS - 1))
    expect(body()?.style.maxHeight).toBe(`${tableBodyHeight(0, 900)}px`)
    act(() => void vi.advanceTimersByTime(1))
    expect(body()?.style.maxHeight).toBe(`${tableBodyHeight(0, 1200)}px`)
  } finally {
    vi.useRealTimers()
  }
})
