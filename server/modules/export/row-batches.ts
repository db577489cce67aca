/**
 * The rows of a model list, in the list's own order, read in batches that never hold more than one batch of
 * rows in memory. First one query sorts the matching rows once and answers only their primary keys, as one
 * text value (8 bytes a row once parsed: 8 MB for a million rows); then each batch reads its rows by primary
 * key. Between queries the database is free for other requests (PGlite has a single connection; a long
 * cursor would block the whole server).
 *
 * Why not keyset batches ("rows after the last one"): with a sort no index serves (an export sorts by any
 * sortable column), each batch sorted every matching row again, so 100,000 rows cost 100 full sorts (bench
 * measure 7); and an OR-shaped keyset condition cannot use an index anyway.
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Session } from '../../types.ts'
import { filteredRows, parseSort } from '../models/model-list.ts'
import type { ModelDb, Row } from '../models/model-scope.ts'

export const EXPORT_BATCH_SIZE = 2000

/** The model fields an export's columns read. */
export const fieldsOf = (columns: Array<{ field: { name: string } }>) =>
  columns.map((column) => column.field.name)

/** The primary keys of the matching rows in the list's order (the primary key ends every order). */
async function sortedKeys(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
): Promise<number[]> {
  const order = parseSort(model, query.sort as string | string[] | undefined)
  const orderBy = sql.join(
    order.map(
      ([field, direction]) => sql`${sql.ref(field)} ${sql.raw(direction === 'desc' ? 'desc' : 'asc')}`,
    ),
  )
  const result = await filteredRows(db, model, session, query)
    .select(
      sql<
        string | null
      >`array_to_string(array_agg(${sql.ref(model.primaryKey)} order by ${orderBy}), ',')`.as('keys'),
    )
    .executeTakeFirst()
  const keys = result?.keys
  return keys ? keys.split(',').map(Number) : []
}

/**
 * Yields batches of at most `batchSize` rows until the filtered rows are exhausted. With `fields`, rows hold
 * only those fields (and the primary key): reading fewer columns is most of a large export's database cost.
 */
export async function* rowBatches(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
  batchSize = EXPORT_BATCH_SIZE,
  fields?: string[],
): AsyncGenerator<Row[]> {
  const keys = await sortedKeys(db, model, session, query)
  const pk = model.primaryKey
  const columns = fields ? [...new Set([pk, ...fields])] : undefined
  for (let from = 0; from < keys.length; from += batchSize) {
    const chunk = keys.slice(from, from + batchSize)
    const position = new Map(chunk.map((key, index) => [key, index]))
    // Still through the list's conditions: a row changed since the keys were read so that it no longer
    // matches (or is no longer the caller's to see) is left out.
    const matching = filteredRows(db, model, session, query).where(
      sql<boolean>`${sql.ref(pk)} = any(${`{${chunk.join(',')}}`}::bigint[])`,
    )
    const rows = await (columns ? matching.select(columns) : matching.selectAll()).execute()
    rows.sort((a, b) => position.get(Number(a[pk]))! - position.get(Number(b[pk]))!)
    if (rows.length) yield rows
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
