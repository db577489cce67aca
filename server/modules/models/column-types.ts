import type { ModelField } from '../../../renderer/schema/model.ts'

/** The column type a model field is stored as (DDL). */
export function columnType(field: ModelField): string {
  switch (field.type) {
    case 'string':
      return `varchar(${field.maxLength ?? 255})`
    case 'text':
      return 'text'
    case 'integer':
      return 'bigint'
    case 'decimal':
      return `numeric(${field.precision ?? 18}, ${field.scale ?? 0})`
    case 'flag':
      return 'smallint'
    case 'boolean':
      return 'boolean'
    case 'date':
      return 'date'
    case 'datetime':
      return 'timestamp(0)'
    case 'json':
      return 'jsonb'
  }
}

/**
 * A column type as PostgreSQL's `format_type()` spells it (`character varying(30)`, `numeric(18,4)`,
 * `timestamp(0) without time zone`), split into its name and its modifiers.
 */
export interface ParsedType {
  base: string
  args: number[]
}

export function parseType(formatted: string): ParsedType {
  const match = formatted.match(/^([a-z ]+?)(?:\((\d+(?:,\d+)?)\))?( with(?:out)? time zone)?$/)
  if (!match) return { base: formatted, args: [] }
  const args = match[2] ? match[2].split(',').map(Number) : []
  return { base: `${match[1]}${match[3] ?? ''}`, args }
}

/** What `format_type()` answers for the column of a model field: compared with the database's. */
export function formattedType(field: ModelField): string {
  switch (field.type) {
    case 'string':
      return `character varying(${field.maxLength ?? 255})`
    case 'decimal':
      return `numeric(${field.precision ?? 18},${field.scale ?? 0})`
    case 'datetime':
      return 'timestamp(0) without time zone'
    default:
      return columnType(field)
  }
}

const INTEGER_DIGITS: Record<string, number> = { smallint: 5, integer: 10, bigint: 19 }
const INTEGER_RANK: Record<string, number> = { smallint: 1, integer: 2, bigint: 3 }
const STRING_TYPES = new Set(['character varying', 'text'])
/** `timestamp`/`time` without a precision keep microseconds (6). */
const timePrecision = (type: ParsedType) => type.args[0] ?? 6

/**
 * True when every value of type `from` is kept unchanged in type `to`, whatever the data: the change needs no
 * look at the rows (a longer varchar, varchar to text, a wider integer or numeric, a finer timestamp).
 */
export function isWidening(from: string, to: string): boolean {
  const a = parseType(from)
  const b = parseType(to)
  if (a.base === 'character varying' && b.base === 'character varying')
    return b.args[0] === undefined || (a.args[0] !== undefined && a.args[0] <= b.args[0])
  if (STRING_TYPES.has(a.base) && b.base === 'text') return true
  if (INTEGER_RANK[a.base] && INTEGER_RANK[b.base]) return INTEGER_RANK[a.base]! <= INTEGER_RANK[b.base]!
  if (b.base === 'numeric' && b.args.length) {
    const [precision = 0, scale = 0] = b.args
    if (INTEGER_DIGITS[a.base]) return precision - scale >= INTEGER_DIGITS[a.base]!
    if (a.base === 'numeric' && a.args.length) {
      const [fromPrecision = 0, fromScale = 0] = a.args
      return scale >= fromScale && precision - scale >= fromPrecision - fromScale
    }
    return false
  }
  if (b.base === 'numeric') return a.base === 'numeric' || !!INTEGER_DIGITS[a.base]
  if (a.base === b.base && /^(timestamp|time)\b/.test(a.base)) return timePrecision(a) <= timePrecision(b)
  // json → jsonb keeps every document's meaning (jsonb drops duplicate keys and insignificant spaces only).
  return a.base === 'json' && b.base === 'jsonb'
}
