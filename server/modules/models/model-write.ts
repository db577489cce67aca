import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { nextCode } from '../hpfm/code-rules.ts'
import { checkDates } from './field-values.ts'
import { checkDeletable, checkEditable } from './lifecycle.ts'
import { runWriteHooks } from './write-hooks.ts'
import { isLookupValue } from '../hpfm/lookups.ts'
import { auditContext } from '../hmnt/audit-hook.ts'
import { removeTranslations, saveTranslations } from '../hpfm/translations.ts'
import { writableFields } from './model-schemas.ts'
import { checkScopedValues, grantCreatedRow, modelDb, inScope, type Row } from './model-scope.ts'
import { runWriteGuards } from './write-guards.ts'
import { checkFieldRules } from './field-rules.ts'
import { checkLineDocument, type LineCheckOptions } from './line-document.ts'
import { refreshDocumentTotals } from './document-totals.ts'
import { uniqueKeyOfIndex } from './model-table.ts'

const now = sql<string>`localtimestamp(0)`

/** Body value → column value: json as text, booleans of flags as 0/1, '' of non-text types as null. */
function columnValue(type: string, value: unknown): unknown {
  if (value === '' && type !== 'string' && type !== 'text') return null
  if (type === 'json') return value === null || value === undefined ? null : JSON.stringify(value)
  if (type === 'flag' && typeof value === 'boolean') return value ? 1 : 0
  return value
}

/** 400 when a value is not one of its value set's values. */
async function checkLookups(db: Db, model: ModelSchema, session: Session, values: Row): Promise<void> {
  const fields: Record<string, string> = {}
  for (const field of model.fields) {
    const value = values[field.name]
    if (!field.lookupCode || value === null || value === undefined || value === '') continue
    if (!(await isLookupValue(db, field.lookupCode, session.tenantId, String(value)))) {
      fields[field.name] = `${field.name} '${String(value)}' is not a value of ${field.lookupCode}`
    }
  }
  if (Object.keys(fields).length) {
    throw badRequest(
      `Invalid request body: ${Object.values(fields).join('; ')}: pick a value from the list.`,
      fields,
    )
  }
}

/** Runs a write; a unique-key violation becomes 409 with the model's message filled from the row. */
async function mapDuplicate<T>(model: ModelSchema, values: Row, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const dbError = error as { code?: string; constraint?: string; message?: string }
    if (dbError.code !== '23505') throw error
    const indexName = dbError.constraint ?? dbError.message?.match(/"([^"]+)"/)?.[1]
    const key = uniqueKeyOfIndex(model, indexName)
    const fields = key?.fields ?? []
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
    const message = key?.message
      ? fill(key.message)
      : `A row with the same ${fields.join(' + ') || 'key'} already exists: change ${fields.join(', ') || 'the value'}.`
    throw new AppError(
      409,
      'error.duplicate',
      message,
      Object.fromEntries(fields.map((name) => [name, message])),
    )
  }
}

/** The fields a model numbers from a code rule (document numbers: schemas/README.md "Document numbers"). */
export const codeRuleFields = (model: ModelSchema) => model.fields.filter((field) => !!field.codeRule)

/**
 * 400 when a create names its own document number: a field with a code rule takes only the rule's next number,
 * so numbers stay unique, gapless per rule and unforgeable (an empty value — '' or null — is the same as none).
 */
function refuseClientNumbers(model: ModelSchema, body: Row): void {
  const sent = codeRuleFields(model).filter((field) => {
    const value = body[field.name]
    return value !== undefined && value !== null && value !== ''
  })
  if (!sent.length) return
  const fields = Object.fromEntries(
    sent.map((field) => [
      field.name,
      `numbered by code rule ${String(field.codeRule)}: leave ${field.name} empty`,
    ]),
  )
  throw badRequest(
    `${sent.map((f) => `${f.name} '${String(body[f.name])}'`).join(', ')} cannot be chosen: ${model.entity} numbers come from code rule ${sent.map((f) => String(f.codeRule)).join(', ')}. Leave ${sent.map((f) => f.name).join(', ')} empty and the server assigns the next number.`,
    fields,
  )
}

