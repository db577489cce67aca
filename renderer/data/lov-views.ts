/**
 * Lov view definitions (lov-view/info), cached for the session: a picker opened twice, or ten pickers of the
 * same view on one page, fetch the definition once (the old platform re-fetched it on every open). Keyed by
 * tenant, role level and language, so a tenant or language switch reads the definition again. A failed fetch is
 * forgotten (a later open tries again) and never notified (CORE-LOV-14).
 */
import type { LovView } from '../contract/lov-view'
import { tenantPath } from '../contract/wire'
import type { RendererEnv } from '../env'

export interface LovViewLoader {
  load(viewCode: string): Promise<LovView>
  /** An already-loaded definition (synchronous), for renders after the first. */
  cached(viewCode: string): LovView | undefined
  /** Forgets every definition (a Lov view was saved, or the session ended). */
  clear(): void
}

export function createLovViewLoader(env: Pick<RendererEnv, 'request' | 'user'>): LovViewLoader {
  const promises = new Map<string, Promise<LovView>>()
  const views = new Map<string, LovView>()
  const keyOf = (code: string) => `${env.user.tenantId}|${env.user.roleLevel}|${env.user.language}|${code}`
  return {
    cached: (code) => views.get(keyOf(code)),
    clear() {
      promises.clear()
      views.clear()
    },
    load(code) {
      const key = keyOf(code)
      const known = promises.get(key)
      if (known) return known
      const promise = env
        .request<LovView>({
          method: 'GET',
          service: 'hpfm',
          path: tenantPath(env.user.roleLevel, env.user.tenantId, '/lov-view/info'),
          params: { viewCode: code },
          silent: true,
        })
        .then(
          (view) => {
            views.set(key, view)
            return view
          },
          (error: unknown) => {
            promises.delete(key)
            throw error
          },
        )
      promises.set(key, promise)
      return promise
    },
  }
}
