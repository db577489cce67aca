import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './SearchRange.stories'

const { Ranges, Filled, ChineseWithUserFormat } = composeStories(stories, preview)

test('a number range is sent as <name>From / <name>To; an open end is left out', async () => {
  render(<Ranges />)
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity From' }), '2.5')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() => expect(Ranges.args.onSearch).toHaveBeenLastCalledWith({ totalQuantityFrom: 2.5 }))
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity To' }), '10')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() =>
    expect(Ranges.args.onSearch).toHaveBeenLastCalledWith({ totalQuantityFrom: 2.5, totalQuantityTo: 10 }),
  )
})

test('a start after the end is refused with a message, and nothing is searched', async () => {
  vi.mocked(Ranges.args.onSearch!).mockClear()
  render(<Ranges />)
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity From' }), '9')
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity To' }), '3')
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  expect(await screen.findByText('Quantity: the start must not be after the end')).toBeInTheDocument()
  expect(Ranges.args.onSearch).not.toHaveBeenCalled()
})

test('date and datetime ranges show in the user format and are sent in the wire format', async () => {
  render(<Filled />)
  // The date and datetime pickers come first; the quantity's number inputs follow.
  const starts = screen.getAllByPlaceholderText('From').slice(0, 2)
  expect(starts.map((input) => (input as HTMLInputElement).value)).toEqual([
    '2026-05-01',
    '2026-05-01 00:00:00',
  ])
  await userEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() =>
    expect(Filled.args.onSearch).toHaveBeenLastCalledWith({
      expectedDateFrom: '2026-05-01',
      expectedDateTo: '2026-05-31',
      shippedAtFrom: '2026-05-01 00:00:00',
    }),
  )
  // Reset returns to the values the page opened with (the story's initial values), not to empty boxes.
  vi.mocked(Filled.args.onSearch!).mockClear()
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
  await waitFor(() =>
    expect(Filled.args.onSearch).toHaveBeenLastCalledWith({
      expectedDateFrom: '2026-05-01',
      expectedDateTo: '2026-05-31',
      shippedAtFrom: '2026-05-01 00:00:00',
    }),
  )
})

test('zh_CN with the user date format: Chinese labels, the filled range shown as DD/MM/YYYY', async () => {
  render(<ChineseWithUserFormat />)
  expect(screen.getAllByText('期望发货日期').length).toBeGreaterThan(0)
  expect(screen.getByDisplayValue('01/05/2026')).toBeInTheDocument()
  expect(screen.getByDisplayValue('31/05/2026')).toBeInTheDocument()
  expect(screen.getByDisplayValue('01/05/2026 00:00:00')).toBeInTheDocument()
})
