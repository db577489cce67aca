/**
 * The rows of a model list, in the list's own order, read in keyset batches: each batch continues after the
 * last row of the previous one, so reading 100,000 rows costs 100 short queries (no OFFSET rescans) and
 * never holds more than one batch in memory. Between batches the database is free for other requests
 * (PGlite has a single connection; a long cursor would block the whole server).
 */
import type { ExpressionBuilder, Expression, SqlBool } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Session } from '../../types.ts'
import { filteredRows, parseSort, sortedRows } from '../models/model-list.ts'
import type { ModelDb, Row } from '../models/model-scope.ts'

export const EXPORT_BATCH_SIZE = 1000

type Eb = ExpressionBuilder<Record<string, Row>, string>

/**
 * "Comes after `last`" in the sort order. PostgreSQL puts NULL after every value ascending and before every
 * value descending, so NULL is the largest value either way; the primary key (never null) ends the order.
 */
function after(eb: Eb, order: Array<[string, 'asc' | 'desc']>, last: Row): Expression<SqlBool> {
  const alternatives: Array<Expression<SqlBool>> = []
  const equalSoFar: Array<Expression<SqlBool>> = []
  for (const [field, direction] of order) {
    const value = last[field]
    let beyond: Expression<SqlBool> | undefined
    if (direction === 'asc') {
      beyond = value == null ? undefined : eb.or([eb(field, '>', value), eb(field, 'is', null)])
    } else {
      beyond = value == null ? eb(field, 'is not', null) : eb(field, '<', value)
    }
    if (beyond) alternatives.push(eb.and([...equalSoFar, beyond]))
    equalSoFar.push(value == null ? eb(field, 'is', null) : eb(field, '=', value))
  }
  return eb.or(alternatives)
}

/** Yields batches of at most `batchSize` rows until the filtered rows are exhausted. */
export async function* rowBatches(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const order = parseSort(model, query.sort as string | string[] | undefined)
  let last: Row | undefined
  for (;;) {
    const from = last
    let rows = sortedRows(db, model, session, query)
    if (from) rows = rows.where((eb) => after(eb as unknown as Eb, order, from))
    const batch = await rows.limit(batchSize).execute()
    if (batch.length) yield batch
    if (batch.length < batchSize) return
    last = batch.at(-1)
  }
}

/** How many rows the export will write. */
export async function countRows(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
): Promise<number> {
  const counted = await filteredRows(db, model, session, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst()
  return Number(counted?.total ?? 0)
}
