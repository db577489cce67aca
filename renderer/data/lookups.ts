/**
 * Value lists for Select/Radio and read-only meanings. Codes asked for during one tick go out in ONE call
 * (GET /hpfm/v1/{tenantId}/lovs/value/batch?<CODE>=<CODE>&…); answers are cached per language.
 */
import type { LookupValue } from '../contract/wire'
import type { RendererEnv } from '../env'
import { tenantPath } from '../contract/wire'

export interface LookupLoader {
  load(code: string): Promise<LookupValue[]>
  /** Already-loaded values (synchronous), for renders after the first. */
  cached(code: string): LookupValue[] | undefined
}

interface Waiting {
  resolve(values: LookupValue[]): void
  reject(error: unknown): void
}

export function createLookupLoader(env: Pick<RendererEnv, 'request' | 'user'>): LookupLoader {
  const promises = new Map<string, Promise<LookupValue[]>>()
  const values = new Map<string, LookupValue[]>()
  let waiting = new Map<string, Waiting[]>()
  let scheduled = false
  const keyOf = (code: string) => `${env.user.language}|${code}`

  async function flush() {
    const batch = waiting
    waiting = new Map()
    scheduled = false
    const codes = [...batch.keys()]
    try {
      const body = await env.request<Record<string, LookupValue[] | undefined>>({
        method: 'GET',
        service: 'hpfm',
        path: tenantPath(env.user.roleLevel, env.user.tenantId, '/lovs/value/batch'),
        params: Object.fromEntries(codes.map((code) => [code, code])),
      })
      for (const code of codes) {
        const list = Array.isArray(body?.[code]) ? (body[code] as LookupValue[]) : []
        values.set(keyOf(code), list)
        batch.get(code)?.forEach((w) => w.resolve(list))
      }
    } catch (error) {
      // Forget the failure so a later render can try again.
      for (const code of codes) {
        promises.delete(keyOf(code))
        batch.get(code)?.forEach((w) => w.reject(error))
      }
    }
  }

  return {
    cached: (code) => values.get(keyOf(code)),
    load(code) {
      const key = keyOf(code)
      const known = promises.get(key)
      if (known) return known
      const promise = new Promise<LookupValue[]>((resolve, reject) => {
        const list = waiting.get(code) ?? []
        list.push({ resolve, reject })
        waiting.set(code, list)
      })
      promises.set(key, promise)
      if (!scheduled) {
        scheduled = true
        setTimeout(() => void flush(), 0)
      }
      return promise
    },
  }
}
