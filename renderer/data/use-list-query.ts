/**
 * Server-side paging for a list: query state, loading, the step-back rule (CORE-TBL-03) and clearing on
 * failure (CORE-TBL-06). The page number is reported through `onPageChange` so the page can keep it in the URL.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useReloadWhenShown } from './data-changes'
import type { PageResult } from './page-response'
import type { DataSource, ListQuery, Row } from './rest-data-source'

export interface ListState {
  rows: Row[]
  total: number
  loading: boolean
  error?: unknown
  query: ListQuery
}

/** A page beyond the first that came back empty (e.g. its last row was deleted): the query to load instead. */
export function stepBack(query: ListQuery, result: PageResult<Row>): ListQuery | undefined {
  return result.rows.length === 0 && query.page > 0 ? { ...query, page: query.page - 1 } : undefined
}

export interface ListQueryOptions {
  initial: ListQuery
  /** Called with the 0-based page whenever it changes (also after a step back). */
  onPageChange?(page: number): void
  /** A failed fetch (the data is already cleared). */
  onError?(error: unknown): void
}

export function useListQuery(dataSource: DataSource, options: ListQueryOptions) {
  const [state, setState] = useState<ListState>({ rows: [], total: 0, loading: true, query: options.initial })
  const latest = useRef(options)
  latest.current = options
  const ticket = useRef(0)
  // A kept-alive list shown again reloads its current query when data was written since it loaded.
  const markLoaded = useReloadWhenShown(() => void run(queryRef.current))

  const run = useCallback(
    async (query: ListQuery) => {
      markLoaded()
      const mine = ++ticket.current
      setState((s) => ({ ...s, query, loading: true }))
      try {
        const result = await dataSource.list(query)
        if (mine !== ticket.current) return
        const back = stepBack(query, result)
        if (back) return void run(back)
        setState({ rows: result.rows, total: result.total, loading: false, query })
        latest.current.onPageChange?.(query.page)
      } catch (error) {
        if (mine !== ticket.current) return
        setState({ rows: [], total: 0, loading: false, error, query })
        latest.current.onError?.(error)
      }
    },
    [dataSource, markLoaded],
  )

  const queryRef = useRef(state.query)
  queryRef.current = state.query
  useEffect(() => {
    void run(queryRef.current)
  }, [run])

  return {
    ...state,
    /** Loads with part of the query changed (filters reset the page to 0 unless `page` is given). */
    load: (change: Partial<ListQuery>) =>
      run({ ...queryRef.current, ...(change.filters ? { page: 0 } : {}), ...change }),
    reload: () => run(queryRef.current),
  }
}
