import { useMemo } from 'react'

/**
 * Route params as a value that changes only when their content does: routers may hand over a new object on
 * every render, and a new object would rebuild the data source and refetch the list each time.
 */
export function useStableParams(params: Record<string, string>): Record<string, string> {
  const key = JSON.stringify(params)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content on purpose
  return useMemo(() => params, [key])
}
