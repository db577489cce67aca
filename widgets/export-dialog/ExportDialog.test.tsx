import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ExportDialog.stories'

const {
  Default,
  WithoutConditions,
  ColumnsLoading,
  ColumnsFailed,
  ServerDefaultAsync,
  AsyncNotOffered,
  ServerRejects,
  FromTheWarehouseList,
} = composeStories(stories, preview)

const TIMEOUT = 60000
const dataCalls = () => currentStoryEnv().calls.filter((c) => c.params?.exportType === 'DATA')
const exportButton = () => screen.getByRole('button', { name: 'Export' })
const spinbutton = (name: string) => screen.getByLabelText(name)
const saved: string[] = []

beforeEach(() => {
  saved.length = 0
  // jsdom has no object URLs and does not navigate: record what the browser would save instead.
  URL.createObjectURL = vi.fn(() => 'blob:fixture')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})
afterEach(() => vi.restoreAllMocks())

async function ready() {
  expect(await screen.findByText('All columns')).toBeInTheDocument()
}

async function replace(box: HTMLElement, text: string) {
  await userEvent.clear(box)
  if (text) {
    await userEvent.click(box)
    await userEvent.paste(text)
  }
}

test(
  'opens with the spec defaults and asks for the column tree with the page filters (CORE-EXP-01, -02, -06)',
  { timeout: TIMEOUT },
  async () => {
    render(<Default />)
    await ready()
    expect(currentStoryEnv().calls[0]).toMatchObject({
      method: 'GET',
      service: 'wms',
      path: '/v1/1/warehouses',
      params: { warehouseType: 'COLD', warehouseName: 'Hefei', exportType: 'COLUMN' },
    })
    expect(screen.getByLabelText('File name')).toHaveValue('Warehouses')
    expect(spinbutton('Max rows per sheet')).toHaveValue('1048575')
    expect(spinbutton('Max sheets per file')).toHaveValue('5')
    expect(await screen.findByText('Single sheet')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked()
    expect(screen.getByText('Warehouse type: COLD')).toBeInTheDocument()
    expect(screen.getByText('Warehouse name: Hefei')).toBeInTheDocument()
    const remark = screen.getByText('Remark').closest('.ant-tree-treenode') as HTMLElement
    const code = screen.getByText('Warehouse code').closest('.ant-tree-treenode') as HTMLElement
    expect(code.querySelector('.ant-tree-checkbox-checked')).not.toBeNull()
    expect(remark.querySelector('.ant-tree-checkbox-checked')).toBeNull()
  },
)

test(
  'no column checked: warns "Please select at least one item" and sends nothing (CORE-EXP-03)',
  { timeout: TIMEOUT },
  async () => {
    render(<Default />)
    await ready()
    await userEvent.click(screen.getByText('All columns')) // partly checked → all
    await userEvent.click(screen.getByText('All columns')) // all → none
    await userEvent.click(exportButton())
    expect(currentStoryEnv().notices).toContainEqual({
      type: 'warning',
      message: 'Please select at least one item',
    })
    expect(dataCalls()).toEqual([])
  },
)

test(
  'rows per sheet must be 1…1048575 and sheets at least 1 (CORE-EXP-04, -05)',
  async () => {
    render(<Default />)
    await ready()
    const rowsMessage = 'Max rows per sheet must be a whole number from 1 to 1048575'
    for (const bad of ['0', '1048576', '1.5']) {
      await replace(spinbutton('Max rows per sheet'), bad)
      await userEvent.click(exportButton())
      expect(await screen.findByText(rowsMessage)).toBeInTheDocument()
    }
    await replace(spinbutton('Max sheets per file'), '0')
    await userEvent.click(exportButton())
    expect(
      await screen.findByText('Max sheets per file must be a whole number of at least 1'),
    ).toBeInTheDocument()
    expect(dataCalls()).toEqual([])
    await replace(spinbutton('Max sheets per file'), '1')
    for (const good of ['1', '1048575']) {
      await replace(spinbutton('Max rows per sheet'), good)
      await waitFor(() => expect(screen.queryByText(rowsMessage)).toBeNull())
    }
  },
  TIMEOUT,
)

test(
  'sync export sends the ids, the options and the filters, and saves the named file (CORE-EXP-11)',
  { timeout: TIMEOUT },
  async () => {
    const onClose = vi.fn()
    render(<Default onClose={onClose} />)
    await ready()
    await userEvent.click(exportButton())
    await waitFor(() => expect(saved).toEqual(['Warehouses.xlsx']))
    expect(dataCalls()).toHaveLength(1)
    expect(dataCalls()[0]).toMatchObject({
      method: 'GET',
      service: 'wms',
      path: '/v1/1/warehouses',
      responseType: 'download',
      params: {
        warehouseType: 'COLD',
        warehouseName: 'Hefei',
        exportType: 'DATA',
        ids: '2,3,4,5,6,7,8,9',
        fileName: 'Warehouses',
        fillerType: 'single-sheet',
        fileType: 'EXCEL2007',
        async: false,
        singleSheetMaxRow: 1048575,
        singleExcelMaxSheetNum: 5,
      },
    })
    expect(currentStoryEnv().notices).toContainEqual({ type: 'success', message: 'Exported Warehouses.xlsx' })
    expect(onClose).toHaveBeenCalled()
  },
)

test(
  'async export sends async=true and shows the returned uuid (CORE-EXP-12, -13)',
  { timeout: TIMEOUT },
  async () => {
    render(<Default />)
    await ready()
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
    await userEvent.click(exportButton())
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'success',
        message: 'Async export task submitted 5f0c2a8e-7d1b-4c3e-9a6f-2b8d4e1c0a93',
      }),
    )
    expect(dataCalls()[0]?.params).toMatchObject({ exportType: 'DATA', async: true, ids: '2,3,4,5,6,7,8,9' })
    expect(dataCalls()[0]?.responseType).toBeUndefined()
    expect(saved).toEqual([])
  },
)

