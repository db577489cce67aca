import { composeStories } from '@storybook/react-vite'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { LOV_PAGE_SIZE_OPTIONS } from '../../renderer/index'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './Lov.stories'

const {
  Empty,
  Loading,
  WithValue,
  ReadOnly,
  ServerError,
  DefinitionUnavailable,
  ManyRows,
  OneResult,
  NarrowedByOrganisation,
  AreaByWarehouse,
  ValueWithoutText,
  ReadOnlyWithoutText,
  InChinese,
  Untitled,
} = composeStories(stories, preview)

afterEach(() => vi.useRealTimers())

const calls = (path: string) => currentStoryEnv().calls.filter((c) => c.path === path)
const dataCalls = () => calls('/v1/1/warehouses/accessibleList')
const formValues = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const openButton = async () => {
  const button = await screen.findByRole('button', { name: 'Choose Warehouse' })
  await waitFor(() => expect(button).toBeEnabled())
  return button
}
const dialog = () => screen.findByRole('dialog')

test('CORE-LOV-03/04/07/09: the popup (720 wide) lists the view; a double-click picks the row and fills the mapped fields', async () => {
  render(<ManyRows />)
  fireEvent.click(await openButton())
  const modal = await dialog()
  expect(within(modal).getByText('Choose a warehouse')).toBeInTheDocument()
  expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '720px' })
  expect(await within(modal).findByText('Shanghai warehouse 1')).toBeInTheDocument()
  expect(within(modal).getByText('180 records in total')).toBeInTheDocument()
  expect(within(modal).getByText('50 / page')).toBeInTheDocument()
  expect(modal.querySelectorAll('tr.ant-table-row')).toHaveLength(50)
  expect(dataCalls()[0]?.params).toEqual({ lovCode: 'WMDM.WAREHOUSE', page: 0, size: 50 })

  fireEvent.doubleClick(within(modal).getByText('Suzhou warehouse 3'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(formValues()).toMatchObject({
    warehouseId: 1002,
    warehouseName: 'Suzhou warehouse 3',
    warehouseCode: 'WH-E003',
  })
  expect(screen.getByText('Suzhou warehouse 3')).toBeInTheDocument()
}, 60_000)

test('CORE-LOV-04: the page-size changer offers 10, 20 and 50 per page; choosing 20 asks the server for 20 from the first page', async () => {
  render(<ManyRows />)
  fireEvent.click(await openButton())
  const modal = await dialog()
  await within(modal).findByText('Shanghai warehouse 1')
  const changer = modal.querySelector('.ant-pagination-options .ant-select-selector')
  expect(changer).not.toBeNull()
  fireEvent.mouseDown(changer as Element)
  const options = await screen.findAllByRole('option')
  expect(options.map((option) => option.textContent)).toEqual(
    LOV_PAGE_SIZE_OPTIONS.map((size) => `${size} / page`),
  )
  expect(LOV_PAGE_SIZE_OPTIONS).toEqual([10, 20, 50])
  fireEvent.click(await screen.findByTitle('20 / page'))
  await waitFor(() => expect(modal.querySelectorAll('tr.ant-table-row')).toHaveLength(20))
  expect(dataCalls().at(-1)?.params).toEqual({ lovCode: 'WMDM.WAREHOUSE', page: 0, size: 20 })
  expect(within(modal).getByText('180 records in total')).toBeInTheDocument()
}, 60_000)

