import { useEffect, useState } from 'react'
import type { LovView } from '../contract/lov-view'
import { useRendererServices } from '../runtime/context'

export interface LovViewState {
  view?: LovView
  loading: boolean
  /** The definition could not be read: the picker still shows its value, without search (CORE-LOV-14). */
  failed: boolean
}

/** The Lov view `viewCode`, from the session cache (fetched once per tenant and language). */
export function useLovView(viewCode: string | undefined): LovViewState {
  const { lovViews, env } = useRendererServices()
  const cached = viewCode ? lovViews.cached(viewCode) : undefined
  const [state, setState] = useState<LovViewState>({ view: cached, loading: !cached && !!viewCode, failed: false })
  const { language, tenantId } = env.user
  useEffect(() => {
    if (!viewCode) return
    let live = true
    const known = lovViews.cached(viewCode)
    if (known) setState({ view: known, loading: false, failed: false })
    else {
      setState((s) => ({ ...s, loading: true }))
      lovViews.load(viewCode).then(
        (view) => live && setState({ view, loading: false, failed: false }),
        () => live && setState({ view: undefined, loading: false, failed: true }),
      )
    }
    return () => {
      live = false
    }
  }, [viewCode, lovViews, language, tenantId])
  return state
}
