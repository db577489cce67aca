/**
 * Filter-template conditions on a model list (CORE-FLT-22, DESIGN: schemas/README.md "Filter conditions"):
 * `conditions=[{fieldCode, fieldType, operateCode, fieldValue}]` as JSON. Every condition is checked against the
 * model (filterable field, its type, an operator allowed for that type, a well-formed value) and bound as a
 * parameter; nothing the client sends becomes SQL text.
 */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely'
import {
  CONDITIONS_PARAM,
  LIST_VALUE_SEPARATOR,
  MAX_CONDITIONS,
  OPERATOR_CODES,
  type FilterFieldType,
  type OperatorCode,
} from '../../../renderer/contract/filter-conditions.ts'
import { filterTypeOfField } from '../../../renderer/contract/column-filter.ts'
import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import type { Row } from './model-scope.ts'
import { escapeLike } from '../../like.ts'

/** The filter type of a model field, or undefined when it cannot be filtered by a condition (shared with the
 * schema check, so a page's column header filter can only name a field this endpoint accepts). */
export function filterTypeOf(field: ModelField): FilterFieldType | undefined {
  return filterTypeOfField(field)
}

const ORDERING: OperatorCode[] = [
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
]
const MATCHING: OperatorCode[] = ['LIKE', 'NOT_LIKE', 'START_WITH', 'END_WITH']
const CHOICE: OperatorCode[] = ['EQUAL', 'NOT_EQUAL', 'IN', 'NOT_IN']

/**
 * Operators the server accepts per field type: a superset of what the editor offers for any widget (CORE-FLT-15
 * gives DATETIME every operator; text matching compares its YYYY-MM-DD HH:mm:ss text).
 */
export const SERVER_OPERATORS: Record<FilterFieldType, OperatorCode[]> = {
  STRING: [...OPERATOR_CODES],
  INTEGER: [...CHOICE, ...ORDERING],
  FLOAT: [...CHOICE, ...ORDERING],
  DATE: [...CHOICE, ...ORDERING],
  DATETIME: [...OPERATOR_CODES],
  FLAG: CHOICE,
}

const VALUE_FORMATS: Record<FilterFieldType, { pattern: RegExp; hint: string }> = {
  STRING: { pattern: /^[\s\S]{1,1000}$/, hint: 'a text of 1 to 1000 characters' },
  INTEGER: { pattern: /^-?\d{1,18}$/, hint: 'a whole number such as 42' },
  FLOAT: { pattern: /^-?\d{1,20}(\.\d{1,10})?$/, hint: 'a number such as 12.5' },
  DATE: { pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, hint: 'a date YYYY-MM-DD' },
  DATETIME: {
    pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
    hint: 'a date and time YYYY-MM-DD HH:mm:ss',
  },
  FLAG: { pattern: /^[01]$/, hint: '1 (yes) or 0 (no)' },
}

interface CheckedCondition {
  field: string
  operator: OperatorCode
  values: string[]
}

const shape = `${CONDITIONS_PARAM} must be a JSON array of {fieldCode, fieldType, operateCode, fieldValue}`
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Parses and whitelists the request's conditions; 400 with a message naming the condition and the fix. */
export function parseConditions(model: ModelSchema, raw: unknown): CheckedCondition[] {
  if (raw === undefined || raw === null || raw === '') return []
  if (typeof raw !== 'string') throw badRequest(`Send ${CONDITIONS_PARAM} once: ${shape}.`)
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw badRequest(`${shape}; the value given is not JSON: send it as JSON.`, {
      [CONDITIONS_PARAM]: 'not JSON',
    })
  }
  if (!Array.isArray(parsed)) throw badRequest(`${shape}.`, { [CONDITIONS_PARAM]: 'not an array' })
  if (parsed.length > MAX_CONDITIONS) {
    throw badRequest(
      `At most ${MAX_CONDITIONS} conditions may be sent at once (got ${parsed.length}): remove some.`,
    )
  }
  return parsed.map((item, index) => checkCondition(model, item, index))
}

