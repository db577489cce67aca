import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import {
  dataQuestions,
  q,
  type ColumnFacts,
  type DataAnswer,
  type DataQuestion,
  type IndexFacts,
  type TableFacts,
} from './model-table-plan.ts'

type CatalogFacts = Omit<TableFacts, 'answers'>

/**
 * The catalogue's view of the models' tables: columns with their exact types (`format_type`) and nullability,
 * indexes with their key columns. pg_catalog answers alike on PGlite and PostgreSQL; two queries for any
 * number of tables.
 */
export async function readCatalogFacts(db: Db, tables: string[]): Promise<Map<string, CatalogFacts>> {
  const facts = new Map<string, CatalogFacts>()
  if (!tables.length) return facts
  const relations = await sql<{ tableName: string; relkind: string }>`
    select c.relname as table_name, c.relkind::text as relkind from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm') and c.relname in (${sql.join(tables)})`.execute(
    db,
  )
  for (const row of relations.rows) facts.set(row.tableName, { exists: true, columns: [], indexes: [] })
  const columns = await sql<ColumnFacts & { tableName: string }>`
    select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as not_null
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname in (${sql.join(tables)}) and a.attnum > 0
      and not a.attisdropped
    order by c.relname, a.attnum`.execute(db)
  for (const { tableName, ...column } of columns.rows) facts.get(tableName)?.columns.push(column)
  const indexes = await sql<IndexFacts & { tableName: string }>`
    select t.relname as table_name, i.relname as name, x.indisunique as unique, x.indisprimary as primary,
      (x.indpred is not null or x.indexprs is not null) as partial,
      exists (select 1 from pg_constraint k where k.conindid = x.indexrelid) as constraint,
      array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
        where k.ord <= x.indnkeyatts order by k.ord) as columns
    from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${sql.join(tables)})
    order by i.relname`.execute(db)
  for (const { tableName, ...index } of indexes.rows) facts.get(tableName)?.indexes.push(index)
  return facts
}

const absent = (): CatalogFacts => ({ exists: false, columns: [], indexes: [] })

/**
 * Everything `planModelTable` needs about one model's table: the catalogue, then only the data questions its
 * differences raise (a table that already matches its model costs no read of its rows).
 */
export async function readModelTableFacts(
  db: Db,
  model: ModelSchema,
  catalog?: CatalogFacts,
): Promise<TableFacts> {
  const facts = catalog ?? (await readCatalogFacts(db, [model.table])).get(model.table) ?? absent()
  const answers: Record<string, DataAnswer> = {}
  for (const question of dataQuestions(model, facts))
    answers[question.key] = await answerQuestion(db, model.table, question)
  return { ...facts, answers }
}

/** Facts of every model, read with one pair of catalogue queries. */
export async function readModelTablesFacts(
  db: Db,
  models: ModelSchema[],
): Promise<Map<ModelSchema, TableFacts>> {
  const catalog = await readCatalogFacts(
    db,
    models.map((model) => model.table),
  )
  const facts = new Map<ModelSchema, TableFacts>()
  for (const model of models)
    facts.set(model, await readModelTableFacts(db, model, catalog.get(model.table) ?? absent()))
  return facts
}

async function answerQuestion(db: Db, table: string, question: DataQuestion): Promise<DataAnswer> {
  const t = sql.raw(q(table))
  if (question.kind === 'nulls') {
    const c = sql.raw(q(question.column))
    const result = await sql<{
      count: number
    }>`select count(*)::int as count from ${t} where ${c} is null`.execute(db)
    return { count: result.rows[0]?.count ?? 0 }
  }
  if (question.kind === 'duplicates') {
    const cols = sql.raw(question.columns.map(q).join(', '))
    const notNull = sql.raw(question.columns.map((column) => `${q(column)} is not null`).join(' and '))
    const key = sql.raw(question.columns.map((column) => `${q(column)}::text`).join(` || ', ' || `))
    const result = await sql<{ groups: number; example: string }>`
      select count(*) over ()::int as groups, (${key}) as example from ${t} where ${notNull}
      group by ${cols} having count(*) > 1 limit 1`.execute(db)
    const row = result.rows[0]
    return row ? { count: row.groups, example: `(${row.example})` } : { count: 0 }
  }
  // A value converts when it comes back unchanged from the new type: nothing is cut, rounded or refused.
  const c = sql.raw(q(question.column))
  const to = sql.raw(question.to)
  const from = sql.raw(question.from)
  try {
    const result = await sql<{ count: number; example: string | null; longest: number | null }>`
      select count(*)::int as count, min(${c}::text) as example, max(length(${c}::text))::int as longest
      from ${t} where ${c} is not null and ((${c}::${to})::${from})::text is distinct from ${c}::text`.execute(
      db,
    )
    const row = result.rows[0]
    if (!row?.count) return { count: 0 }
    return { count: row.count, example: row.example ?? undefined, longest: row.longest ?? undefined }
  } catch (error) {
    return { count: -1, error: (error as Error).message }
  }
}
