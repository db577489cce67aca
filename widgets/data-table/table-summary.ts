import type { ColumnModel, Row } from '../../renderer/index'

/**
 * Footer values of the columns that ask for one (PLAT-TBL-11): sum or average of the numeric values of the
 * rows on the page; empty and non-numeric cells are left out (an average of no numbers is no value).
 */
export function summarise(columns: ColumnModel[], rows: Row[]): Map<string, number | undefined> {
  const result = new Map<string, number | undefined>()
  for (const column of columns) {
    if (!column.summary) continue
    const numbers = rows
      .map((row) => row[column.field])
      .filter((value) => value !== null && value !== undefined && value !== '')
      .map(Number)
      .filter(Number.isFinite)
    const sum = numbers.reduce((total, value) => total + value, 0)
    result.set(
      column.field,
      column.summary === 'sum' ? sum : numbers.length ? sum / numbers.length : undefined,
    )
  }
  return result
}