test(
  'a server default mode hides the async choice and is sent (CORE-EXP-07)',
  { timeout: TIMEOUT },
  async () => {
    render(<ServerDefaultAsync />)
    await ready()
    expect(screen.queryByText('Async')).toBeNull()
    expect(screen.queryByRole('radio')).toBeNull()
    await userEvent.click(exportButton())
    await waitFor(() => expect(dataCalls()[0]?.params).toMatchObject({ async: true }))
  },
)

test(
  'no async offered: no async choice, the file downloads (CORE-EXP-08)',
  { timeout: TIMEOUT },
  async () => {
    render(<AsyncNotOffered />)
    await ready()
    expect(screen.queryByRole('radio')).toBeNull()
    await userEvent.click(exportButton())
    await waitFor(() => expect(saved).toEqual(['Warehouses.xlsx']))
    expect(dataCalls()[0]?.params).toMatchObject({ async: false })
  },
)

test(
  'the query condition can be switched off: no filters are sent (CORE-EXP-10)',
  { timeout: TIMEOUT },
  async () => {
    render(<Default />)
    await ready()
    await userEvent.click(screen.getByRole('switch', { name: 'Export the rows of the current search' }))
    await userEvent.click(exportButton())
    await waitFor(() => expect(dataCalls()).toHaveLength(1))
    expect(dataCalls()[0]?.params).not.toHaveProperty('warehouseType')
    expect(dataCalls()[0]?.params).not.toHaveProperty('warehouseName')
  },
)

test(
  "the page's fixed filters are sent whether or not the search is applied, and win over it",
  { timeout: TIMEOUT },
  async () => {
    render(<Default fixedFilters={{ warehouseType: 'NORMAL', enabledFlag: 1 }} />)
    await ready()
    await userEvent.click(exportButton())
    await waitFor(() => expect(dataCalls()).toHaveLength(1))
    expect(dataCalls()[0]?.params).toMatchObject({
      warehouseType: 'NORMAL',
      warehouseName: 'Hefei',
      enabledFlag: 1,
    })
    await userEvent.click(screen.getByRole('switch', { name: 'Export the rows of the current search' }))
    await userEvent.click(exportButton())
    await waitFor(() => expect(dataCalls()).toHaveLength(2))
    expect(dataCalls()[1]?.params).toMatchObject({ warehouseType: 'NORMAL', enabledFlag: 1 })
    expect(dataCalls()[1]?.params).not.toHaveProperty('warehouseName')
  },
)

test('without conditions the dialog says the whole list is exported', { timeout: TIMEOUT }, async () => {
  render(<WithoutConditions />)
  await ready()
  expect(screen.getByText('None (all rows)')).toBeInTheDocument()
  expect(currentStoryEnv().calls[0]?.params).toEqual({ exportType: 'COLUMN' })
})

test('while the columns load a spinner shows and Export is disabled', { timeout: TIMEOUT }, async () => {
  render(<ColumnsLoading />)
  expect(await screen.findByRole('dialog')).toBeInTheDocument()
  expect(document.querySelector('.ant-spin')).not.toBeNull()
  expect(exportButton()).toBeDisabled()
})

test(
  'a failed column load shows the server message and reloads on request',
  { timeout: TIMEOUT },
  async () => {
    render(<ColumnsFailed />)
    const alert = await within(await screen.findByRole('dialog')).findByRole('alert')
    expect(alert).toHaveTextContent(
      'Could not load the columns to export: Database unavailable, try again in a minute.',
    )
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }))
    await waitFor(() =>
      expect(currentStoryEnv().calls.filter((c) => c.params?.exportType === 'COLUMN')).toHaveLength(2),
    )
  },
)

test(
  'a refused export shows the server message and keeps the dialog open',
  { timeout: TIMEOUT },
  async () => {
    const onClose = vi.fn()
    render(<ServerRejects onClose={onClose} />)
    await ready()
    await userEvent.click(exportButton())
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'error',
        message: '30 rows match, but 1 sheets × 10 rows hold only 10: raise the rows per sheet.',
      }),
    )
    expect(onClose).not.toHaveBeenCalled()
    expect(saved).toEqual([])
  },
)

test(
  'the list toolbar Export opens the dialog with the page search and the page title as file name',
  { timeout: TIMEOUT },
  async () => {
    render(<FromTheWarehouseList />)
    await screen.findByText('WH-E001')
    const search = screen.getByRole('search')
    await userEvent.click(within(search).getByRole('textbox', { name: 'Warehouse name' }))
    await userEvent.paste('Hefei')
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('3 records in total')).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('All columns')).toBeInTheDocument()
    expect(within(dialog).getByText('Warehouse name: Hefei')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('File name')).toHaveValue('Warehouses')
    const { exportColumns, ...params } =
      currentStoryEnv().calls.find((c) => c.params?.exportType === 'COLUMN')?.params ?? {}
    expect(params).toEqual({ warehouseName: 'Hefei', exportType: 'COLUMN' })
    // issue 19: the screen's columns, as shown (the file is what the table shows)
    const shown = JSON.parse(String(exportColumns)) as Array<{ field: string; title: string }>
    expect(shown.slice(0, 3)).toEqual([
      { field: 'warehouseCode', title: 'Warehouse code' },
      { field: 'warehouseName', title: 'Warehouse name' },
      { field: 'warehouseType', title: 'Warehouse type', lookupCode: 'WMDM.WAREHOUSE_TYPE' },
    ])
  },
)
