/**
 * Search form values → list query parameters. A `search: "range"` field's [from, to] becomes
 * `<name>From` / `<name>To` (the model list's range bounds, both inclusive; an empty end is left out); every
 * other value travels under its own name. Empty values are dropped.
 */
import { stripEmpty } from '../data/paths'
import type { FieldSpec } from '../schema/page'

export function searchParams(
  fields: Record<string, FieldSpec> | undefined,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    if (fields?.[name]?.search === 'range') {
      const [from, to] = Array.isArray(value) ? (value as unknown[]) : []
      params[`${name}From`] = from
      params[`${name}To`] = to
    } else params[name] = value
  }
  return stripEmpty(params)
}
