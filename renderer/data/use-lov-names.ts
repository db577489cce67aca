import { useEffect, useState } from 'react'
import { useRendererServices } from '../runtime/context'
import { useLovView } from './use-lov-view'

/**
 * key → name of the Lov values `keys` of view `lovCode` (createLovNames: batched across the page, kept for the
 * session); a key not (yet) named is absent. Nothing is asked when `lovCode` is undefined.
 */
export function useLovNames(lovCode: string | undefined, keys: string[]): ReadonlyMap<string, string> {
  const { lovNames } = useRendererServices()
  const { view } = useLovView(lovCode)
  const [, setVersion] = useState(0)
  const keysText = keys.join(',')
  useEffect(() => {
    if (!view || !keysText) return
    let live = true
    void lovNames.load(view, keysText.split(',')).then(() => live && setVersion((v) => v + 1))
    return () => {
      live = false
    }
  }, [view, keysText, lovNames])
  const named = new Map<string, string>()
  if (view)
    for (const key of keys) {
      const name = lovNames.cached(view, key)
      if (name) named.set(key, name)
    }
  return named
}
