/**
 * Live totals of a document (issue 19): a line model's `header.totals` (`{"totalQuantity": "quantity"}`) makes
 * the server set each named document field to the sum of the line field over the document's lines after every
 * line write, in the write's transaction. model-write.ts calls it from createRow, updateRow and deleteRow, so
 * every route that writes lines (POST, PUT, DELETE, batch-save, with-lines, import, seed) keeps it true.
 * The document's objectVersionNumber does not move: a total is derived, and a client holding the header may
 * still save it.
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { documentOf } from './model-documents.ts'
import { snakeCase } from './naming.ts'

/** Sets the document's totals from its lines; a line model without `header.totals` (or no id) does nothing. */
export async function refreshDocumentTotals(db: Db, line: ModelSchema, documentId: unknown): Promise<void> {
  const totals = Object.entries(line.header?.totals ?? {})
  if (!totals.length || documentId === undefined || documentId === null || documentId === '') return
  const document = documentOf(line)
  if (!document) return
  const id = Number(documentId)
  const parent = sql.ref(snakeCase(document.field))
  const sets = totals.map(
    ([total, of]) =>
      sql`${sql.ref(snakeCase(total))} = (select coalesce(sum(${sql.ref(snakeCase(of))}), 0)
        from ${sql.table(line.table)} where ${parent} = ${id})`,
  )
  await sql`update ${sql.table(document.header.table)} set ${sql.join(sets)}
    where ${sql.ref(snakeCase(document.header.primaryKey))} = ${id}`.execute(db)
}
