import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './WarehousePrecision.stories'

const { TwoDecimals, WholeUnits, NoWarehouseConfig, EditableTwoDecimals } = composeStories(stories, preview)

const row = (code: string) => screen.getByText(code).closest('tr')!

test('quantity cells and the footer sum use the default warehouse precision', async () => {
  render(<TwoDecimals />)
  const red = within(row('SKU-RED'))
  expect(red.getByText('1,234.57')).toBeInTheDocument()
  expect(red.getByText('10.25')).toBeInTheDocument()
  expect(within(row('SKU-BLUE')).getByText('0.13')).toBeInTheDocument()
  expect(await screen.findByText('Total: 1,235.07')).toBeInTheDocument()
})

test('a whole-unit warehouse shows no decimals', () => {
  render(<WholeUnits />)
  expect(within(row('SKU-RED')).getByText('1,235')).toBeInTheDocument()
})

test('without a warehouse config the quantities keep 3 digits', () => {
  render(<NoWarehouseConfig />)
  expect(within(row('SKU-RED')).getByText('1,234.568')).toBeInTheDocument()
})

test('an editable quantity cell rounds to the warehouse precision', async () => {
  render(<EditableTwoDecimals />)
  const [box] = await screen.findAllByRole('spinbutton', { name: 'Quantity' })
  if (!box) throw new Error('no quantity cell')
  expect(box).toHaveAttribute('step', '0.01')
  await userEvent.clear(box)
  await userEvent.type(box, '7.456')
  await userEvent.tab()
  const calls = vi.mocked(EditableTwoDecimals.args.editing!.onCellChange).mock.calls
  expect(calls.at(-1)?.slice(1)).toEqual(['quantity', 7.46])
})
