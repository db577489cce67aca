/**
 * Editor rows → conditions (CORE-FLT-16…22). Rows keep their values in wire form already (dates as text,
 * multiple choices as arrays) so a saved templateContent reads back exactly as it was edited.
 */
import {
  LIST_VALUE_SEPARATOR,
  type FilterCondition,
  type FilterFieldConfig,
  type FilterRow,
  type OperatorCode,
} from '../../renderer/index'

/** Decimals of number filter values: INTEGER 0 (CORE-FLT-17), FLOAT 3 with step 0.001 (CORE-FLT-18). */
export const DECIMALS = { INTEGER: 0, FLOAT: 3 } as const

export const emptyRow = (): FilterRow => ({
  fieldCode: undefined,
  operateCode: undefined,
  fieldValue: undefined,
})

/** Empty, null, undefined, blank text and empty arrays are "no value"; 0 is a value (CORE-FLT-16, -21). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.some(hasValue)
  return true
}

/** Saving needs every row to name a field and an operator (CORE-FLT-23). */
export const rowsComplete = (rows: FilterRow[]) => rows.every((row) => !!row.fieldCode && !!row.operateCode)

function roundTo(value: number, decimals: number): string {
  const factor = 10 ** decimals
  return String(Math.round(value * factor) / factor)
}

/** One value in wire form: numbers rounded to the field's decimals; dates stay YYYY-MM-DD[ HH:mm:ss] text. */
export function wireValue(field: FilterFieldConfig, value: unknown): string | undefined {
  if (!hasValue(value)) return undefined
  if (Array.isArray(value)) {
    const parts = value.filter(hasValue).map((part) => wireValue(field, part))
    return parts.join(LIST_VALUE_SEPARATOR) // picked values joined by "," without spaces
  }
  if (field.fieldType === 'INTEGER' || field.fieldType === 'FLOAT') {
    const number = Number(value)
    if (!Number.isFinite(number)) return undefined
    return roundTo(number, DECIMALS[field.fieldType])
  }
  return String(value).trim()
}

/** The conditions to send: counted rows only, with lower-cased field types (CORE-FLT-22). */
export function buildConditions(rows: FilterRow[], fields: FilterFieldConfig[]): FilterCondition[] {
  return rows.flatMap((row) => {
    const field = fields.find((f) => f.fieldCode === row.fieldCode)
    if (!field || !row.operateCode) return []
    const fieldValue = wireValue(field, row.fieldValue)
    if (fieldValue === undefined) return []
    return [
      {
        fieldCode: field.fieldCode,
        fieldType: field.fieldType.toLowerCase(),
        operateCode: row.operateCode as OperatorCode,
        fieldValue,
      },
    ]
  })
}

/** Rows as saved (templateContent): field and operator, the value only when there is one. */
export function templateContent(rows: FilterRow[]): FilterRow[] {
  return rows.map((row) =>
    hasValue(row.fieldValue)
      ? { fieldCode: row.fieldCode, operateCode: row.operateCode, fieldValue: row.fieldValue }
      : { fieldCode: row.fieldCode, operateCode: row.operateCode },
  )
}
