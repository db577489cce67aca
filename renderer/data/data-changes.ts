/**
 * Kept-alive pages show fresh data when shown again (issue 19: on hand stayed 18,616 after receiving 60 on
 * another tab). The client keeps its own record of writes: every successful write made through a page's
 * environment (any POST, PUT, PATCH or DELETE: a save, a delete, an action such as "receive") moves one
 * version on. A page notes the version each time it loads; when its tab is shown again it loads again only if
 * the version moved since — a page whose data cannot have changed in this browser does not refetch.
 * The version is global rather than per model because actions change other models (receiving changes stock).
 * @example const markLoaded = useReloadWhenShown(() => reload()); … markLoaded() when a load starts
 */
import { useCallback, useContext, useEffect, useRef } from 'react'
import type { RendererEnv } from '../env'
import { RendererContext } from '../runtime/context'

let version = 0

/** How many writes this browser tab has made (successful ones). */
export const dataVersion = (): number => version

/** Counts a write; for writes not made through a renderer environment (tests, the shell). */
export function noteDataWrite(): void {
  version += 1
}

/** `env` whose successful writes move the data version on. */
export function watchDataWrites(env: RendererEnv): RendererEnv {
  return {
    ...env,
    request: async (req) => {
      const result = await env.request(req)
      if ((req.method ?? 'GET').toUpperCase() !== 'GET') noteDataWrite()
      return result as never
    },
  }
}

/**
 * Calls `reload` when the page is shown again (its tab activated) and data was written since its last load.
 * Returns `markLoaded`, to call when a load starts. Pages without tabs (no `env.onPageShown`), and hooks used
 * outside a RendererProvider, never reload.
 */
export function useReloadWhenShown(reload: () => void): () => void {
  const env = useContext(RendererContext)?.env
  const loadedAt = useRef(version)
  const latest = useRef(reload)
  latest.current = reload
  useEffect(
    () =>
      env?.onPageShown?.(() => {
        if (version !== loadedAt.current) latest.current()
      }),
    [env],
  )
  return useCallback(() => {
    loadedAt.current = version
  }, [])
}
