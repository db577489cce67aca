/**
 * Editable table cells (CORE-TBL-13/14): a required cell left empty says 'Please enter {name}', a required
 * choice (select, value list, switch, date) says 'Please select {name}' (common.validation.enter / .select).
 */
import type { ColumnModel, Row, TextResolver } from '../../renderer/index'

/** Widgets whose value is picked rather than typed: their empty message is "Please select". */
const PICKED = new Set([
  'Select',
  'MulSelect',
  'Lov',
  'MulLov',
  'Radio',
  'Checkbox',
  'Switch',
  'DatePicker',
  'DatetimePicker',
  'TimePicker',
])

export const isPickedWidget = (widget: string) => PICKED.has(widget)

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

/** The message of an empty required cell, or undefined when the cell is fine. */
export function cellError(column: ColumnModel, value: unknown, t: TextResolver): string | undefined {
  if (!column.spec.required || !isEmpty(value)) return undefined
  const key = isPickedWidget(column.widget) ? 'common.validation.select' : 'common.validation.enter'
  return t(key, { name: column.title })
}

/** Every failing cell of the rows, for a caller that must refuse to save: `${rowKey}:${field}` → message. */
export function invalidCells(
  columns: ColumnModel[],
  rows: Row[],
  rowKey: string,
  t: TextResolver,
): Map<string, string> {
  const errors = new Map<string, string>()
  for (const row of rows)
    for (const column of columns) {
      const message = cellError(column, row[column.field], t)
      if (message) errors.set(`${String(row[rowKey])}:${column.field}`, message)
    }
  return errors
}
