import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DeliveryAreaMap.stories'
import { PROVINCE_GRID } from './province-grid'

const { ThreeWarehouses, LoadFailed } = composeStories(stories, preview)
const TIMEOUT = 60000
const tile = (container: HTMLElement, code: string) =>
  container.querySelector(`[data-province="${code}"]`) as SVGGElement

test('34 distinct tiles, coloured by the warehouse serving each province', { timeout: TIMEOUT }, async () => {
  expect(new Set(PROVINCE_GRID.map((p) => p.code)).size).toBe(34)
  expect(new Set(PROVINCE_GRID.map((p) => `${p.col},${p.row}`)).size).toBe(34)
  const { container } = render(<ThreeWarehouses />)
  await waitFor(() => expect(container.querySelectorAll('[data-province]')).toHaveLength(34))
  const fill = (code: string) => tile(container, code).querySelector('rect')?.getAttribute('fill')
  expect(tile(container, 'SH').dataset.warehouse).toBe('SH-DC')
  expect(tile(container, 'GD').dataset.warehouse).toBe('GZ-DC')
  expect(tile(container, 'XJ').dataset.warehouse).toBe('')
  expect(fill('SH')).toBe(fill('ZJ'))
  expect(fill('SH')).not.toBe(fill('GD'))
  expect(fill('SC')).toBe(fill('YN'))
  // Jiangsu is served by two warehouses: the first one's colour and "+1".
  expect(tile(container, 'JS')).toHaveTextContent('+1')
  await waitFor(() =>
    expect(tile(container, 'GD').getAttribute('aria-label')).toBe(
      'Guangdong: Guangzhou DC, ZTO, promised in 48 h',
    ),
  )
  expect(tile(container, 'GD').getAttribute('tabindex')).toBe('0')
  expect(tile(container, 'XJ').getAttribute('aria-label')).toMatch(/No warehouse delivers here/)
})

test(
  'focus shows the details; a warehouse chosen in the legend highlights its provinces',
  { timeout: TIMEOUT },
  async () => {
    const { container } = render(<ThreeWarehouses />)
    const view = within(container)
    await waitFor(() => expect(container.querySelectorAll('[data-province]')).toHaveLength(34))
    fireEvent.focus(tile(container, 'JS'))
    const detail = container.querySelector('[data-testid="ets-area-detail"]') as HTMLElement
    await waitFor(() => expect(detail).toHaveTextContent('Jiangsu'))
    expect(detail).toHaveTextContent('Shanghai DC')
    expect(detail).toHaveTextContent('Guangzhou DC')
    expect(detail).toHaveTextContent('JD · 48 h')
    await userEvent.click(view.getByRole('button', { name: 'Chengdu DC' }))
    const highlighted = [...container.querySelectorAll('[data-highlighted="true"]')].map(
      (g) => (g as SVGGElement).dataset.province,
    )
    expect(highlighted.sort()).toEqual(['CQ', 'GZ', 'SC', 'YN'])
    expect(tile(container, 'SH').getAttribute('opacity')).toBe('0.3')
    expect(tile(container, 'SC').getAttribute('opacity')).toBe('1')
    await userEvent.click(view.getByRole('button', { name: 'Chengdu DC' }))
    expect(container.querySelectorAll('[data-highlighted="true"]')).toHaveLength(0)
  },
)

test('the delivery area list is embedded below the map', { timeout: TIMEOUT }, async () => {
  const { container } = render(<ThreeWarehouses />)
  await waitFor(() => expect(container.querySelectorAll('tbody tr.ant-table-row').length).toBeGreaterThan(0))
})

test('a failed map call says so', { timeout: TIMEOUT }, async () => {
  const { container } = render(<LoadFailed />)
  expect(
    await within(container).findByText('Could not load the delivery areas: Database unavailable'),
  ).toBeInTheDocument()
})
