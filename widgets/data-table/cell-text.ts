/**
 * Table cells of widgets with a plain-text rendering (`cellText` in the registry): each column's formatter is
 * resolved once — value sets included, asked for once per column, not once per cell — and each cell's text is
 * memoised per value and column (a date is parsed once per distinct value). A cell is its text, as in a plain
 * antd table: no component and no extra element per cell, so a 10,000-row table scrolls at antd's pace.
 */
import { useEffect, useMemo, useState } from 'react'
import {
  displayFormat,
  useRendererServices,
  type ColumnModel,
  type LookupValue,
  type WidgetRegistry,
} from '../../renderer/index'

/** Distinct values kept per column before the cache starts over (a page holds at most a few thousand). */
const CELLS_PER_COLUMN = 5000

const meaningMaps = new WeakMap<LookupValue[], ReadonlyMap<string, string>>()

/** value → meaning, the first entry of a value winning (as `values.find` does in the read-pretty component). */
function meaningsOf(values: LookupValue[]): ReadonlyMap<string, string> {
  let map = meaningMaps.get(values)
  if (!map) {
    const built = new Map<string, string>()
    for (const v of values) {
      const key = String(v.value)
      if (!built.has(key) && v.meaning !== undefined && v.meaning !== null) built.set(key, v.meaning)
    }
    map = built
    meaningMaps.set(values, map)
  }
  return map
}

/** field → cell renderer, for the columns whose widget has a `cellText`; others are absent (use readPretty). */
export function useCellTexts(
  columns: ColumnModel[],
  registry: WidgetRegistry,
): ReadonlyMap<string, (value: unknown) => string> {
  const { lookups, env } = useRendererServices()
  const { language, dateFormat, dateTimeFormat, quantityPrecision } = env.user
  const [loaded, setLoaded] = useState(0)
  const { cells, missing } = useMemo(() => {
    const missing = new Set<string>()
    const context = {
      meanings(code: string) {
        const values = lookups.cached(code)
        if (!values) missing.add(code)
        return values && meaningsOf(values)
      },
      dateFormat: displayFormat(dateFormat, 'YYYY-MM-DD'),
      dateTimeFormat: displayFormat(dateTimeFormat, 'YYYY-MM-DD HH:mm:ss'),
      quantityPrecision,
    }
    const cells = new Map<string, (value: unknown) => string>()
    for (const column of columns) {
      const cellText = registry.has(column.widget) ? registry.get(column.widget).cellText : undefined
      if (!cellText) continue
      const format = cellText(column.spec, context)
      const memo = new Map<unknown, string>()
      cells.set(column.field, (value) => {
        let cell = memo.get(value)
        if (cell === undefined) {
          if (memo.size >= CELLS_PER_COLUMN) memo.clear()
          cell = format(value)
          memo.set(value, cell)
        }
        return cell
      })
    }
    return { cells, missing }
    // `loaded` and `language` change what `lookups.cached` answers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, registry, lookups, language, dateFormat, dateTimeFormat, quantityPrecision, loaded])
  useEffect(() => {
    if (!missing.size) return
    let live = true
    // one batched request for every value set of the table; a failed one shows the raw values
    void Promise.allSettled([...missing].map((code) => lookups.load(code))).then(
      (results) => live && results.some((r) => r.status === 'fulfilled') && setLoaded((n) => n + 1),
    )
    return () => {
      live = false
    }
  }, [missing, lookups])
  return cells
}
