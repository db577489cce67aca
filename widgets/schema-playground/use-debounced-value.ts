import { useEffect, useState } from 'react'

/** `value`, once it has stopped changing for `wait` ms (the preview re-renders after typing pauses). */
export function useDebouncedValue<T>(value: T, wait: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait)
    return () => clearTimeout(timer)
  }, [value, wait])
  return settled
}
