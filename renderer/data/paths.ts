/**
 * Fills a path template of the wire conventions: `{tenantId}` from the current role (a site-level role drops
 * the `/{tenantId}` segment), other `{name}` placeholders from route params, then from a row.
 */
import type { SessionUser } from '../env'

export interface PathValues {
  user: Pick<SessionUser, 'tenantId' | 'roleLevel'>
  params?: Record<string, string | number | undefined>
  row?: Record<string, unknown>
}

/** @example fillPath('/v1/{tenantId}/warehouses', { user }) → '/v1/7/warehouses' (site level: '/v1/warehouses') */
export function fillPath(template: string, values: PathValues): string {
  const withTenant =
    values.user.roleLevel === 'site'
      ? template.replace(/\/\{tenantId\}/g, '')
      : template.replace(/\{tenantId\}/g, String(values.user.tenantId))
  return withTenant.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values.params?.[name] ?? values.row?.[name]
    if (value === undefined || value === null || value === '') {
      throw new Error(
        `path '${template}' needs {${name}}, but neither the route params nor the row have it: add {${name}} to the route`,
      )
    }
    return encodeURIComponent(String(value))
  })
}

/** Drops null, undefined, '' and empty arrays from query parameters (wire rule for GET). */
export function stripEmpty(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  )
}