test('the popup searches by its query fields and pages on the server; the definition is fetched once per session', async () => {
  render(<ManyRows />)
  fireEvent.click(await openButton())
  let modal = await dialog()
  await within(modal).findByText('Shanghai warehouse 1')
  fireEvent.change(within(modal).getByLabelText('Warehouse name'), { target: { value: 'Ningbo' } })
  fireEvent.click(within(modal).getByText('Search'))
  await waitFor(() => expect(within(modal).queryByText('Shanghai warehouse 1')).toBeNull())
  expect(dataCalls().at(-1)?.params).toEqual({
    warehouseName: 'Ningbo',
    lovCode: 'WMDM.WAREHOUSE',
    page: 0,
    size: 50,
  })
  expect(within(modal).getByText('26 records in total')).toBeInTheDocument()

  fireEvent.click(within(modal).getByText('Cancel'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  fireEvent.click(await openButton())
  modal = await dialog()
  await within(modal).findByText('Shanghai warehouse 1')
  expect(calls('/v1/1/lov-view/info')).toHaveLength(1)
}, 60_000)

test('CORE-LOV-01/02: inline search asks the server once, after an 800 ms pause, and the option can be chosen', async () => {
  render(<Empty />)
  await openButton()
  vi.useFakeTimers()
  const input = screen.getByRole('combobox', { name: 'Warehouse' })
  fireEvent.change(input, { target: { value: 'Hef' } })
  act(() => vi.advanceTimersByTime(500))
  fireEvent.change(input, { target: { value: 'Hefei' } })
  act(() => vi.advanceTimersByTime(799))
  expect(dataCalls()).toHaveLength(0)
  act(() => vi.advanceTimersByTime(1))
  expect(dataCalls()).toHaveLength(1)
  expect(dataCalls()[0]?.params).toEqual({
    warehouseName: 'Hefei',
    lovCode: 'WMDM.WAREHOUSE',
    page: 0,
    size: 10,
  })
  vi.useRealTimers()
  fireEvent.click(await screen.findByText('Hefei warehouse 6'))
  await waitFor(() => expect(formValues()).toMatchObject({ warehouseId: 1005, warehouseCode: 'WH-E006' }))
})

test('CORE-LOV-08: an empty single picker whose query finds one row picks it without the popup', async () => {
  render(<OneResult />)
  fireEvent.click(await openButton())
  await waitFor(() =>
    expect(formValues()).toMatchObject({ warehouseId: 1000, warehouseName: 'Shanghai warehouse 1' }),
  )
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('with a value the picker shows the kept text, and the popup opens even for one row', async () => {
  render(<WithValue />)
  expect(await screen.findByText('Suzhou warehouse 3')).toBeInTheDocument()
  expect(screen.queryByText('1002')).toBeNull()
  fireEvent.click(await openButton())
  const modal = await dialog()
  await within(modal).findByText('Shanghai warehouse 1')
  expect(within(modal).getAllByRole('radio', { checked: true })).toHaveLength(1)
})

test('read-only shows the display text, not the id', async () => {
  render(<ReadOnly />)
  expect(await screen.findByText('Suzhou warehouse 3')).toBeInTheDocument()
  expect(screen.queryByText('1002')).toBeNull()
  expect(screen.queryByRole('button', { name: 'Choose Warehouse' })).toBeNull()
})

test('a failing query shows the server message inside the popup', async () => {
  render(<ServerError />)
  fireEvent.click(await openButton())
  const modal = await dialog()
  expect(
    await within(modal).findByText(
      'The list could not be loaded: The database is not available: try again in a minute',
    ),
  ).toBeInTheDocument()
})

test('CORE-LOV-14: a failed definition fetch is silent; the control still renders', async () => {
  render(<DefinitionUnavailable />)
  expect(await screen.findByText(/settings could not be read/)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Choose Warehouse' })).toBeDisabled()
  expect(currentStoryEnv().notices).toEqual([])
})

test('while the definition loads, the picker cannot open yet', () => {
  render(<Loading />)
  expect(screen.getByRole('button', { name: 'Choose Warehouse' })).toBeDisabled()
  expect(screen.getByRole('combobox', { name: 'Warehouse' })).toBeInTheDocument()
})

test('PLAT-WH: a picker narrowed by another field sends its value with every query, and nothing once it is empty', async () => {
  render(<NarrowedByOrganisation />)
  fireEvent.click(await openButton())
  const modal = await dialog()
  await waitFor(() => expect(dataCalls().length).toBeGreaterThan(0))
  expect(dataCalls().at(-1)?.params).toEqual({
    invOrganizationId: '7',
    lovCode: 'WMDM.WAREHOUSE',
    page: 0,
    size: 50,
  })
  // The list answers only that organisation's warehouses (12 of the 23).
  expect(await within(modal).findByText('12 records in total')).toBeInTheDocument()
  fireEvent.click(within(modal).getByText('Cancel'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  fireEvent.change(screen.getByRole('textbox', { name: 'Organisation id' }), { target: { value: '' } })
  fireEvent.click(await openButton())
  const all = await dialog()
  await waitFor(() =>
    expect(dataCalls().at(-1)?.params).toEqual({ lovCode: 'WMDM.WAREHOUSE', page: 0, size: 50 }),
  )
  expect(await within(all).findByText('23 records in total')).toBeInTheDocument()
}, 60_000)

const areaCalls = () => calls('/v1/1/whareas/accessibleList')
const openButtons = async () => {
  const warehouse = await screen.findByRole('button', { name: 'Choose Warehouse' })
  const area = await screen.findByRole('button', { name: 'Choose Area' })
  await waitFor(() => expect(area).toBeEnabled())
  return { warehouse, area }
}

test('PLAT-WH: a record loaded with its warehouse and area keeps the area, and the area popup lists that warehouse', async () => {
  render(<AreaByWarehouse />)
  expect(await screen.findByText('Suzhou warehouse 3 area 1')).toBeInTheDocument()
  expect(formValues()).toMatchObject({ whareaId: 10021, whareaName: 'Suzhou warehouse 3 area 1' })
  fireEvent.click((await openButtons()).area)
  const modal = await dialog()
  expect(await within(modal).findByText('3 records in total')).toBeInTheDocument()
  expect(areaCalls().at(-1)?.params).toEqual({
    warehouseId: '1002',
    lovCode: 'WINV.WHAREA',
    page: 0,
    size: 50,
  })
  expect(formValues()).toMatchObject({ whareaId: 10021 })
}, 60_000)

test('PLAT-WH: choosing another warehouse clears the area and its name; the next area popup asks for the new warehouse', async () => {
  render(<AreaByWarehouse />)
  await screen.findByText('Suzhou warehouse 3 area 1')
  fireEvent.click((await openButtons()).warehouse)
  const warehouses = await dialog()
  fireEvent.doubleClick(await within(warehouses).findByText('Hefei warehouse 6'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() =>
    expect(formValues()).toMatchObject({ warehouseId: 1005, whareaId: null, whareaName: null }),
  )
  expect(screen.queryByText('Suzhou warehouse 3 area 1')).toBeNull()

  fireEvent.click((await openButtons()).area)
  const areas = await dialog()
  expect(await within(areas).findByText('Hefei warehouse 6 area 2')).toBeInTheDocument()
  expect(within(areas).queryByText('Suzhou warehouse 3 area 1')).toBeNull()
  expect(areaCalls().at(-1)?.params).toEqual({
    warehouseId: '1005',
    lovCode: 'WINV.WHAREA',
    page: 0,
    size: 50,
  })
  fireEvent.doubleClick(within(areas).getByText('Hefei warehouse 6 area 2'))
  await waitFor(() =>
    expect(formValues()).toMatchObject({ whareaId: 10052, whareaName: 'Hefei warehouse 6 area 2' }),
  )
}, 60_000)

test('PLAT-WH: choosing the same warehouse again keeps the area', async () => {
  render(<AreaByWarehouse />)
  await screen.findByText('Suzhou warehouse 3 area 1')
  fireEvent.click((await openButtons()).warehouse)
  const warehouses = await dialog()
  fireEvent.doubleClick(await within(warehouses).findByText('Suzhou warehouse 3'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(formValues()).toMatchObject({ warehouseId: 1002, whareaId: 10021 })
  expect(screen.getByText('Suzhou warehouse 3 area 1')).toBeInTheDocument()
}, 60_000)

test('without a text field the picker and the read-only view show the name the view gives the id', async () => {
  render(<ValueWithoutText />)
  expect(await screen.findByText('Suzhou warehouse 3')).toBeInTheDocument()
  expect(screen.queryByText('1002')).toBeNull()
  expect(dataCalls().map((call) => call.params?.ids)).toEqual(['1002'])
})

test('read-only without a text field: the name, not the id', async () => {
  render(<ReadOnlyWithoutText />)
  expect(await screen.findByText('Hefei warehouse 6')).toBeInTheDocument()
  expect(screen.queryByText('1005')).toBeNull()
})

test('the open button names its field, so two pickers of a form are told apart; zh_CN and no title too', async () => {
  const { unmount } = render(<AreaByWarehouse />)
  expect(await screen.findByRole('button', { name: 'Choose Warehouse' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Choose Area' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Open the picker' })).toBeNull()
  unmount()
  const chinese = render(<InChinese />)
  expect(await screen.findByRole('button', { name: '选择发货仓库' })).toBeInTheDocument()
  chinese.unmount()
  render(<Untitled />)
  expect(await screen.findByRole('button', { name: 'Open the picker' })).toBeInTheDocument()
})
