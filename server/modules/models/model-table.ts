import { coverNewTables } from '../../db/notify-watch.ts'
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { migrations } from '../../migrations/index.ts'
import { snakeCase } from './naming.ts'

/** Identifiers come from model names the schema restricts to [a-z][A-Za-z0-9_]*; quoted all the same. */
const q = (name: string) => `"${name}"`

export function columnType(field: ModelField): string {
  switch (field.type) {
    case 'string':
      return `varchar(${field.maxLength ?? 255})`
    case 'text':
      return 'text'
    case 'integer':
      return 'bigint'
    case 'decimal':
      return `numeric(${field.precision ?? 18}, ${field.scale ?? 0})`
    case 'flag':
      return 'smallint'
    case 'boolean':
      return 'boolean'
    case 'date':
      return 'date'
    case 'datetime':
      return 'timestamp(0)'
    case 'json':
      return 'jsonb'
  }
}

const isTenantScoped = (model: ModelSchema) => model.tenantScoped !== false

function auditColumns(model: ModelSchema): string[] {
  return [
    ...(isTenantScoped(model) ? ['tenant_id bigint not null'] : []),
    'object_version_number integer not null default 1',
    'creation_date timestamp(0) not null default localtimestamp(0)',
    'created_by bigint not null default -1',
    'last_update_date timestamp(0) not null default localtimestamp(0)',
    'last_updated_by bigint not null default -1',
  ]
}

/** Index name → DDL of the unique keys (per tenant) and indexes a model declares. */
function indexDdl(model: ModelSchema): Map<string, string> {
  const tenant = isTenantScoped(model) ? ['tenant_id'] : []
  const cols = (fields: string[]) => [...tenant, ...fields.map(snakeCase)].map(q).join(', ')
  const ddl = new Map<string, string>()
  model.uniqueKeys?.forEach((key, i) => {
    const name = `${model.table}_uk${i + 1}`
    ddl.set(name, `create unique index if not exists ${q(name)} on ${q(model.table)} (${cols(key.fields)})`)
  })
  model.indexes?.forEach((fields, i) => {
    const name = `${model.table}_ix${i + 1}`
    ddl.set(name, `create index if not exists ${q(name)} on ${q(model.table)} (${cols(fields)})`)
  })
  return ddl
}

/** The unique key a violated index belongs to (index names are `<table>_uk<n>`). */
export function uniqueKeyOfIndex(model: ModelSchema, indexName: string | undefined) {
  const match = indexName?.match(/_uk(\d+)$/)
  return match ? model.uniqueKeys?.[Number(match[1]) - 1] : undefined
}

/** Where the hash of the last synced model tables is kept (one row per name). */
const STATE_TABLE = 'app_schema_state'
const STATE_NAME = 'model-tables'

/**
 * A hash of everything the sync turns into DDL (tables, column types, indexes, views) and of the migrations
 * that ran before it: equal hashes mean the sync would find nothing to do.
 */
export function modelTablesHash(models: ModelSchema[]): string {
  const shape = models.map((model) => [
    model.table,
    model.primaryKey,
    model.tenantScoped !== false,
    model.view ?? null,
    model.fields.map((field) => [field.name, columnType(field)]),
    [...indexDdl(model).values()],
  ])
  return createHash('sha256')
    .update(JSON.stringify([Object.keys(migrations), shape]))
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
 * Creates missing model tables, adds missing columns and indexes, (re)creates views. When the models and
 * migrations are those of the last sync (same hash, kept in app_schema_state), nothing is asked of the
 * catalogue and nothing is recreated: one query, so a restart stays fast (bench measure 8). Columns are never
 * dropped or retyped here: that needs a written migration.
 */
export async function syncModelTables(db: Db, models: ModelSchema[]): Promise<string[]> {
  if (!models.length) return []
  const hash = modelTablesHash(models)
  if ((await storedHash(db)) === hash) return []
  const tables = models.map((model) => model.table)
  const columns = await sql<{ tableName: string; columnName: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})`.execute(db)
  const indexes = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = current_schema() and tablename in (${sql.join(tables)})`.execute(
    db,
  )
  const existingIndexes = new Set(indexes.rows.map((row) => row.indexname))
  const statements: string[] = []
  for (const model of models) {
    if (model.view) continue
    const existing = new Set(
      columns.rows.filter((row) => row.tableName === model.table).map((row) => row.columnName),
    )
    const fieldColumns = model.fields.map((field) => `${q(snakeCase(field.name))} ${columnType(field)}`)
    if (!existing.size) {
      const pk = `${q(snakeCase(model.primaryKey))} bigint generated by default as identity primary key`
      statements.push(
        `create table ${q(model.table)} (${[pk, ...fieldColumns, ...auditColumns(model)].join(', ')})`,
      )
    } else {
      for (const field of model.fields) {
        const column = snakeCase(field.name)
        if (!existing.has(column))
          statements.push(`alter table ${q(model.table)} add column ${q(column)} ${columnType(field)}`)
      }
    }
    for (const [name, ddl] of indexDdl(model)) if (!existingIndexes.has(name)) statements.push(ddl)
  }
  // Views read the tables: (re)created after them, every start (cheap), so a changed select takes effect.
  for (const model of models.filter((m) => m.view)) {
    statements.push(`drop view if exists ${q(model.table)}`, `create view ${q(model.table)} as ${model.view}`)
  }
  for (const statement of statements) await sql.raw(statement).execute(db)
  await storeHash(db, hash)
  // PostgreSQL: new tables tell the read caches of their writes like the others (db/notify-watch.ts).
  if (statements.length) await coverNewTables(db)
  return statements
}
