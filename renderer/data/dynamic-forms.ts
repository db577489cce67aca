/**
 * Dynamic form definitions (GET dynamic-forms/{formCode}), cached for the session like Lov views: ten fields of
 * one form, or a form opened twice, read the definition once. Keyed by tenant, role level and language; a failed
 * read is forgotten (the next render tries again); a dynamic form saved in any page drops them all
 * (config-changes.ts), so the next render shows the new items.
 */
import type { DynamicFormDefinition } from '../contract/dynamic-form'
import { tenantPath } from '../contract/wire'
import type { RendererEnv } from '../env'

export interface DynamicFormLoader {
  load(formCode: string): Promise<DynamicFormDefinition>
  cached(formCode: string): DynamicFormDefinition | undefined
  clear(): void
}

export function createDynamicFormLoader(env: Pick<RendererEnv, 'request' | 'user'>): DynamicFormLoader {
  const promises = new Map<string, Promise<DynamicFormDefinition>>()
  const forms = new Map<string, DynamicFormDefinition>()
  const keyOf = (code: string) => `${env.user.tenantId}|${env.user.roleLevel}|${env.user.language}|${code}`
  return {
    cached: (code) => forms.get(keyOf(code)),
    clear() {
      promises.clear()
      forms.clear()
    },
    load(code) {
      const key = keyOf(code)
      const known = promises.get(key)
      if (known) return known
      const promise = env
        .request<DynamicFormDefinition>({
          method: 'GET',
          service: 'hpfm',
          path: tenantPath(env.user.roleLevel, env.user.tenantId, `/dynamic-forms/${encodeURIComponent(code)}`),
          // The field shows the failure itself, in place.
          silent: true,
        })
        .then(
          (form) => {
            forms.set(key, form)
            return form
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
