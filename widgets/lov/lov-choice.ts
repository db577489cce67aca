/**
 * What a choice writes into the form: the value (valueField of the row, or of each row for MulLov), the display
 * text into the mapping's textField (MulLov: joined by ","), and the mapped fields from the chosen row.
 */
import type { LovRow, LovView } from '../../renderer/index'

export interface LovMapping {
  textField?: string
  fill?: Record<string, string>
  valueField?: string
  displayField?: string
  /**
   * Query parameter → field of the same form whose value is sent with every query (organisation →
   * warehouse → area narrowing); an empty field sends nothing.
   */
  params?: Record<string, string>
}

/** The values `mapping.params` sends, read from the form now, as text (empty ones left out; SQL views take text only). */
export function paramValues(
  mapping: LovMapping | undefined,
  values: Record<string, unknown> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [param, field] of Object.entries(mapping?.params ?? {})) {
    const value = values?.[field]
    if (value !== undefined && value !== null && value !== '') out[param] = String(value)
  }
  return out
}

export interface LovFields {
  valueField: string
  displayField: string
}

export function lovFields(view: LovView | undefined, mapping: LovMapping | undefined): LovFields {
  return {
    valueField: mapping?.valueField ?? view?.valueField ?? 'value',
    displayField: mapping?.displayField ?? view?.displayField ?? 'meaning',
  }
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

export const keyOf = (row: LovRow, fields: LovFields) => text(row[fields.valueField])
export const labelOf = (row: LovRow, fields: LovFields) =>
  text(row[fields.displayField]) || keyOf(row, fields)

/** Form path → value for a choice of `rows` (none: everything cleared). */
export function choiceValues(
  rows: LovRow[],
  fields: LovFields,
  mapping: LovMapping | undefined,
  multiple: boolean,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  if (mapping?.textField)
    values[mapping.textField] = rows.length ? rows.map((row) => labelOf(row, fields)).join(',') : null
  for (const [field, rowField] of Object.entries(mapping?.fill ?? {}))
    values[field] = multiple
      ? rows.map((row) => row[rowField]).join(',') || null
      : (rows[0]?.[rowField] ?? null)
  return values
}
