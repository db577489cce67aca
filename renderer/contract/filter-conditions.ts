/**
 * Filter-template conditions and column personalisation on the wire (core-spec §3, §5, §7; DESIGN where the
 * spec is silent, see schemas/README.md "Filter conditions"). Pure: the browser builds conditions with it and
 * the server whitelists them with the same operator table, so both sides cannot drift.
 */

/**
 * Operators and their flags. The spec names flags only: "1" for single choices (Select, Lov), "3" for multiple
 * choices (MulSelect, MulLov), "1" or "2" for INTEGER / DATE / FLOAT; the codes are HZERO's comparators.
 * Flag "4" (text matching) is offered only where every operator is (CORE-FLT-15).
 */
export const FILTER_OPERATORS = [
  { code: 'EQUAL', flag: '1' },
  { code: 'NOT_EQUAL', flag: '1' },
  { code: 'GREATER_THAN', flag: '2' },
  { code: 'GREATER_THAN_OR_EQUAL_TO', flag: '2' },
  { code: 'LESS_THAN', flag: '2' },
  { code: 'LESS_THAN_OR_EQUAL_TO', flag: '2' },
  { code: 'IN', flag: '3' },
  { code: 'NOT_IN', flag: '3' },
  { code: 'LIKE', flag: '4' },
  { code: 'NOT_LIKE', flag: '4' },
  { code: 'START_WITH', flag: '4' },
  { code: 'END_WITH', flag: '4' },
] as const

export type OperatorCode = (typeof FILTER_OPERATORS)[number]['code']
export const OPERATOR_CODES: readonly OperatorCode[] = FILTER_OPERATORS.map((op) => op.code)

/** Field types of a filter field (CORE-DATA-06); sent lower-cased in a condition (CORE-FLT-22). */
export type FilterFieldType = 'STRING' | 'INTEGER' | 'FLOAT' | 'DATE' | 'DATETIME' | 'FLAG'
export const FILTER_FIELD_TYPES: readonly FilterFieldType[] = [
  'STRING',
  'INTEGER',
  'FLOAT',
  'DATE',
  'DATETIME',
  'FLAG',
]

export type FilterWidgetType =
  'Input' | 'InputNumber' | 'DatePicker' | 'DatetimePicker' | 'Select' | 'Lov' | 'MulSelect' | 'MulLov'

/** One filterable field, as config-field answers it (CORE-DATA-06). */
export interface FilterFieldConfig {
  fieldCode: string
  fieldAlias: string
  fieldLabel: string
  fieldType: FilterFieldType
  widgetType: FilterWidgetType
  /** Value-set code (Select, MulSelect) or Lov view code (Lov, MulLov). */
  content?: string
}

/** One condition the list endpoint applies (CORE-DATA-05). */
export interface FilterCondition {
  fieldCode: string
  /** Lower-cased FilterFieldType. */
  fieldType: string
  operateCode: OperatorCode
  /** Text; IN / NOT_IN take a comma-joined list ("a,b") or an array of texts. */
  fieldValue: string | number | Array<string | number>
}

/** Query parameter of every model list endpoint carrying the conditions as a JSON array. */
export const CONDITIONS_PARAM = 'conditions'
/** Separator of the values of IN / NOT_IN in a text fieldValue (X-17: picked values joined by ","). */
export const LIST_VALUE_SEPARATOR = ','
export const MAX_CONDITIONS = 30

/**
 * Operators offered for a field (CORE-FLT-12…15, precedence X-16): widget rules first, then type rules,
 * else every operator.
 * @example operatorsFor('Select', 'INTEGER') // ['EQUAL', 'NOT_EQUAL']
 */
export function operatorsFor(widgetType: string, fieldType: string): OperatorCode[] {
  const flagged = (...flags: string[]) =>
    FILTER_OPERATORS.filter((op) => flags.includes(op.flag)).map((op) => op.code)
  if (widgetType === 'Select' || widgetType === 'Lov') return flagged('1')
  if (widgetType === 'MulSelect' || widgetType === 'MulLov') return flagged('3')
  const type = fieldType.toUpperCase()
  if (type === 'INTEGER' || type === 'DATE' || type === 'FLOAT') return flagged('1', '2')
  return [...OPERATOR_CODES]
}

/** A saved editor row (templateContent). */
export interface FilterRow {
  fieldCode?: string
  operateCode?: string
  fieldValue?: unknown
}

/** A query template (CORE-DATA-04). */
export interface QueryTemplate {
  id: number
  templateName: string
  /** 1 default (loaded automatically), 0 not. */
  isDefault: 0 | 1
  templateContent: FilterRow[]
  menuId: number
  objectVersionNumber: number
}

/** One column of a personalisation (CORE-DATA-16). */
export interface ColumnSetting {
  field: string
  width?: number
  minWidth?: number
  visible: boolean
  defaultVisible: boolean
  fixed?: 'left' | 'right' | null
}

/** The personalisation record; cuszInfo travels as a JSON string of ColumnSetting[] (CORE-COL-04). */
export interface CuszInfoRecord {
  id: number
  userId: number
  menuId: number | null
  cuszCode: string
  cuszInfo: string
  objectVersionNumber: number
}
