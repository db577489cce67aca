/** Evaluates linkage conditions ({field, op, value} and all/any groups) against current values. */
import type { Condition } from '../schema/page'

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

// Compares numbers as numbers and everything else (e.g. YYYY-MM-DD) as text.
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const na = Number(a)
  const nb = Number(b)
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb
  return String(a).localeCompare(String(b))
}

// 1 and "1" are the same value here: flags and lookup values travel as either.
const same = (a: unknown, b: unknown) => a === b || (!isEmpty(a) && !isEmpty(b) && String(a) === String(b))

/** True when `condition` holds for the values `valueOf` reads. */
export function evaluateCondition(condition: Condition, valueOf: (field: string) => unknown): boolean {
  if (condition.all) return condition.all.every((c) => evaluateCondition(c, valueOf))
  if (condition.any) return condition.any.some((c) => evaluateCondition(c, valueOf))
  if (!condition.field) return true
  const value = valueOf(condition.field)
  const target = condition.value
  switch (condition.op) {
    case 'eq':
      return same(value, target)
    case 'ne':
      return !same(value, target)
    case 'in':
      return Array.isArray(target) && target.some((t) => same(value, t))
    case 'notIn':
      return !(Array.isArray(target) && target.some((t) => same(value, t)))
    case 'empty':
      return isEmpty(value)
    case 'notEmpty':
      return !isEmpty(value)
    case 'gt':
      return !isEmpty(value) && compare(value, target) > 0
    case 'gte':
      return !isEmpty(value) && compare(value, target) >= 0
    case 'lt':
      return !isEmpty(value) && compare(value, target) < 0
    case 'lte':
      return !isEmpty(value) && compare(value, target) <= 0
    default:
      return true
  }
}

/** Field names a condition reads. */
export function conditionFields(condition: Condition): string[] {
  if (condition.all) return condition.all.flatMap(conditionFields)
  if (condition.any) return condition.any.flatMap(conditionFields)
  return condition.field ? [condition.field] : []
}
