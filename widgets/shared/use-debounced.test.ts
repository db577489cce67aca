import { renderHook } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { ACTION_DEBOUNCE_MS, useLeadingDebounce } from './use-debounced'

afterEach(() => vi.useRealTimers())

test('CORE-TBL-12: repeated clicks within 1500 ms run the action once; after the window it runs again', () => {
  vi.useFakeTimers()
  const action = vi.fn()
  const { result } = renderHook(() => useLeadingDebounce(action))
  result.current('create', 'first')
  vi.advanceTimersByTime(ACTION_DEBOUNCE_MS - 1)
  result.current('create', 'again')
  expect(action).toHaveBeenCalledTimes(1)
  result.current('delete', 'other button') // each button has its own window
  expect(action).toHaveBeenCalledTimes(2)
  vi.advanceTimersByTime(1)
  result.current('create', 'later')
  expect(action.mock.calls).toEqual([['first'], ['other button'], ['later']])
  expect(ACTION_DEBOUNCE_MS).toBe(1500)
})
