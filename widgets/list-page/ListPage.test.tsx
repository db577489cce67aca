import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ListPage.stories'

const {
  Warehouses,
  WithoutDelete,
  Empty,
  StepsBack,
  WithDefaultFilter,
  SavedColumns,
  WithoutPersonalSettings,
  SearchInAddress,
  CoreWorkspaceSizes,
} = composeStories(stories, preview)
/** Pastes like a user would, without a keystroke per character (the antd table makes the DOM large). */
async function fill(box: HTMLElement, text: string) {
  await userEvent.click(box)
  await userEvent.paste(text)
}
const saveButton = () => screen.getByText('Save').closest('button') as HTMLElement
const FORM_TEST_TIMEOUT = 60000
const listCalls = () =>
  currentStoryEnv().calls.filter((c) => c.method === 'GET' && c.path === '/v1/1/warehouses')

test('shows the first page of rows, the total text and read-only cells', async () => {
  render(<Warehouses />)
  expect(await screen.findByText('WH-E001')).toBeInTheDocument()
  expect(screen.getByText('23 records in total')).toBeInTheDocument()
  expect(listCalls()[0]?.params).toEqual({ page: 0, size: 10 })
  const row = screen.getByText('WH-E001').closest('tr') as HTMLElement
  expect(await within(row).findByText('Normal')).toBeInTheDocument() // lookup meaning, not NORMAL
  expect(within(row).getByText('1,250.50')).toBeInTheDocument()
})

test(
  'search sends the filled conditions only',
  async () => {
    render(<Warehouses />)
    await screen.findByText('WH-E001')
    await fill(within(screen.getByRole('search')).getByRole('textbox', { name: 'Warehouse name' }), 'Hefei')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({ page: 0, size: 10, warehouseName: 'Hefei' }),
    )
    expect(await screen.findByText('3 records in total')).toBeInTheDocument()
  },
  FORM_TEST_TIMEOUT,
)

test(
  'create opens the drawer, requires fields and posts the form',
  async () => {
    render(<Warehouses />)
    await screen.findByText('WH-E001')
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }))
    const drawer = await screen.findByRole('dialog')
    await userEvent.click(saveButton())
    expect(await within(drawer).findByText('Please enter Warehouse code')).toBeInTheDocument()
    expect(within(drawer).getByText('Please select Warehouse type')).toBeInTheDocument()

    await fill(within(drawer).getByRole('textbox', { name: 'Warehouse code' }), 'WH-NEW')
    await fill(within(drawer).getByRole('textbox', { name: 'Warehouse name' }), 'New dock')
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Warehouse type' }))
    await userEvent.click(await screen.findByTitle('Cold storage'))
    await userEvent.click(saveButton())

    await waitFor(() =>
      expect(currentStoryEnv().calls.some((c) => c.method === 'POST' && c.path === '/v1/1/warehouses')).toBe(
        true,
      ),
    )
    const post = currentStoryEnv().calls.find((c) => c.method === 'POST' && c.path === '/v1/1/warehouses')
    expect(post?.data).toMatchObject({
      warehouseCode: 'WH-NEW',
      warehouseName: 'New dock',
      warehouseType: 'COLD',
      enabledFlag: 1,
    })
    expect(await screen.findByText('24 records in total')).toBeInTheDocument()
  },
  FORM_TEST_TIMEOUT,
)

test(
  'a duplicate code (409) is shown as a message and the input is kept',
  async () => {
    render(<Warehouses />)
    await screen.findByText('WH-E001')
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }))
    const drawer = await screen.findByRole('dialog')
    await fill(within(drawer).getByRole('textbox', { name: 'Warehouse code' }), 'WH-E001')
    await fill(within(drawer).getByRole('textbox', { name: 'Warehouse name' }), 'Copy')
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Warehouse type' }))
    await userEvent.click(await screen.findByTitle('Bonded'))
    await userEvent.click(saveButton())
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'error',
        message: 'Warehouse code WH-E001 already exists',
      }),
    )
    expect(within(drawer).getByRole('textbox', { name: 'Warehouse code' })).toHaveValue('WH-E001')
  },
  FORM_TEST_TIMEOUT,
)

test('delete asks for confirmation and sends the row', async () => {
  render(<Warehouses />)
  const row = (await screen.findByText('WH-E001')).closest('tr') as HTMLElement
  await userEvent.click(await within(row).findByRole('button', { name: 'Delete' }))
  await waitFor(() => expect(currentStoryEnv().confirms).toEqual(['Delete this warehouse?']))
  await waitFor(() => expect(currentStoryEnv().calls.some((c) => c.method === 'DELETE')).toBe(true))
  const remove = currentStoryEnv().calls.find((c) => c.method === 'DELETE')
  expect(remove?.data).toMatchObject({ warehouseId: 1000, objectVersionNumber: 1 })
  expect(await screen.findByText('22 records in total')).toBeInTheDocument()
})

