import { useEffect, useState } from 'react'
import { fillPath, useReloadWhenShown, useRendererEnv, type DashboardCardSpec } from '../../renderer/index'

export interface AggregateRow {
  key: string | number | boolean | null
  value: number
}

export type AggregateState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; rows: AggregateRow[] }

/** GET <card dataSource path>/aggregate?measure=&field=&groupBy=&<filters> (server/README.md). */
export function useAggregate(card: DashboardCardSpec, params: Record<string, string>): AggregateState {
  const env = useRendererEnv()
  const [state, setState] = useState<AggregateState>({ status: 'loading' })
  const source = card.dataSource
  const key = JSON.stringify([
    source,
    card.measure,
    card.field,
    card.groupBy,
    card.order,
    card.filters,
    params,
  ])
  // Shown again after data was written elsewhere: computed again (the figure stays until the new one comes).
  const [attempt, setAttempt] = useState(0)
  const markLoaded = useReloadWhenShown(() => setAttempt((n) => n + 1))
  useEffect(() => {
    if (!source) return
    let live = true
    markLoaded()
    if (attempt === 0) setState({ status: 'loading' })
    env
      .request<AggregateRow[]>({
        method: 'GET',
        service: source.service,
        path: `${fillPath(source.path, { user: env.user, params })}/aggregate`,
        params: {
          ...card.filters,
          measure: card.measure ?? 'count',
          field: card.field,
          groupBy: card.groupBy,
          order: card.order,
        },
        silent: true,
      })
      .then(
        (rows) => live && setState({ status: 'ready', rows }),
        (error: unknown) =>
          live &&
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      live = false
    }
    // `key` stands for the card's query: the objects themselves are new on every render of a parsed page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [env, key, attempt, markLoaded])
  return state
}
