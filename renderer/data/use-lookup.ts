import { useEffect, useState } from 'react'
import type { LookupValue } from '../contract/wire'
import { useRendererServices } from '../runtime/context'

export interface LookupState {
  values: LookupValue[]
  loading: boolean
}

/** The values of a value set (batched with every other code asked for in the same tick). */
export function useLookup(code: string | undefined): LookupState {
  const { lookups, env } = useRendererServices()
  const cached = code ? lookups.cached(code) : []
  const [state, setState] = useState<LookupState>({ values: cached ?? [], loading: !cached })
  const language = env.user.language
  useEffect(() => {
    if (!code) return
    let live = true
    const known = lookups.cached(code)
    // values already cached at the first render need no second render
    if (known) setState((now) => (now.values === known && !now.loading ? now : { values: known, loading: false }))
    else
      lookups.load(code).then(
        (values) => live && setState({ values, loading: false }),
        () => live && setState({ values: [], loading: false }),
      )
    return () => {
      live = false
    }
  }, [code, lookups, language])
  return state
}
