/**
 * Names of the referenced records an export's reference columns show (issue 19: the stock export wrote the
 * warehouse, location, owner, goods and area as ids). A column drawn through a Lov shows the row's text field
 * when it keeps one, else the name the Lov gives the id, looked up batch by batch as the rows stream:
 * - an SQL view: its own query, run as the exporting session (its data scope included), `ids` of the batch;
 * - a URL view: the model whose primary key is the view's value field, read in the session's scope;
 * - a value set: its meanings in the session's language.
 * An id no view answers stays the id. Names are kept per column while they stay few (bounded memory).
 */
import type { Language } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { lookupValues } from '../hpfm/lookups.ts'
import { sqlViewPage } from '../hpfm/lov-sql.ts'
import { findLovView, type StoredLovView } from '../hpfm/lov-views.ts'
import { registeredModels } from '../models/model-documents.ts'
import { inScope, modelDb, type Row } from '../models/model-scope.ts'
import type { ExportColumn } from './export-columns.ts'

const CHUNK = 500
const KEPT_PER_COLUMN = 20_000

type Resolve = (ids: string[]) => Promise<Map<string, string>>

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/** The keys of a cell: one, or (MulLov) the comma-joined list. */
export const keysOf = (value: unknown, multiple: boolean) =>
  value === null || value === undefined || value === ''
    ? []
    : multiple
      ? String(value)
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean)
      : [String(value)]

function resolverOf(db: Db, view: StoredLovView, session: Session, language: Language): Resolve | undefined {
  const pairs = (rows: Row[], value: string, display: string) =>
    new Map(rows.map((row) => [text(row[value]), text(row[display])] as const).filter(([, name]) => name))
  if (view.lovTypeCode === 'SQL')
    return async (ids) => {
      const page = await sqlViewPage(db, view, session, {
        search: {},
        ids,
        page: 0,
        size: ids.length,
        language,
      })
      return pairs(page.content, view.valueField, view.displayField)
    }
  if (view.lovTypeCode === 'IDP')
    return async () => {
      const values = (await lookupValues(db, [view.lovCode], session.tenantId, language)).get(view.lovCode)
      return new Map((values ?? []).map((v) => [String(v.value), String(v.meaning ?? v.value)]))
    }
  const model = registeredModels().find(
    (m) => m.primaryKey === view.valueField && m.fields.some((f) => f.name === view.displayField),
  )
  if (!model) return undefined
  return async (ids) => {
    const rows = await inScope(
      modelDb(db)
        .selectFrom(model.table)
        .select([model.primaryKey, view.displayField])
        .where(model.primaryKey, 'in', ids.map(Number).filter(Number.isFinite)),
      model,
      session,
    ).execute()
    return pairs(rows, model.primaryKey, view.displayField)
  }
}

export interface ReferenceNames {
  /** Looks up the names of the ids of `batch` not known yet (call before writing the batch). */
  prepare(batch: Row[]): Promise<void>
  /** The cell text of a reference column: the kept text, else the names of its ids, else the ids. */
  cell(column: ExportColumn, row: Row): string | null
}

export async function referenceNames(
  db: Db,
  columns: ExportColumn[],
  session: Session,
  language: Language,
): Promise<ReferenceNames> {
  const resolvers = new Map<number, Resolve>()
  const names = new Map<number, Map<string, string>>()
  for (const column of columns) {
    if (!column.lovCode) continue
    const view = await findLovView(db, { lovCode: column.lovCode }, session.tenantId)
    if (!view)
      throw badRequest(
        `Column '${column.field.name}' names value list '${column.lovCode}', which does not exist: send the lovCode the page draws the column with.`,
        { exportColumns: `unknown lovCode ${column.lovCode}` },
      )
    const resolve = resolverOf(db, view, session, language)
    if (resolve) resolvers.set(column.id, resolve)
    names.set(column.id, new Map())
  }
  const needsName = (column: ExportColumn, row: Row) => !column.textField || !text(row[column.textField])
  return {
    async prepare(batch) {
      for (const column of columns) {
        const resolve = resolvers.get(column.id)
        const known = names.get(column.id)
        if (!resolve || !known) continue
        const wanted = new Set<string>()
        for (const row of batch)
          if (needsName(column, row))
            for (const key of keysOf(row[column.field.name], column.multiple === true))
              if (!known.has(key)) wanted.add(key)
        if (!wanted.size) continue
        if (known.size + wanted.size > KEPT_PER_COLUMN) known.clear()
        const list = [...wanted]
        for (let at = 0; at < list.length; at += CHUNK) {
          const chunk = list.slice(at, at + CHUNK)
          const found = await resolve(chunk)
          for (const key of chunk) known.set(key, found.get(key) ?? key)
        }
      }
    },
    cell(column, row) {
      const value = row[column.field.name]
      if (column.textField && text(row[column.textField])) return text(row[column.textField])
      const keys = keysOf(value, column.multiple === true)
      if (!keys.length) return null
      const known = names.get(column.id)
      return keys.map((key) => known?.get(key) ?? key).join(',')
    },
  }
}

/** The batches with each one's reference names looked up before it is written. */
export async function* namedBatches(batches: AsyncIterable<Row[]>, names: ReferenceNames) {
  for await (const batch of batches) {
    await names.prepare(batch)
    yield batch
  }
}
