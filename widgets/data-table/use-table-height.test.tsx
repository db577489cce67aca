import { act, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { TABLE_RESIZE_DELAY_MS, tableBodyHeight, useTableHeight } from './use-table-height'

function Probe() {
  const ref = useRef<HTMLDivElement>(null)
  const height = useTableHeight(ref)
  return <div ref={ref} data-testid="probe" data-height={height} />
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const resizeTo = (height: number) => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height })
  window.dispatchEvent(new Event('resize'))
}

test('CORE-TBL-11: the height is recalculated 150 ms after resizing stops, not during', () => {
  resizeTo(900)
  const { getByTestId } = render(<Probe />)
  const shown = () => Number(getByTestId('probe').dataset.height)
  expect(shown()).toBe(tableBodyHeight(0, 900))
  act(() => resizeTo(1000))
  act(() => void vi.advanceTimersByTime(TABLE_RESIZE_DELAY_MS - 50))
  act(() => resizeTo(1100)) // still resizing: the timer starts again
  act(() => void vi.advanceTimersByTime(TABLE_RESIZE_DELAY_MS - 1))
  expect(shown()).toBe(tableBodyHeight(0, 900))
  act(() => void vi.advanceTimersByTime(1))
  expect(shown()).toBe(tableBodyHeight(0, 1100))
})

test('the body never shrinks below a usable height', () => {
  expect(tableBodyHeight(700, 600)).toBe(240)
  expect(TABLE_RESIZE_DELAY_MS).toBe(150)
})
