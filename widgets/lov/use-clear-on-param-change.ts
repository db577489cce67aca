/**
 * Dependent pickers: a Lov narrowed by other fields of its form (lovMapping.params, e.g. an area picker by the
 * warehouse) is cleared when the user changes one of those fields, since the chosen row may not belong to the
 * new value (an area of the old warehouse). Only a user's input counts (Formily's input-value change): loading a
 * record, a reset or a default filled in by code keep the value. Clearing is itself an input, so a chain
 * (warehouse → area → location) clears down the line.
 */
import { onFieldInputValueChange, onFieldValueChange, type Field } from '@formily/core'
import { useEffect, useRef } from 'react'
import type { LovMapping } from './lov-choice'

const asKey = (v: unknown) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v)

export function useClearOnParamChange(
  field: Field | undefined,
  mapping: LovMapping | undefined,
  clear: () => void,
) {
  const latestClear = useRef(clear)
  latestClear.current = clear
  const sources = [...new Set(Object.values(mapping?.params ?? {}))].sort()
  const sourcesKey = sources.join('\n')
  useEffect(() => {
    const form = field?.form
    if (!field || !form || !sources.length) return
    const id = `lov-params:${field.address.toString()}`
    // The last value of each source field, whoever set it: a user's change is compared with it, so choosing the
    // same warehouse again keeps the area.
    const seen = new Map(sources.map((name) => [name, asKey(form.getValuesIn(name))]))
    form.addEffects(id, () => {
      for (const name of sources) {
        // An input notifies its change before the value reaction runs (Formily batches onInput).
        onFieldInputValueChange(name, (source) => {
          const before = seen.get(name)
          const now = asKey(source.value)
          seen.set(name, now)
          if (before === now) return
          const own = asKey(field.value)
          if (own !== '') latestClear.current()
        })
        onFieldValueChange(name, (source) => seen.set(name, asKey(source.value)))
      }
    })
    return () => form.removeEffects(id)
    // sources is derived from sourcesKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, sourcesKey])
}
