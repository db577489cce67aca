/**
 * Issue 19's pickers: the typed text of an SQL view goes to lovs/data as `keyword` (code, name and barcode are
 * searched, not the display field alone), an opened dropdown lists the first page before anything is typed, and
 * a click on a popup row selects it.
 */
import { composeStories } from '@storybook/react-vite'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './Lov.stories'

const { GoodsBySqlView, ManyRows } = composeStories(stories, preview)

afterEach(() => vi.useRealTimers())

const calls = (path: string) => currentStoryEnv().calls.filter((c) => c.path === path)
const formValues = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const ready = async (name: string) => {
  const button = await screen.findByRole('button', { name: `Choose ${name}` })
  await waitFor(() => expect(button).toBeEnabled())
  return button
}

test('a goods picker finds the goods by its SKU code and by its barcode (keyword), and the option is chosen by a click', async () => {
  render(<GoodsBySqlView />)
  await ready('Goods')
  vi.useFakeTimers()
  const input = screen.getByRole('combobox', { name: 'Goods' })
  fireEvent.change(input, { target: { value: 'SKU00003' } })
  act(() => vi.advanceTimersByTime(800))
  vi.useRealTimers()
  const searches = calls('/v1/1/lovs/data').filter((c) => c.params?.keyword)
  expect(searches.at(-1)?.params).toEqual({ keyword: 'SKU00003', lovCode: 'WINV.GOODS', page: 0, size: 10 })
  fireEvent.click(await screen.findByText('Toothpaste 120g'))
  await waitFor(() =>
    expect(formValues()).toMatchObject({ goodsId: 503, goodsCode: 'SKU00003', goodsName: 'Toothpaste 120g' }),
  )

  vi.useFakeTimers()
  fireEvent.change(input, { target: { value: '6900000000002' } })
  act(() => vi.advanceTimersByTime(800))
  vi.useRealTimers()
  fireEvent.click(await screen.findByText('Shower gel 750ml'))
  await waitFor(() => expect(formValues()).toMatchObject({ goodsId: 502, goodsCode: 'SKU00002' }))
})

test('opening a picker lists its first page at once, before anything is typed (no "No data")', async () => {
  render(<GoodsBySqlView />)
  await ready('Goods')
  const input = screen.getByRole('combobox', { name: 'Goods' })
  fireEvent.mouseDown(input)
  expect(await screen.findByText('Shampoo 500ml')).toBeInTheDocument()
  expect(screen.getByText('Tissues 3-ply')).toBeInTheDocument()
  expect(calls('/v1/1/lovs/data')[0]?.params).toEqual({ lovCode: 'WINV.GOODS', page: 0, size: 10 })
  expect(screen.queryByText('No data')).toBeNull()
  fireEvent.click(screen.getByText('Hand soap 300ml'))
  await waitFor(() => expect(formValues()).toMatchObject({ goodsId: 504, goodsCode: 'SKU00004' }))
})

test('a click on a popup row selects it (not only its radio box); OK then picks it', async () => {
  render(<ManyRows />)
  fireEvent.click(await ready('Warehouse'))
  const modal = await screen.findByRole('dialog')
  const cell = await within(modal).findByText('Suzhou warehouse 3')
  const ok = within(modal).getByRole('button', { name: 'OK' })
  expect(ok).toBeDisabled()
  fireEvent.click(cell)
  const row = cell.closest('tr') as HTMLElement
  await waitFor(() => expect(within(row).getByRole('radio')).toBeChecked())
  expect(ok).toBeEnabled()
  fireEvent.click(within(modal).getByText('Shanghai warehouse 1'))
  await waitFor(() => expect(within(row).getByRole('radio')).not.toBeChecked())
  fireEvent.click(cell)
  fireEvent.click(ok)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(formValues()).toMatchObject({ warehouseId: 1002, warehouseName: 'Suzhou warehouse 3' })
}, 60_000)
