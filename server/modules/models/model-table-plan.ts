import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import { expectedModelFile } from './check-model.ts'
import { columnType, formattedType, isWidening } from './column-types.ts'
import { snakeCase } from './naming.ts'

/**
 * What the database holds for one model's table: its columns and indexes from the catalogue, and the answers
 * to the data questions (`dataQuestions`) the differences raise. Read by `readModelTableFacts`
 * (model-table-facts.ts); written by hand in unit tests.
 */
export interface TableFacts {
  /** False when no table (or view) of the model's name exists. */
  exists: boolean
  columns: ColumnFacts[]
  indexes: IndexFacts[]
  /** Answers keyed by `DataQuestion.key`; a question left unanswered refuses its step. */
  answers?: Record<string, DataAnswer>
}

export interface ColumnFacts {
  name: string
  /** As `format_type()` spells it: `character varying(30)`, `numeric(18,4)`, `bigint`. */
  type: string
  notNull: boolean
}

export interface IndexFacts {
  name: string
  unique: boolean
  /** Key columns in order. */
  columns: string[]
  primary: boolean
  /** Has a WHERE clause or expressions: never the index of a model's key. */
  partial: boolean
  /** Backs a constraint (primary key, unique constraint): a migration's, never dropped here. */
  constraint: boolean
}

/** A question about the rows that decides whether a change is safe; asked only when the change is needed. */
export type DataQuestion =
  | { key: string; kind: 'convert'; column: string; from: string; to: string }
  | { key: string; kind: 'nulls'; column: string }
  | { key: string; kind: 'duplicates'; columns: string[] }

export interface DataAnswer {
  /** Rows (convert, nulls) or groups of rows (duplicates) that stop the change. */
  count: number
  /** One offending value (or key), for the message. */
  example?: string
  /** Longest stored text, in characters (convert to a varchar). */
  longest?: number
  /** The database refused the conversion outright (e.g. "invalid input syntax for type bigint"). */
  error?: string
}

export type StepKind =
  | 'create-table'
  | 'add-column'
  | 'alter-type'
  | 'set-not-null'
  | 'drop-index'
  | 'rename-index'
  | 'create-index'
  | 'drop-view'
  | 'create-view'

/** One change: safe steps carry the SQL that makes it; a refused one says why and what to do instead. */
export type ModelTableStep = {
  kind: StepKind
  /** The field or index the step is about. */
  target: string
  /** What the step does, in words. */
  description: string
} & ({ status: 'safe'; sql: string[] } | { status: 'refused'; why: string })

export interface ModelTablePlan {
  model: ModelSchema
  /** The model file, under the models directory (`wms/goods.model.json`). */
  file: string
  table: string
  steps: ModelTableStep[]
}

/** Identifiers come from model names the schema restricts to [a-z][A-Za-z0-9_]*; quoted all the same. */
export const q = (name: string) => `"${name}"`

export const isTenantScoped = (model: ModelSchema) => model.tenantScoped !== false

export function auditColumns(model: ModelSchema): string[] {
  return [
    ...(isTenantScoped(model) ? ['tenant_id bigint not null'] : []),
    'object_version_number integer not null default 1',
    'creation_date timestamp(0) not null default localtimestamp(0)',
    'created_by bigint not null default -1',
    'last_update_date timestamp(0) not null default localtimestamp(0)',
    'last_updated_by bigint not null default -1',
  ]
}

export interface DeclaredIndex {
  /** `<table>_uk<n>` for the n-th unique key, `<table>_ix<n>` for the n-th index. */
  name: string
  unique: boolean
  columns: string[]
  /** The model's words for it: `uniqueKeys[0] (warehouseCode)`. */
  label: string
}

