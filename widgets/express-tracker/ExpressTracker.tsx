import { useCallback, useEffect, useRef, useState } from 'react'
import {
  ApiError,
  fillPath,
  useLookup,
  usePageContext,
  useRendererEnv,
  type PageWidgetProps,
} from '../../renderer/index'
import { checkNumbers, ExpressSearch, type LabelOf, type SearchState, type TrackResult } from './ExpressView'

/**
 * The signed-in express query (/ets/express): waybill or order numbers → GET /ets/v1/{tenantId}/express/track,
 * one card per parcel with carrier, status, times, receiver and the timeline newest first. `?q=` in the URL
 * fills the box and runs the query, so a link to a parcel works.
 */
export function ExpressTracker({ search }: PageWidgetProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const carriers = useLookup('ETS.CARRIER').values
  const statuses = useLookup('ETS.SHIPMENT_STATUS').values
  const provinces = useLookup('ETS.PROVINCE').values
  const [state, setState] = useState<SearchState>({ phase: 'idle' })
  const seq = useRef(0)
  const initial = search?.get('q') ?? ''

  const labelOf: LabelOf = (code, value) => {
    if (!value) return ''
    const values = code === 'ETS.CARRIER' ? carriers : code === 'ETS.SHIPMENT_STATUS' ? statuses : provinces
    return values.find((v) => v.value === value)?.meaning ?? value
  }

  const run = useCallback(
    (text: string) => {
      const problem = checkNumbers(text, t)
      if (problem) return setState({ phase: 'error', message: problem })
      const mine = ++seq.current
      setState({ phase: 'loading' })
      env
        .request<TrackResult>({
          method: 'GET',
          service: 'ets',
          path: fillPath('/v1/{tenantId}/express/track', { user: env.user }),
          params: { q: text.trim() },
          silent: true,
        })
        .then(
          (result) => mine === seq.current && setState({ phase: 'done', result }),
          (error: unknown) =>
            mine === seq.current &&
            setState({
              phase: 'error',
              message:
                error instanceof ApiError
                  ? error.message
                  : t('ets.express.failed', {
                      message: error instanceof Error ? error.message : String(error),
                    }),
            }),
        )
    },
    [env, t],
  )

  useEffect(() => {
    if (initial.trim()) run(initial)
    // Only the query the page opened with runs by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial])

  return (
    <div style={{ padding: 16 }}>
      <ExpressSearch key={initial} initial={initial} state={state} onSearch={run} t={t} labelOf={labelOf} />
    </div>
  )
}
