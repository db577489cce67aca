import { coverNewTables } from '../../db/notify-watch.ts'
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { migrations } from '../../migrations/index.ts'
import { columnType } from './column-types.ts'
import { applyModelTablePlan } from './model-table-apply.ts'
import { readModelTablesFacts } from './model-table-facts.ts'
import { declaredIndexes, indexDdl, planModelTable } from './model-table-plan.ts'

export { columnType } from './column-types.ts'

/** The unique key a violated index belongs to (the sync names them `<table>_uk<n>`, n its position). */
export function uniqueKeyOfIndex(model: ModelSchema, indexName: string | undefined) {
  const match = indexName?.match(/_uk(\d+)$/)
  return match ? model.uniqueKeys?.[Number(match[1]) - 1] : undefined
}

/** Where the hash of the last synced model tables is kept (one row per name). */
const STATE_TABLE = 'app_schema_state'
const STATE_NAME = 'model-tables'

/** Bumped when the sync compares more than before, so every database is compared again once. */
const SYNC_VERSION = 2

/**
 * A hash of everything the sync turns into DDL (tables, column types, required fields, indexes, views), of
 * the sync's version and of the migrations that ran before it: equal hashes mean the sync would find nothing
 * to do.
 */
export function modelTablesHash(models: ModelSchema[]): string {
  const shape = models.map((model) => [
    model.table,
    model.primaryKey,
    model.tenantScoped !== false,
    model.view ?? null,
    model.fields.map((field) => [field.name, columnType(field), field.required === true]),
    declaredIndexes(model).map((index) => indexDdl(model.table, index)),
  ])
  return createHash('sha256')
    .update(JSON.stringify([SYNC_VERSION, Object.keys(migrations), shape]))
    .digest('hex')
}

async function storedHash(db: Db): Promise<string | undefined> {
  try {
    const result = await sql<{
      hash: string
    }>`select hash from ${sql.table(STATE_TABLE)} where name = ${STATE_NAME}`.execute(db)
    return result.rows[0]?.hash
  } catch {
    return undefined // no state table yet
  }
}

async function storeHash(db: Db, hash: string) {
  await sql`create table if not exists ${sql.table(STATE_TABLE)} (name varchar(60) primary key,
    hash varchar(64) not null, updated_at timestamp(0) not null default localtimestamp(0))`.execute(db)
  await sql`insert into ${sql.table(STATE_TABLE)} (name, hash) values (${STATE_NAME}, ${hash})
    on conflict (name) do update set hash = excluded.hash, updated_at = localtimestamp(0)`.execute(db)
}

/**
 * Brings every model's table to its model file (model-table-plan.ts): creates tables, adds columns, widens
 * types, makes required columns not null, replaces indexes whose definition changed, (re)creates views; and
 * refuses to start (ModelTableError, nothing changed) on a change that would lose data or that the rows do
 * not allow, naming the migration to write. When the models and migrations are those of the last sync (same
 * hash, kept in app_schema_state), nothing is asked of the catalogue: one query, so a restart stays fast
 * (bench measure 8). Columns are never dropped here: that needs a written migration.
 */
export async function syncModelTables(db: Db, models: ModelSchema[]): Promise<string[]> {
  if (!models.length) return []
  const hash = modelTablesHash(models)
  if ((await storedHash(db)) === hash) return []
  const facts = await readModelTablesFacts(db, models)
  const plans = models.map((model) => planModelTable(model, facts.get(model)!))
  const statements = await applyModelTablePlan(db, plans)
  await storeHash(db, hash)
  // PostgreSQL: new tables tell the read caches of their writes like the others (db/notify-watch.ts).
  if (statements.length) await coverNewTables(db)
  return statements
}
