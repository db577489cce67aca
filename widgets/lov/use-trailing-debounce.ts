import { useCallback, useEffect, useRef } from 'react'

/** Runs `run` once calls pause for `wait` ms (the last call's arguments win); pending calls die on unmount. */
export function useTrailingDebounce<A extends unknown[]>(run: (...args: A) => void, wait: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(run)
  latest.current = run
  useEffect(() => () => clearTimeout(timer.current), [])
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => latest.current(...args), wait)
    },
    [wait],
  )
}
