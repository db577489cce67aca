import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './SearchBar.stories'

const { Warehouse, Collapsed, Defaults, TraditionalChinese, LongTexts, AreaByWarehouse } = composeStories(
  stories,
  preview,
)

test('search sends the non-empty conditions; reset clears them and searches again', async () => {
  render(<Warehouse />)
  await userEvent.type(screen.getByRole('textbox', { name: 'Warehouse code' }), 'WH')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() => expect(Warehouse.args.onSearch).toHaveBeenLastCalledWith({ warehouseCode: 'WH' }))
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
  await waitFor(() => expect(Warehouse.args.onSearch).toHaveBeenLastCalledWith({}))
  expect(screen.getByRole('textbox', { name: 'Warehouse code' })).toHaveValue('')
})

test('conditions beyond columns × rows wait behind "More"', async () => {
  render(<Collapsed />)
  expect(screen.getByRole('textbox', { name: 'Warehouse name' })).toBeInTheDocument()
  expect(screen.queryByRole('combobox', { name: 'Warehouse type' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'More' }))
  expect(await screen.findByRole('combobox', { name: 'Warehouse type' })).toBeInTheDocument()
})

const searches = () => vi.mocked(Warehouse.args.onSearch ?? vi.fn()).mock.calls.length

test('CORE-TBL-09: an invalid condition neither searches nor resets', async () => {
  render(<Warehouse />)
  const before = searches()
  const code = screen.getByRole('textbox', { name: 'Warehouse code' })
  await userEvent.type(code, 'wh e1!')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
  expect(
    await screen.findByText('Use capital letters, digits, _ and - only in the warehouse code'),
  ).toBeInTheDocument()
  expect(searches()).toBe(before)
  expect(code).toHaveValue('wh e1!')
})

test('CORE-TBL-10: by default 7 conditions per row and 1 row; the rest wait behind "More"', async () => {
  render(<Defaults />)
  const grid = screen.getByRole('search').querySelector('div[style*="grid-template-columns"]') as HTMLElement
  expect(grid.style.gridTemplateColumns).toBe('repeat(7, minmax(0, 1fr))')
  expect(screen.getByRole('textbox', { name: 'Contact' })).toBeInTheDocument()
  expect(screen.queryByRole('textbox', { name: 'Contact phone' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'More' }))
  expect(await screen.findByRole('textbox', { name: 'Contact phone' })).toBeInTheDocument()
  await userEvent.click(screen.getByRole('button', { name: 'Less' }))
  await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Contact phone' })).toBeNull())
})

test('reset goes back to the values the page opened with (a filter named in the address), boxes and query alike', async () => {
  render(<Warehouse initialValues={{ warehouseCode: 'WH-E001' }} />)
  const code = screen.getByRole('textbox', { name: 'Warehouse code' })
  expect(code).toHaveValue('WH-E001')
  await userEvent.clear(code)
  await userEvent.type(code, 'WH-E00')
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
  await waitFor(() => expect(Warehouse.args.onSearch).toHaveBeenLastCalledWith({ warehouseCode: 'WH-E001' }))
  expect(code).toHaveValue('WH-E001')
})

test('zh_TW: condition labels from the page texts and the buttons in traditional Chinese', async () => {
  render(<TraditionalChinese />)
  expect(screen.getByRole('textbox', { name: '倉庫編碼' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: /查\s*詢/ })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: /重\s*置/ })).toBeInTheDocument()
})

test('long texts: the long label is shown whole and the long value kept and searched', async () => {
  render(<LongTexts />)
  const long = 'Warehouse name as registered with the customs office, including the bonded area suffix'
  const box = screen.getByRole('textbox', { name: long })
  expect(box).toHaveValue('Shanghai Waigaoqiao Free Trade Zone bonded logistics warehouse No. 3 (east)')
  expect(screen.getAllByText(long)[0]!.textContent).toBe(long)
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() =>
    expect(LongTexts.args.onSearch).toHaveBeenLastCalledWith({
      warehouseName: 'Shanghai Waigaoqiao Free Trade Zone bonded logistics warehouse No. 3 (east)',
    }),
  )
})

test('PLAT-WH: a new warehouse condition clears the area condition chosen for the old one', async () => {
  render(<AreaByWarehouse />)
  const choose = async (field: string, text: string) => {
    const picker = () => screen.getByRole('button', { name: `Choose ${field}` })
    await waitFor(() => expect(picker()).toBeEnabled())
    fireEvent.click(picker())
    fireEvent.doubleClick(await within(await screen.findByRole('dialog')).findByText(text))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  }
  await choose('Warehouse', 'Suzhou warehouse 3')
  await choose('Area', 'Suzhou warehouse 3 area 2')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() =>
    expect(AreaByWarehouse.args.onSearch).toHaveBeenLastCalledWith({ warehouseId: 1002, whareaId: 10022 }),
  )
  await choose('Warehouse', 'Hefei warehouse 6')
  expect(screen.queryByText('Suzhou warehouse 3 area 2')).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() => expect(AreaByWarehouse.args.onSearch).toHaveBeenLastCalledWith({ warehouseId: 1005 }))
}, 60_000)