/** The unique keys (per tenant) and indexes a model declares, with the names the sync gives them. */
export function declaredIndexes(model: ModelSchema): DeclaredIndex[] {
  const tenant = isTenantScoped(model) ? ['tenant_id'] : []
  const columns = (fields: string[]) => [...tenant, ...fields.map(snakeCase)]
  return [
    ...(model.uniqueKeys ?? []).map((key, i) => ({
      name: `${model.table}_uk${i + 1}`,
      unique: true,
      columns: columns(key.fields),
      label: `uniqueKeys[${i}] (${key.fields.join(', ')})`,
    })),
    ...(model.indexes ?? []).map((fields, i) => ({
      name: `${model.table}_ix${i + 1}`,
      unique: false,
      columns: columns(fields),
      label: `indexes[${i}] (${fields.join(', ')})`,
    })),
  ]
}

export const indexDdl = (table: string, index: DeclaredIndex) =>
  `create ${index.unique ? 'unique ' : ''}index ${q(index.name)} on ${q(table)} (${index.columns.map(q).join(', ')})`

/** Indexes named as the sync names them belong to it: it drops them when the model no longer declares them. */
const ownedIndexName = (table: string, name: string) =>
  name.startsWith(`${table}_`) && /^(uk|ix)\d+$/.test(name.slice(table.length + 1))

const sameDefinition = (index: IndexFacts, declared: DeclaredIndex) =>
  !index.partial &&
  !index.primary &&
  index.unique === declared.unique &&
  index.columns.length === declared.columns.length &&
  index.columns.every((column, i) => column === declared.columns[i])

const notNullWanted = (field: ModelField) => field.required === true

/**
 * The data questions a model's differences with its table raise: a type change that is not a widening
 * (does every value convert unchanged?), a required field on a nullable column (any nulls?), a new unique
 * index (any duplicates?). Pure: `readModelTableFacts` asks exactly these, so nothing else is read.
 */
export function dataQuestions(model: ModelSchema, facts: Omit<TableFacts, 'answers'>): DataQuestion[] {
  if (model.view || !facts.exists) return []
  const columns = new Map(facts.columns.map((column) => [column.name, column]))
  const questions: DataQuestion[] = []
  for (const field of model.fields) {
    const column = columns.get(snakeCase(field.name))
    if (!column) continue
    const to = formattedType(field)
    if (column.type !== to && !isWidening(column.type, to))
      questions.push({
        key: `convert:${column.name}`,
        kind: 'convert',
        column: column.name,
        from: column.type,
        to,
      })
    if (notNullWanted(field) && !column.notNull)
      questions.push({ key: `nulls:${column.name}`, kind: 'nulls', column: column.name })
  }
  for (const index of declaredIndexes(model)) {
    if (index.unique && !facts.indexes.some((existing) => sameDefinition(existing, index)))
      questions.push({
        key: `duplicates:${index.columns.join(',')}`,
        kind: 'duplicates',
        columns: index.columns,
      })
  }
  return questions
}

const MIGRATION_HINT =
  'write a migration (server/migrations/00NN_<what>.ts, listed in server/migrations/index.ts) that changes the data or the column, then start again'
const RESET_HINT = 'on a development database, `npm run db:reset` starts over from the seed instead'

/**
 * The steps that bring a model's table to its model file, each safe (with its SQL) or refused (with why and
 * what to do). Pure: the same model and facts give the same plan, so it is unit-tested without a database
 * and shared by the start (syncModelTables) and live authoring (a model file changed while running).
 * Columns the model does not name are left alone (dropping data takes a migration), and so are indexes not
 * named like the sync's own (`<table>_uk<n>`, `<table>_ix<n>`: a migration's) and NOT NULL columns the
 * model does not require.
 */