test('a denied delete code removes the delete buttons, edit stays', async () => {
  render(<WithoutDelete />)
  const row = (await screen.findByText('WH-E001')).closest('tr') as HTMLElement
  expect(await within(row).findByRole('button', { name: 'Edit' })).toBeInTheDocument()
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull()
})

test('no rows: the empty state says what to do next', async () => {
  render(<Empty />)
  expect(await screen.findByText(/Change the search conditions and search again/)).toBeInTheDocument()
})

test('an empty page beyond the first steps back one page and keeps the page in the URL', async () => {
  render(<StepsBack />)
  expect(await screen.findByText('WH-E011')).toBeInTheDocument()
  expect(listCalls().map((c) => c.params?.page)).toEqual([2, 1])
  expect(currentStoryEnv().navigations).toContain('/wmdm/warehouse?pageNo=2')
})

test('CORE-FLT-05/06: in a menu tab the default template filters the list with its conditions', async () => {
  render(<WithDefaultFilter />)
  await waitFor(() =>
    expect(listCalls().at(-1)?.params).toEqual({
      page: 0,
      size: 10,
      conditions: JSON.stringify([
        { fieldCode: 'area', fieldType: 'float', operateCode: 'GREATER_THAN', fieldValue: '10000' },
      ]),
    }),
  )
  // 23 sample rows of 1,250.5 m² × n: those above 10,000 m² are n = 8…23
  expect(await screen.findByText('16 records in total')).toBeInTheDocument()
  expect(screen.getByText('Large sites')).toBeInTheDocument()
})

test('CORE-COL-06: saved columns are applied when the table opens', async () => {
  render(<SavedColumns />)
  await waitFor(() => {
    const titles = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim())
    expect(titles.slice(0, 3)).toEqual(['Warehouse code', 'Warehouse type', 'Warehouse name'])
    expect(titles).not.toContain('Address')
  })
  const calls = currentStoryEnv().calls.filter((c) => c.path === '/v1/1/cusz-infos/detail')
  expect(calls[0]?.params).toEqual({ userId: 1, cuszCode: 'wmdm.warehouse.table' })
})

test('filterTemplates: false and columnSettings: false switch both parts off', async () => {
  render(<WithoutPersonalSettings />)
  await screen.findByText('WH-E001')
  expect(screen.queryByText('Filter templates')).toBeNull()
  expect(screen.queryByRole('button', { name: /Columns/ })).toBeNull()
  expect(currentStoryEnv().calls.some((c) => c.path.includes('cusz'))).toBe(false)
})

test('a search field named in the address fills the search bar and filters the first load', async () => {
  render(<SearchInAddress />)
  expect(await screen.findByText('3 records in total')).toBeInTheDocument()
  expect(listCalls()[0]?.params).toEqual({ page: 0, size: 10, warehouseName: 'Hefei' })
  expect(within(screen.getByRole('search')).getByRole('textbox', { name: 'Warehouse name' })).toHaveValue(
    'Hefei',
  )
})

/** The size changer's options as the user sees them. */
async function sizeOptionsShown() {
  await screen.findByText('WH-E001')
  const changer = document.querySelector('.ant-pagination-options .ant-select-selector')
  expect(changer).not.toBeNull()
  await userEvent.click(changer as HTMLElement)
  const options = await screen.findAllByRole('option')
  return options.map((option) => option.textContent)
}

test('X-02 / PLAT-TBL-01: a warehouse list opens at 10 rows and offers 10, 20, 50 and 100 per page', async () => {
  render(<Warehouses />)
  expect(await sizeOptionsShown()).toEqual(['10 / page', '20 / page', '50 / page', '100 / page'])
  expect(listCalls()[0]?.params).toEqual({ page: 0, size: 10 })
})

test('X-02 / CORE-TBL-04: a core workspace list (the basic table) offers 10, 15, 20, 50, 80 and 100 per page', async () => {
  render(<CoreWorkspaceSizes />)
  expect(await sizeOptionsShown()).toEqual([
    '10 / page',
    '15 / page',
    '20 / page',
    '50 / page',
    '80 / page',
    '100 / page',
  ])
  await userEvent.click(screen.getByTitle('15 / page'))
  await waitFor(() => expect(listCalls().at(-1)?.params).toEqual({ page: 0, size: 15 }))
})
