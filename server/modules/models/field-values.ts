import { quartzCronProblem } from '../../../renderer/contract/quartz-cron.ts'
import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * Whether `text` names a real calendar date (and time): the schema's pattern lets 2026-13-45 or 02-30 through,
 * and PostgreSQL would then fail the query with a 500 (found by the fuzzer).
 */
export function isRealDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text)
  if (!match) return false
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second))
  date.setUTCFullYear(year)
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  )
}

const isTemporal = (field: ModelField) => field.type === 'date' || field.type === 'datetime'

/** The message of a date value that is no real date, else undefined. */
function dateProblem(field: ModelField, name: string, value: unknown): string | undefined {
  if (!isTemporal(field) || typeof value !== 'string' || value === '' || isRealDateTime(value))
    return undefined
  const shape = field.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:MM[:SS]'
  return `${name} '${value}' is not a real ${field.type === 'date' ? 'date' : 'date and time'}: use ${shape}`
}

/**
 * The message of a value of a `format: "quartz-cron"` field that Quartz refuses, else undefined: the field, the
 * wrong part and a fix, from the module the cron editor uses, so the editor offers only what a save accepts.
 */
export function cronFieldProblem(field: ModelField, value: unknown): string | undefined {
  if (field.format !== 'quartz-cron' || typeof value !== 'string' || value.trim() === '') return undefined
  const problem = quartzCronProblem(value)
  return (
    problem &&
    `${field.name} '${value}' is not a valid Quartz cron expression: ${problem.message.replace(/\.$/, '')}`
  )
}

/**
 * 400 naming every date or datetime value (body row or list filter) that is no real calendar date, and every
 * value of a Quartz cron field that Quartz refuses (every write and import goes through here).
 */
export function checkDates(model: ModelSchema, values: Record<string, unknown>): void {
  const fields: Record<string, string> = {}
  for (const field of model.fields.filter(isTemporal)) {
    for (const name of [field.name, `${field.name}From`, `${field.name}To`]) {
      const problem = dateProblem(field, name, values[name])
      if (problem) fields[name] = problem
    }
  }
  for (const field of model.fields) {
    const problem = cronFieldProblem(field, values[field.name])
    if (problem) fields[field.name] = problem
  }
  if (Object.keys(fields).length)
    throw badRequest(`Invalid value: ${Object.values(fields).join('; ')}.`, fields)
}