export function planModelTable(model: ModelSchema, facts: TableFacts): ModelTablePlan {
  const file = expectedModelFile(model)
  const table = model.table
  const plan: ModelTablePlan = { model, file, table, steps: [] }
  const steps = plan.steps
  if (model.view) {
    steps.push(
      {
        kind: 'drop-view',
        target: table,
        description: `drop view ${table} (recreated from the model's select)`,
        status: 'safe',
        sql: [`drop view if exists ${q(table)}`],
      },
      {
        kind: 'create-view',
        target: table,
        description: `create view ${table}`,
        status: 'safe',
        sql: [`create view ${q(table)} as ${model.view}`],
      },
    )
    return plan
  }
  if (!facts.exists) {
    const pk = `${q(snakeCase(model.primaryKey))} bigint generated by default as identity primary key`
    const fieldColumns = model.fields.map(
      (field) => `${q(snakeCase(field.name))} ${columnType(field)}${notNullWanted(field) ? ' not null' : ''}`,
    )
    steps.push({
      kind: 'create-table',
      target: table,
      description: `create table ${table}`,
      status: 'safe',
      sql: [`create table ${q(table)} (${[pk, ...fieldColumns, ...auditColumns(model)].join(', ')})`],
    })
    for (const index of declaredIndexes(model))
      steps.push({
        kind: 'create-index',
        target: index.name,
        description: `create ${index.label} as ${index.name}`,
        status: 'safe',
        sql: [indexDdl(table, index)],
      })
    return plan
  }
  const answers = facts.answers ?? {}
  const columns = new Map(facts.columns.map((column) => [column.name, column]))
  const refuse = (step: Omit<ModelTableStep, 'status' | 'sql' | 'why'>, why: string) =>
    steps.push({ ...step, status: 'refused', why: `${file}: ${why}` })
  for (const field of model.fields) {
    const name = snakeCase(field.name)
    const column = columns.get(name)
    const type = columnType(field)
    if (!column) {
      steps.push({
        kind: 'add-column',
        target: field.name,
        description: `add column ${table}.${name} ${type}`,
        status: 'safe',
        sql: [`alter table ${q(table)} add column ${q(name)} ${type}`],
      })
      continue
    }
    const to = formattedType(field)
    if (column.type !== to) {
      const step = {
        kind: 'alter-type' as const,
        target: field.name,
        description: `change ${table}.${name} from ${column.type} to ${to}`,
      }
      if (isWidening(column.type, to)) {
        steps.push({
          ...step,
          status: 'safe',
          sql: [`alter table ${q(table)} alter column ${q(name)} type ${type}`],
        })
      } else {
        const answer = answers[`convert:${name}`]
        const why = conversionRefusal(field, column, to, answer)
        if (why) refuse(step, why)
        else
          steps.push({
            ...step,
            status: 'safe',
            sql: [`alter table ${q(table)} alter column ${q(name)} type ${type} using ${q(name)}::${type}`],
          })
      }
    }
    // A required field's column becomes NOT NULL when no row lacks it; with nulls it stays as it is (the API
    // refuses a missing value anyway) until a migration fills them.
    if (notNullWanted(field) && !column.notNull && answers[`nulls:${name}`]?.count === 0)
      steps.push({
        kind: 'set-not-null',
        target: field.name,
        description: `make ${table}.${name} not null (the field is required)`,
        status: 'safe',
        sql: [`alter table ${q(table)} alter column ${q(name)} set not null`],
      })
  }
  planIndexes(plan, facts, answers, refuse)
  return plan
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text)

function conversionRefusal(
  field: ModelField,
  column: ColumnFacts,
  to: string,
  answer: DataAnswer | undefined,
): string | undefined {
  const where = `field ${field.name}: the column ${column.name} is ${column.type} in the database, the model asks for ${to}`
  if (!answer) return `${where}, and its rows were not read; ${MIGRATION_HINT}.`
  if (answer.error)
    return `${where}, and PostgreSQL cannot convert it (${answer.error}); ${MIGRATION_HINT}, or change the field's type back; ${RESET_HINT}.`
  if (answer.count === 0) return undefined
  const example = answer.example === undefined ? '' : ` (e.g. ${JSON.stringify(clip(answer.example))})`
  if (field.type === 'string' && answer.longest !== undefined)
    return `${where}, but ${answer.count} row(s) hold longer values, up to ${answer.longest} characters${example}: keep maxLength at ${answer.longest} or more, or ${MIGRATION_HINT}; ${RESET_HINT}.`
  return `${where}, but ${answer.count} row(s) would change or not convert${example}: ${MIGRATION_HINT}, or keep the field as it was; ${RESET_HINT}.`
}