/** Inserts a row: defaults, code-rule numbers, audit fields and tenant set by the server. */
export async function createRow(
  db: Db,
  model: ModelSchema,
  session: Session,
  body: Row,
  options: LineCheckOptions = {},
): Promise<Row> {
  // a line only on a document the caller sees and may still change (line-document.ts), before anything else
  await checkLineDocument(db, model, session, 'create', body, options)
  refuseClientNumbers(model, body)
  await checkFieldRules(db, model, session, 'create', body)
  const values: Row = {}
  for (const field of writableFields(model)) {
    let value = body[field.name]
    if ((value === undefined || value === null || value === '') && field.default !== undefined)
      value = field.default
    if ((value === undefined || value === null || value === '') && field.codeRule) {
      value = await nextCode(db, session.tenantId, field.codeRule)
    }
    if (value !== undefined) values[field.name] = columnValue(field.type, value)
  }
  // A document starts in its lifecycle's initial status whatever the body says (lifecycle.ts).
  if (model.lifecycle) values[model.lifecycle.field] = model.lifecycle.initial
  await runWriteGuards({ db, model, session, op: 'create', values, body })
  runWriteHooks(model, values, { mode: 'create', session })
  checkDates(model, values)
  await checkLookups(db, model, session, values)
  await checkScopedValues(db, model, session, values)
  const audit = { createdBy: session.userId, lastUpdatedBy: session.userId, objectVersionNumber: 1 }
  const tenant = model.tenantScoped !== false ? { tenantId: session.tenantId } : {}
  const row = await mapDuplicate(model, values, () =>
    modelDb(db)
      .insertInto(model.table)
      .values({ ...values, ...audit, ...tenant })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
  await saveTranslations(db, model, session, row[model.primaryKey], body._tls)
  if (model.header) await refreshDocumentTotals(db, model, row[model.header.field])
  await (await auditContext(db, model, session, 'CREATE'))?.record(row)
  await grantCreatedRow(db, model, session, row)
  return row
}

/** 409 when the row exists but its version moved on, else 404 (also for rows outside the caller's scope). */
async function staleOrMissing(
  db: Db,
  model: ModelSchema,
  session: Session,
  id: unknown,
  version: unknown,
): Promise<never> {
  const query = inScope(modelDb(db).selectFrom(model.table).select('objectVersionNumber'), model, session)
  const current = await query.where(model.primaryKey, '=', id).executeTakeFirst()
  if (!current)
    throw notFound(`${model.entity} ${String(id)} does not exist (or is not yours): reload the list.`)
  throw conflict(
    'error.object_version_changed',
    `${model.entity} ${String(id)} was changed by someone else (your version ${String(version)}, current ${String(current.objectVersionNumber)}): reload it and apply your change again.`,
  )
}

/** Updates the updatable fields present in the body, if the row is still at the version the client saw. */
export async function updateRow(db: Db, model: ModelSchema, session: Session, body: Row): Promise<Row> {
  const id = body[model.primaryKey]
  const version = body.objectVersionNumber
  // 404 outside the caller's scope comes first: no guard or check may tell what a hidden row holds
  await getRow(db, model, session, Number(id))
  await checkLineDocument(db, model, session, 'update', body)
  await checkFieldRules(db, model, session, 'update', body)
  const values: Row = {}
  for (const field of writableFields(model)) {
    if (field.updatable === false || body[field.name] === undefined) continue
    // The status of a document changes only through its lifecycle's actions.
    if (field.name === model.lifecycle?.field) continue
    values[field.name] = columnValue(field.type, body[field.name])
  }
  await runWriteGuards({ db, model, session, op: 'update', values, body })
  runWriteHooks(model, values, { mode: 'update', session })
  checkDates(model, values)
  await checkLookups(db, model, session, values)
  await checkScopedValues(db, model, session, values)
  if (model.lifecycle?.editable) checkEditable(model, await getRow(db, model, session, Number(id)))
  const audit = await auditContext(db, model, session, 'UPDATE', id)
  const query = inScope(
    modelDb(db)
      .updateTable(model.table)
      .set({
        ...values,
        lastUpdatedBy: session.userId,
        lastUpdateDate: now,
        objectVersionNumber: sql`object_version_number + 1`,
      }),
    model,
    session,
  )
  const updated = await mapDuplicate(model, { ...body, ...values }, () =>
    query
      .where(model.primaryKey, '=', id)
      .where('objectVersionNumber', '=', version)
      .returningAll()
      .executeTakeFirst(),
  )
  if (!updated) return staleOrMissing(db, model, session, id, version)
  await saveTranslations(db, model, session, id, body._tls)
  if (model.header) await refreshDocumentTotals(db, model, updated[model.header.field])
  await audit?.record(updated)
  return updated
}

/** Deletes a row if it is still at the version the client saw. */
export async function deleteRow(db: Db, model: ModelSchema, session: Session, body: Row): Promise<void> {
  const id = body[model.primaryKey]
  const version = body.objectVersionNumber
  // 404 outside the caller's scope comes first: no guard or check may tell what a hidden row holds
  const current = await getRow(db, model, session, Number(id))
  await checkLineDocument(db, model, session, 'delete', body)
  if (model.lifecycle) checkDeletable(model, current)
  await runWriteGuards({ db, model, session, op: 'delete', values: body, body })
  const audit = await auditContext(db, model, session, 'DELETE', id)
  const query = inScope(modelDb(db).deleteFrom(model.table), model, session)
  const deleted = await query
    .where(model.primaryKey, '=', id)
    .where('objectVersionNumber', '=', version)
    .executeTakeFirst()
  if (!Number(deleted.numDeletedRows)) await staleOrMissing(db, model, session, id, version)
  await removeTranslations(db, model, session.tenantId, id)
  if (model.header) await refreshDocumentTotals(db, model, current[model.header.field])
  await audit?.record(null)
}

/** One row by id within the caller's scope. */
export async function getRow(db: Db, model: ModelSchema, session: Session, id: number): Promise<Row> {
  const query = inScope(modelDb(db).selectFrom(model.table).selectAll(), model, session)
  const row = await query.where(model.primaryKey, '=', id).executeTakeFirst()
  if (!row) throw notFound(`${model.entity} ${id} does not exist (or is not yours): reload the list.`)
  return row
}
