/**
 * A line is written only when its document is visible and editable to the caller (model-documents.ts). Run by
 * the generic create, update and delete (model-write.ts), so every route that writes lines — the line
 * model's own POST, PUT, DELETE, its batch-save, the document's with-lines, an import — checks the same way:
 *
 * 1. the document the line names (and, for an update or delete, the one it is on) must be visible under the
 *    caller's data scope (tenant, data permissions, owner scope): else 404 naming the document;
 * 2. the document's status must be one its lifecycle's `linesEditable` (else `editable`) lists: else 409.
 *
 * The document row is read `for share`, so an action changing its status waits for the line write (and the
 * other way round): a line cannot slip onto a document that was submitted meanwhile.
 */
import type { Db } from '../../db/schema.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { AppError, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { documentOf, lineStatuses, type LineDocument } from './model-documents.ts'
import { inScope, modelDb, type Row } from './model-scope.ts'

export interface LineCheckOptions {
  /** Seed data only: the seed writes the lines of documents whose status it has already set. */
  anyDocumentStatus?: boolean
}

const given = (value: unknown) => value !== undefined && value !== null && value !== ''

/** 404 / 409 unless every document this line write touches is visible and takes line changes. */
export async function checkLineDocument(
  db: Db,
  line: ModelSchema,
  session: Session,
  op: 'create' | 'update' | 'delete',
  body: Row,
  options: LineCheckOptions = {},
): Promise<void> {
  const document = documentOf(line)
  if (!document) return
  const ids = new Set<number>()
  const sent = body[document.field]
  if (op !== 'create') {
    const current = await inScope(modelDb(db).selectFrom(line.table).select(document.field), line, session)
      .where(line.primaryKey, '=', body[line.primaryKey] as number)
      .executeTakeFirst()
    if (!current) return // the line itself is not the caller's: the generic write answers 404 for it
    if (given(current[document.field])) ids.add(Number(current[document.field]))
    if (op === 'delete') {
      for (const id of ids) await checkDocument(db, line, document, session, id, options)
      return
    }
  }
  if (given(sent)) ids.add(Number(sent))
  for (const id of ids) await checkDocument(db, line, document, session, id, options)
}

async function checkDocument(
  db: Db,
  line: ModelSchema,
  { header, field }: LineDocument,
  session: Session,
  id: number,
  options: LineCheckOptions,
): Promise<void> {
  const row = await inScope(modelDb(db).selectFrom(header.table).selectAll(), header, session)
    .where(header.primaryKey, '=', id)
    .forShare()
    .executeTakeFirst()
  if (!row)
    throw new AppError(
      404,
      'error.not_found',
      `${header.entity} ${id} does not exist (or is not yours): ${line.entity} rows are written only on a ${header.entity} you can see. Reload the list and pick one of yours.`,
      { [field]: `${header.entity} ${id} does not exist (or is not yours)` },
    )
  const statuses = lineStatuses(header)
  if (!statuses || options.anyDocumentStatus) return
  const status = String(row[header.lifecycle!.field])
  if (statuses.includes(status)) return
  const number = header.fields.find((f) => f.codeRule && given(row[f.name]))
  const name = `${header.entity} ${id}${number ? ` (${String(row[number.name])})` : ''}`
  throw conflict(
    'error.lifecycle_state',
    `${name} is ${status}: its lines can be changed only while ${statuses.join(' or ')}. Reload it to see its status; to change what it carries, cancel it (if it allows) and create a new one.`,
  )
}