/** Indexes by definition: one that matches keeps its data (renamed if its position changed). */
function planIndexes(
  plan: ModelTablePlan,
  facts: TableFacts,
  answers: Record<string, DataAnswer>,
  refuse: (step: Omit<ModelTableStep, 'status' | 'sql' | 'why'>, why: string) => void,
) {
  const { model, table, steps } = plan
  const declared = declaredIndexes(model)
  const matched = new Map<DeclaredIndex, IndexFacts>()
  const used = new Set<IndexFacts>()
  for (const index of declared) {
    // Prefer the index already of that name, then any other of the same definition.
    const candidates = facts.indexes.filter(
      (existing) => !used.has(existing) && sameDefinition(existing, index),
    )
    const found = candidates.find((existing) => existing.name === index.name) ?? candidates[0]
    if (found) {
      matched.set(index, found)
      used.add(found)
    }
  }
  for (const existing of facts.indexes) {
    if (used.has(existing) || existing.constraint || !ownedIndexName(table, existing.name)) continue
    steps.push({
      kind: 'drop-index',
      target: existing.name,
      description: `drop index ${existing.name} on (${existing.columns.join(', ')}): the model no longer declares it`,
      status: 'safe',
      sql: [`drop index ${q(existing.name)}`],
    })
  }
  // Renames go through a temporary name so two indexes can swap places.
  // A migration's index of the same definition keeps its name (a later migration may name it), and so does a
  // constraint's.
  const renames = declared.filter((index) => {
    const existing = matched.get(index)
    return (
      existing && !existing.constraint && ownedIndexName(table, existing.name) && existing.name !== index.name
    )
  })
  for (const index of renames) {
    const from = matched.get(index)!.name
    steps.push({
      kind: 'rename-index',
      target: index.name,
      description: `rename index ${from} to ${index.name} (${index.label} moved)`,
      status: 'safe',
      sql: [`alter index ${q(from)} rename to ${q(`${index.name}_renamed`)}`],
    })
  }
  for (const index of renames)
    steps.push({
      kind: 'rename-index',
      target: index.name,
      description: `rename index ${index.name}_renamed to ${index.name}`,
      status: 'safe',
      sql: [`alter index ${q(`${index.name}_renamed`)} rename to ${q(index.name)}`],
    })
  for (const index of declared.filter((index) => !matched.has(index))) {
    const step = {
      kind: 'create-index' as const,
      target: index.name,
      description: `create ${index.label} as ${index.name} on (${index.columns.join(', ')})`,
    }
    // A name held by another definition's index that is not dropped here (it backs a constraint) is a conflict.
    const squatter = facts.indexes.find(
      (existing) => existing.name === index.name && !used.has(existing) && existing.constraint,
    )
    const answer = index.unique ? answers[`duplicates:${index.columns.join(',')}`] : { count: 0 }
    if (squatter)
      refuse(
        step,
        `${index.label}: the database already has an index ${index.name} on (${squatter.columns.join(', ')}); ${MIGRATION_HINT}.`,
      )
    else if (!answer)
      refuse(step, `${index.label}: the rows were not checked for duplicates; ${MIGRATION_HINT}.`)
    else if (answer.count > 0)
      refuse(
        step,
        `${index.label}: ${answer.count} value(s) of (${index.columns.join(', ')}) occur more than once in ${table}` +
          `${answer.example === undefined ? '' : ` (e.g. ${clip(answer.example)})`}, so the unique index cannot be created: ` +
          `${MIGRATION_HINT} (merge or renumber the duplicates), or keep the previous uniqueKeys; ${RESET_HINT}.`,
      )
    else steps.push({ ...step, status: 'safe', sql: [indexDdl(table, index)] })
  }
}

export const refusedSteps = (plan: ModelTablePlan) =>
  plan.steps.filter(
    (step): step is Extract<ModelTableStep, { status: 'refused' }> => step.status === 'refused',
  )