function checkCondition(model: ModelSchema, item: unknown, index: number): CheckedCondition {
  const where = `condition ${index + 1}`
  const fail = (message: string) =>
    badRequest(`Invalid ${where}: ${message}.`, { [`${CONDITIONS_PARAM}/${index}`]: message })
  if (!isRecord(item)) throw fail(`expected an object {fieldCode, fieldType, operateCode, fieldValue}`)
  const { fieldCode, fieldType, operateCode, fieldValue } = item
  const field = model.fields.find((f) => f.name === fieldCode)
  const type = field && filterTypeOf(field)
  if (typeof fieldCode !== 'string' || !field || !type) {
    const allowed = model.fields.filter((f) => filterTypeOf(f)).map((f) => f.name)
    throw fail(
      `'${String(fieldCode)}' cannot be filtered on ${model.entity}; use one of: ${allowed.join(', ')}`,
    )
  }
  if (typeof fieldType !== 'string' || fieldType.toUpperCase() !== type) {
    throw fail(`fieldType of ${fieldCode} is ${type.toLowerCase()}, not '${String(fieldType)}'`)
  }
  const operators = SERVER_OPERATORS[type]
  if (typeof operateCode !== 'string' || !operators.includes(operateCode as OperatorCode)) {
    throw fail(
      `operator '${String(operateCode)}' is not allowed for ${fieldCode} (${type.toLowerCase()}); use one of: ${operators.join(', ')}`,
    )
  }
  const operator = operateCode as OperatorCode
  const list = operator === 'IN' || operator === 'NOT_IN'
  const values = valuesOf(fieldValue, list)
  if (!values)
    throw fail(`fieldValue of ${fieldCode} is missing or not ${list ? 'a list of texts' : 'a text'}`)
  if (values.length > 500) throw fail(`at most 500 values may be listed (got ${values.length})`)
  const format = MATCHING.includes(operator) ? VALUE_FORMATS.STRING : VALUE_FORMATS[type]
  const bad = values.find((value) => !format.pattern.test(value))
  if (bad !== undefined) throw fail(`'${bad}' is not ${format.hint} (${fieldCode} is ${type.toLowerCase()})`)
  return { field: field.name, operator, values }
}

/** fieldValue → its texts: a text or number; for IN / NOT_IN also a comma-joined text or an array. */
function valuesOf(value: unknown, list: boolean): string[] | undefined {
  const one = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined)
  let values: Array<string | undefined>
  if (Array.isArray(value)) values = list ? value.map(one) : []
  else if (list && typeof value === 'string') values = value.split(LIST_VALUE_SEPARATOR).map((v) => v.trim())
  else values = [one(value)]
  if (!values.length || values.some((v) => v === undefined || v === '')) return undefined
  return values as string[]
}

/** The conditions as one `and` of bound comparisons (null-safe negations keep rows without a value). */
export function applyConditions<QB extends SelectQueryBuilder<Record<string, Row>, string, object>>(
  query: QB,
  model: ModelSchema,
  raw: unknown,
): QB {
  const conditions = parseConditions(model, raw)
  if (!conditions.length) return query
  return query.where((eb: ExpressionBuilder<Record<string, Row>, string>) =>
    eb.and(conditions.map((c) => comparison(eb, c))),
  ) as QB
}

function comparison(eb: ExpressionBuilder<Record<string, Row>, string>, c: CheckedCondition) {
  const [value = ''] = c.values
  const column = eb.ref(c.field)
  // Text matching on a non-text column (DATETIME) compares its text form; a cast of a text column is a no-op.
  const text = eb.cast<string>(column, 'text')
  switch (c.operator) {
    case 'EQUAL':
      return eb(column, '=', value)
    case 'NOT_EQUAL':
      return eb(column, 'is distinct from', value)
    case 'GREATER_THAN':
      return eb(column, '>', value)
    case 'GREATER_THAN_OR_EQUAL_TO':
      return eb(column, '>=', value)
    case 'LESS_THAN':
      return eb(column, '<', value)
    case 'LESS_THAN_OR_EQUAL_TO':
      return eb(column, '<=', value)
    case 'IN':
      return eb(column, 'in', c.values)
    case 'NOT_IN':
      return eb.or([eb(column, 'is', null), eb(column, 'not in', c.values)])
    case 'LIKE':
      return eb(text, 'ilike', `%${escapeLike(value)}%`)
    case 'NOT_LIKE':
      return eb.or([eb(column, 'is', null), eb(text, 'not ilike', `%${escapeLike(value)}%`)])
    case 'START_WITH':
      return eb(text, 'ilike', `${escapeLike(value)}%`)
    case 'END_WITH':
      return eb(text, 'ilike', `%${escapeLike(value)}`)
  }
}
