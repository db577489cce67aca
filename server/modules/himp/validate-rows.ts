/**
 * The checks of one import: each row passes the target model's own validators — the create body schema
 * (required, types, lengths, patterns), dates, value sets — and its unique keys, against the database and
 * against the other rows of the same file. Answers the errors per row (field → message); nothing is written.
 */
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { isLookupValue } from '../hpfm/lookups.ts'
import { checkDates } from '../models/field-values.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { validateRows } from '../models/row-checks.ts'
import type { ImportTemplate } from './templates.ts'

export interface LineToCheck {
  lineId: number
  rowNumber: number
  data: Record<string, unknown>
}

const fieldLabel = (template: ImportTemplate, name: string) => {
  for (const sheet of template.sheets) {
    const column = sheet.columns.find((c) => c.fieldName === name)
    if (column) return `${column.columnTitle} (${name})`
  }
  return model_label(template.model, name)
}
const model_label = (model: ModelSchema, name: string) =>
  model.fields.find((f) => f.name === name)?.label ?? name

/** Errors per line id (lines without errors are absent). */
export async function checkLines(
  db: Db,
  session: Session,
  template: ImportTemplate,
  lines: LineToCheck[],
): Promise<Map<number, Record<string, string>>> {
  const { model } = template
  const errors = new Map<number, Record<string, string>>()
  const add = (lineId: number, field: string, message: string) => {
    const entry = errors.get(lineId) ?? {}
    entry[field] ??= message
    errors.set(lineId, entry)
  }
  const required = new Set(
    template.sheets.flatMap((s) => s.columns.filter((c) => c.requiredFlag).map((c) => c.fieldName)),
  )
  const seen = new Map<string, number>()
  for (const line of lines) {
    const { data } = line
    for (const name of required)
      if (data[name] === undefined || data[name] === null || data[name] === '')
        add(line.lineId, name, `${fieldLabel(template, name)} is required by the template`)
    try {
      // Keys starting with _ are what a target's prepare keeps beside the columns (a password's hash).
      const columns = Object.fromEntries(Object.entries(data).filter(([name]) => !name.startsWith('_')))
      validateRows(model, [{ ...columns, _status: 'create' }], {
        key: (_index, field) => field,
        label: () => `row ${line.rowNumber}`,
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      for (const [field, message] of Object.entries(error.fields ?? { _: error.message }))
        add(line.lineId, field, message.replace(`row ${line.rowNumber}: `, ''))
    }
    try {
      checkDates(model, data)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      for (const [field, message] of Object.entries(error.fields ?? { _: error.message }))
        add(line.lineId, field, message)
    }
    for (const field of model.fields) {
      const value = data[field.name]
      if (!field.lookupCode || value === undefined || value === null || value === '') continue
      if (!(await isLookupValue(db, field.lookupCode, session.tenantId, String(value))))
        add(
          line.lineId,
          field.name,
          `${fieldLabel(template, field.name)} '${String(value)}' is not a value of ${field.lookupCode}`,
        )
    }
    for (const key of model.uniqueKeys ?? []) {
      const values = key.fields.map((name) => data[name])
      if (values.some((v) => v === undefined || v === null || v === '')) continue
      const text = JSON.stringify(values)
      const first = seen.get(text)
      const names = key.fields.map((name) => fieldLabel(template, name)).join(' + ')
      if (first !== undefined) {
        add(
          line.lineId,
          key.fields[0] ?? '_',
          `${names} ${values.join(' + ')} repeats row ${first} of the file`,
        )
        continue
      }
      seen.set(text, line.rowNumber)
      let query = modelDb(db).selectFrom(model.table).select(model.primaryKey)
      if (model.tenantScoped !== false) query = query.where('tenantId', '=', session.tenantId)
      for (const [i, name] of key.fields.entries()) query = query.where(name, '=', values[i] as string)
      if (await query.executeTakeFirst())
        add(line.lineId, key.fields[0] ?? '_', `${names} ${values.join(' + ')} already exists`)
    }
  }
  if (template.target)
    for (const [lineId, problems] of await template.target.check(db, session, lines))
      for (const [field, message] of Object.entries(problems)) add(lineId, field, message)
  return errors
}

export const errorText = (errors: Record<string, string>) => Object.values(errors).join('; ')

/** The lines of an import that are not imported yet, in file order. */
export async function openLines(db: Db, importId: number): Promise<Row[]> {
  return modelDb(db)
    .selectFrom('himp_import_line')
    .selectAll()
    .where('importId', '=', importId)
    .where('status', '!=', 'IMPORTED')
    .orderBy('lineId')
    .execute()
}
