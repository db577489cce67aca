/**
 * Names of Lov values for read-only fields that keep no text field (a table column or a read-only form showing
 * a warehouse or area id): the ids asked for while a page draws are collected and fetched in one call per view
 * (`ids=` on the view's list, at most 100 a call), then kept for the session. Every SQL view answers `ids`
 * (lovs/data), as do the accessible warehouse and area lists of the URL views; a value set answers all its
 * values, which name the ids as well. A view that refuses `ids`, a failed call or an id the
 * list does not answer leave the id shown, as before (a refusing view is not asked again). Keyed by tenant and language, like the definitions.
 */
import type { LovView } from '../contract/lov-view'
import { ApiError, type RendererEnv } from '../env'
import { queryLov } from './lov-query'

export const LOV_NAME_BATCH = 100

export interface LovNames {
  /** The known name of `key` (null: asked, none answered; undefined: not known yet). */
  cached(view: LovView, key: string): string | null | undefined
  /** Asks for the names of `keys` (batched with other asks of the same moment); resolves once they are known. */
  load(view: LovView, keys: string[]): Promise<void>
}

export function createLovNames(env: Pick<RendererEnv, 'request' | 'user'>): LovNames {
  const names = new Map<string, string | null>()
  const refused = new Set<string>()
  const pending = new Map<string, { view: LovView; keys: Set<string>; done: Promise<void> }>()
  const scope = (view: LovView) => `${env.user.tenantId}|${env.user.language}|${view.viewCode}`
  const nameKey = (view: LovView, key: string) => `${scope(view)}|${key}`

  const fetchNames = async (view: LovView, keys: string[]) => {
    for (let at = 0; at < keys.length; at += LOV_NAME_BATCH) {
      const chunk = keys.slice(at, at + LOV_NAME_BATCH)
      const page = await queryLov(env, view, { page: 0, size: chunk.length, extra: { ids: chunk.join(',') } })
      const answered = new Map(page.rows.map((row) => [String(row[view.valueField]), row[view.displayField]]))
      for (const key of chunk) {
        const name = answered.get(key)
        names.set(nameKey(view, key), name === undefined || name === null || name === '' ? null : String(name))
      }
    }
  }

  return {
    cached: (view, key) => names.get(nameKey(view, key)),
    load(view, keys) {
      if (refused.has(scope(view))) return Promise.resolve()
      const wanted = keys.filter((key) => !names.has(nameKey(view, key)))
      if (!wanted.length) return Promise.resolve()
      const id = scope(view)
      let batch = pending.get(id)
      if (!batch) {
        const keySet = new Set<string>()
        // Cells mounted in the same render ask before the timer fires: one call for all of them.
        const done = new Promise<void>((resolve) => setTimeout(resolve, 0))
          .then(() => {
            pending.delete(id)
            return fetchNames(view, [...keySet])
          })
          .catch((error: unknown) => {
            // A view that does not take ids (4xx) is not asked again this session; after a failure (5xx, no
            // network) a later page asks again. Either way the ids stay shown, as without a name.
            if (error instanceof ApiError && error.status >= 400 && error.status < 500) refused.add(id)
          })
        batch = { view, keys: keySet, done }
        pending.set(id, batch)
      }
      for (const key of wanted) batch.keys.add(key)
      return batch.done
    },
  }
}
