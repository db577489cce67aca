/**
 * Table column header filters (CORE-TBL-07/08). A header filter is one more filter condition in the
 * `conditions` format every model list endpoint applies (filter-conditions.ts): fuzzy (1) → LIKE, exact (2) → IN,
 * exclude (3) → NOT_IN. CORE-TBL-08's separator: the picked values travel as a JSON array inside the JSON
 * `conditions` parameter, so the "token" between values is JSON's own element boundary — no character a user can
 * type (comma, space, anything) is ever split on, on either side.
 */
import type { FilterCondition, FilterFieldType, OperatorCode } from './filter-conditions'

export const COLUMN_FILTER_MODES = { fuzzy: 1, exact: 2, exclude: 3 } as const
export type ColumnFilterMode = (typeof COLUMN_FILTER_MODES)[keyof typeof COLUMN_FILTER_MODES]

const OPERATOR_OF: Record<ColumnFilterMode, OperatorCode> = { 1: 'LIKE', 2: 'IN', 3: 'NOT_IN' }

/** The filter of one column: a mode and the values typed or picked. */
export interface ColumnFilterValue {
  mode: ColumnFilterMode
  values: string[]
}

/** Model-field facts that decide whether (and how) a field can be filtered. */
export interface FilterableField {
  type: string
  filterable?: boolean
  searchable?: unknown
  sortable?: boolean
}

/**
 * The filter type of a model field, or undefined when the list endpoint refuses conditions on it: `filterable`
 * when set, else every searchable or sortable field; json fields never.
 */
export function filterTypeOfField(field: FilterableField): FilterFieldType | undefined {
  const allowed = field.filterable ?? (field.searchable !== undefined || field.sortable === true)
  if (!allowed) return undefined
  const byType: Record<string, FilterFieldType> = {
    string: 'STRING',
    text: 'STRING',
    integer: 'INTEGER',
    decimal: 'FLOAT',
    date: 'DATE',
    datetime: 'DATETIME',
    flag: 'FLAG',
    boolean: 'FLAG',
  }
  return byType[field.type]
}

/** Modes a column of this type offers: fuzzy only where the server matches text (LIKE on strings and datetimes). */
export function columnFilterModes(fieldType: FilterFieldType): ColumnFilterMode[] {
  return fieldType === 'STRING' || fieldType === 'DATETIME' ? [1, 2, 3] : [2, 3]
}

/**
 * The condition of one column filter, or undefined when it filters nothing (no non-blank value).
 * @example columnFilterCondition('warehouseCode', 'STRING', { mode: 3, values: ['A,1'] })
 *   // { fieldCode: 'warehouseCode', fieldType: 'string', operateCode: 'NOT_IN', fieldValue: ['A,1'] }
 */
export function columnFilterCondition(
  fieldCode: string,
  fieldType: FilterFieldType,
  filter: ColumnFilterValue,
): FilterCondition | undefined {
  const values = [...new Set(filter.values.map((v) => v.trim()).filter(Boolean))]
  const [first] = values
  if (first === undefined) return undefined
  const operateCode = OPERATOR_OF[filter.mode]
  return {
    fieldCode,
    fieldType: fieldType.toLowerCase(),
    operateCode,
    fieldValue: operateCode === 'LIKE' ? first : values,
  }
}
