/**
 * The rows of a model list, in the list's own order, read in batches that never hold more than one key page
 * and one batch of rows in memory, however many rows match. Two levels:
 *
 * - _Key pages_: the primary keys (and the sort values, as text) of the next `keyPageSize` matching rows in the
 *   list's order, after the last key read: `where <after the last row> order by … limit n`. The primary key
 *   ends every order, so ties in the sort never repeat or skip a row across pages. With a sort no index serves
 *   each page is a scan with a top-n sort of the rows still ahead; the large page (50,000 keys, ~10 MB of JS
 *   objects) keeps the scans few (20 for a million rows).
 * - _Row batches_: each `batchSize` keys of a page read their rows (only the chosen columns) by primary key,
 *   put back in the page's order.
 *
 * Between queries the database is free for other requests (PGlite has a single connection; a long cursor
 * would block the whole server). Never one query for all keys: an `array_agg` of a million keys grew PGlite's
 * WASM heap by 83 MB that it never gives back, and the key list cost another ~45 MB of JS (bench measure 7).
 */
import { sql, type RawBuilder } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Session } from '../../types.ts'
import { filteredRows, parseSort } from '../models/model-list.ts'
import type { ModelDb, Row } from '../models/model-scope.ts'

export const EXPORT_BATCH_SIZE = 2000
export const EXPORT_KEY_PAGE_SIZE = 50_000

/** The model fields an export's columns read (a reference column's text field too). */
export const fieldsOf = (columns: Array<{ field: { name: string }; textField?: string }>) => [
  ...new Set(
    columns.flatMap((column) => [column.field.name, ...(column.textField ? [column.textField] : [])]),
  ),
]

type Order = Array<[string, 'asc' | 'desc']>

/**
 * "Sorts after the row whose sort values are `last`" in PostgreSQL's default NULL placement (last when
 * ascending, first when descending), for any mix of directions. Values are the columns' text forms, bound as
 * parameters of unknown type, so the database reads them back in the column's own type (dates, numbers,
 * collation) exactly as it sorts them.
 */
function afterRow(order: Order, last: Array<string | null>, index = 0): RawBuilder<boolean> {
  const [field, direction] = order[index]!
  const column = sql.ref(field)
  const value = last[index] ?? null
  const asc = direction === 'asc'
  let after: RawBuilder<boolean> | undefined
  let equal: RawBuilder<boolean>
  if (value === null) {
    after = asc ? undefined : sql<boolean>`${column} is not null`
    equal = sql<boolean>`${column} is null`
  } else {
    after = asc
      ? sql<boolean>`(${column} > ${value} or ${column} is null)`
      : sql<boolean>`${column} < ${value}`
    equal = sql<boolean>`${column} = ${value}`
  }
  if (index === order.length - 1) return after ?? sql<boolean>`false`
  const rest = sql<boolean>`(${equal} and ${afterRow(order, last, index + 1)})`
  return after ? sql<boolean>`(${after} or ${rest})` : rest
}

/** The next key page: primary keys and sort values (text) of up to `size` rows after `last`, in order. */
async function keyPage(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
  order: Order,
  last: Array<string | null> | undefined,
  size: number,
) {
  let page = filteredRows(db, model, session, query)
  if (last) page = page.where(afterRow(order, last))
  for (const [field, direction] of order) page = page.orderBy(sql.ref(field), direction)
  const rows = await page
    .select([
      sql<number>`${sql.ref(model.primaryKey)}`.as('exportKey'),
      ...order.map(([field], index) => sql<string | null>`${sql.ref(field)}::text`.as(`exportSort${index}`)),
    ])
    .limit(size)
    .execute()
  const keys = rows.map((row) => Number(row.exportKey))
  const end = rows.at(-1) as Record<string, string | null> | undefined
  return { keys, last: end && order.map((_, index) => end[`exportSort${index}`] ?? null) }
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
  keyPageSize = Math.max(EXPORT_KEY_PAGE_SIZE, batchSize),
): AsyncGenerator<Row[]> {
  const order = parseSort(model, query.sort as string | string[] | undefined)
  const pk = model.primaryKey
  const columns = fields ? [...new Set([pk, ...fields])] : undefined
  let last: Array<string | null> | undefined
  for (;;) {
    const page = await keyPage(db, model, session, query, order, last, keyPageSize)
    for (let from = 0; from < page.keys.length; from += batchSize) {
      const chunk = page.keys.slice(from, from + batchSize)
      const position = new Map(chunk.map((key, index) => [key, index]))
      // Still through the list's conditions: a row changed since its key was read so that it no longer
      // matches (or is no longer the caller's to see) is left out.
      const matching = filteredRows(db, model, session, query).where(
        sql<boolean>`${sql.ref(pk)} = any(${`{${chunk.join(',')}}`}::bigint[])`,
      )
      const rows = await (columns ? matching.select(columns) : matching.selectAll()).execute()
      rows.sort((a, b) => position.get(Number(a[pk]))! - position.get(Number(b[pk]))!)
      if (rows.length) yield rows
    }
    if (page.keys.length < keyPageSize || !page.last) return
    // The primary key ends every order, so each page ends after the one before; a page ending where the last
    // one did would be read again for ever: stop with the reason instead.
    if (last && page.last.every((value, index) => value === last![index]))
      throw new Error(
        `export of ${model.entity}: the rows after sort values [${page.last.join(', ')}] could not be paged past; check that the sort ends with the primary key ${pk}`,
      )
    last = page.last
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
