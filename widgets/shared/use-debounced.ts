import { useCallback, useRef } from 'react'

/** Action buttons run once per 1500 ms (CORE-TBL-12): repeated clicks within the window are ignored. */
export const ACTION_DEBOUNCE_MS = 1500

export function useLeadingDebounce<A extends unknown[]>(
  run: (...args: A) => void,
  wait = ACTION_DEBOUNCE_MS,
) {
  const last = useRef(new Map<string, number>())
  return useCallback(
    (key: string, ...args: A) => {
      const now = Date.now()
      const previous = last.current.get(key)
      if (previous !== undefined && now - previous < wait) return
      last.current.set(key, now)
      run(...args)
    },
    [run, wait],
  )
}
