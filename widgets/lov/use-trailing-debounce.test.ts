import { renderHook } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { LOV_POPUP_DEBOUNCE_MS } from './LovModal'
import { LOV_INLINE_DEBOUNCE_MS } from './LovPicker'
import { useTrailingDebounce } from './use-trailing-debounce'

afterEach(() => vi.useRealTimers())

test('CORE-LOV-02/05: inline search waits 800 ms, popup search 200 ms', () => {
  expect(LOV_INLINE_DEBOUNCE_MS).toBe(800)
  expect(LOV_POPUP_DEBOUNCE_MS).toBe(200)
})

test('one run per pause, with the last arguments; nothing runs after unmount', () => {
  vi.useFakeTimers()
  const run = vi.fn()
  const { result, unmount } = renderHook(() => useTrailingDebounce(run, LOV_POPUP_DEBOUNCE_MS))
  result.current('a')
  vi.advanceTimersByTime(150)
  result.current('ab')
  vi.advanceTimersByTime(199)
  expect(run).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(run).toHaveBeenCalledTimes(1)
  expect(run).toHaveBeenCalledWith('ab')
  result.current('abc')
  unmount()
  vi.advanceTimersByTime(1000)
  expect(run).toHaveBeenCalledTimes(1)
})
