/**
 * Runs an SQL-type Lov view. The SQL text is a server-side definition (lov-views.json, checked on seed); the
 * request contributes values only: session placeholders and search values are bound as parameters, and the
 * columns searched are the view's query fields, whitelisted before this runs. The view's rows are wrapped as a
 * subquery, so search, sort and paging apply to its output columns.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Page } from '../../../renderer/contract/wire.ts'
import { modelKey } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { snakeCase } from '../models/naming.ts'
import { AppError } from '../../errors.ts'
import { registeredModels } from '../models/model-documents.ts'
import { grantedIds, isDataUnrestricted, scopeConditions, type ScopeType } from '../models/model-scope.ts'
import { keywordFields } from '../../../renderer/contract/lov-view.ts'
import { placeholdersOf, type SqlPlaceholder } from './lov-view-definition.ts'
import type { StoredLovView } from './lov-views.ts'
import { pageOf } from '../../paging.ts'
import { escapeLike } from '../../like.ts'

export type LovRow = Record<string, unknown>

/** Field names are checked camelCase identifiers; quoted all the same. */
const column = (field: string) => sql.id(snakeCase(field))

const GRANT_PLACEHOLDERS: Record<
  Exclude<SqlPlaceholder, 'tenantId' | 'organizationId' | 'userId' | 'language'>,
  ScopeType
> = {
  grantedWarehouses: 'warehouse',
  grantedOwners: 'owner',
  grantedCustomers: 'customer',
  grantedVendors: 'vendor',
  grantedInvOrganizations: 'organization',
}

function sessionValue(name: SqlPlaceholder, session: Session, language: string): RawBuilder<unknown> {
  switch (name) {
    case 'tenantId':
    case 'organizationId':
      return sql`cast(${session.tenantId} as bigint)`
    case 'userId':
      return sql`cast(${session.userId} as bigint)`
    case 'language':
      return sql`cast(${language} as text)`
    default:
      return isDataUnrestricted(session)
        ? sql`cast(null as bigint[])`
        : sql`cast(${grantedIds(GRANT_PLACEHOLDERS[name], session)} as bigint[])`
  }
}

/** The view's SQL with every {placeholder} replaced by a bound parameter from the session. */
export function boundViewSql(text: string, session: Session, language: string): RawBuilder<unknown> {
  const parts = text.split(/\{\w+\}/)
  const names = placeholdersOf(text) as SqlPlaceholder[]
  return sql.join(
    parts.flatMap((part, i) => {
      const name = names[i]
      return name ? [sql.raw(part), sessionValue(name, session, language)] : [sql.raw(part)]
    }),
    sql``,
  )
}

/**
 * A Lov reads what the list of the same rows shows: every table of a model whose scope limits the session
 * (data permissions, owner scope, a line's document, a module's row scope: model-scope.ts) is read through
 * that scope. `with <table> as (select * from <table> where <scope>)` shadows the table for the whole view —
 * its joins and subqueries too — while the CTE's own body still reads the table (a CTE without RECURSIVE does
 * not see itself). The tenant condition is left to the view's own {tenantId}. A view naming such a table with
 * its schema would get past the shadow: it is refused rather than run unscoped.
 */
function scopedTables(view: StoredLovView, text: string, session: Session): RawBuilder<unknown> {
  const shadows: RawBuilder<unknown>[] = []
  for (const model of registeredModels()) {
    const table = model.table
    if (!new RegExp(`\\b${table}\\b`, 'i').test(text)) continue
    const conditions = scopeConditions(model, session)
    if (!conditions.some(([column]) => column !== 'tenantId')) continue
    if (new RegExp(`\\.\\s*"?${table}\\b`, 'i').test(text))
      throw new AppError(
        409,
        'error.lov_scope',
        `Value list '${view.lovCode}' reads ${table} with a schema name, so the data permissions of ${modelKey(model)} cannot be applied to it: it is not run. Name the table without its schema in the view's SQL (ask an administrator).`,
      )
    const where = conditions.map(
      ([name, value]) => sql`${typeof name === 'string' ? sql.ref(snakeCase(name)) : name} = ${value}`,
    )
    shadows.push(
      sql`${sql.id(table)} as (select * from ${sql.id(table)} where ${sql.join(where, sql` and `)})`,
    )
  }
  return shadows.length ? sql`with ${sql.join(shadows)} ` : sql``
}

export interface LovSqlRequest {
  search: Record<string, string>
  /** The typed text: any keyword field contains it; rows where one equals or starts with it come first. */
  keyword?: string
  /** Only the rows whose value field is one of these (naming ids in read-only cells). */
  ids?: string[]
  page: number
  size: number
  language: string
}

/**
 * How well a row matches the typed text: 0 a keyword field equals it, 1 one starts with it, 2 one contains it.
 * Prefix matches are what a clerk typing a code or scanning a barcode means, so they rank first.
 */
function keywordRank(fields: string[], keyword: string): RawBuilder<unknown> {
  const text = (field: string) => sql`lower(cast(${column(field)} as text))`
  const lowered = keyword.toLowerCase()
  const any = (test: (field: string) => RawBuilder<unknown>) => sql.join(fields.map(test), sql` or `)
  return sql`case when ${any((f) => sql`${text(f)} = ${lowered}`)} then 0
    when ${any((f) => sql`${text(f)} like ${`${escapeLike(lowered)}%`}`)} then 1 else 2 end`
}

export async function sqlViewPage(
  db: Db,
  view: StoredLovView,
  session: Session,
  request: LovSqlRequest,
): Promise<Page<LovRow>> {
  if (!view.sqlText) throw new Error(`Lov view ${view.viewCode} is SQL-type but has no SQL text`)
  const base = boundViewSql(view.sqlText, session, request.language)
  const scoped = scopedTables(view, view.sqlText, session)
  const conditions = view.queryFields.flatMap((field) => {
    const value = request.search[field.field]
    if (value === undefined || value === '') return []
    return field.matchMode === 'exact'
      ? [sql`cast(${column(field.field)} as text) = ${value}`]
      : [sql`cast(${column(field.field)} as text) ilike ${`%${escapeLike(value)}%`}`]
  })
  const keyword = request.keyword?.trim()
  const searched = keyword ? keywordFields(view) : []
  if (keyword)
    conditions.push(
      sql`(${sql.join(
        searched.map((f) => sql`cast(${column(f)} as text) ilike ${`%${escapeLike(keyword)}%`}`),
        sql` or `,
      )})`,
    )
  if (request.ids)
    conditions.push(sql`cast(${column(view.valueField)} as text) in (${sql.join(request.ids)})`)
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
  const order = [
    ...(keyword ? [keywordRank(searched, keyword)] : []),
    ...[view.sortField, view.valueField]
      .filter((field, i, all): field is string => Boolean(field) && all.indexOf(field) === i)
      .map((field) => sql`${column(field)} asc`),
  ]
  const { page, size } = request
  const [count, rows] = await Promise.all([
    sql<{
      total: number
    }>`${scoped}select cast(count(*) as integer) as total from (${base}) as lov ${where}`.execute(db),
    sql<LovRow>`${scoped}select * from (${base}) as lov ${where} order by ${sql.join(order)}
      limit ${size} offset ${page * size}`.execute(db),
  ])
  const total = count.rows[0]?.total ?? 0
  return pageOf(rows.rows, total, page, size)
}

/**
 * Which of `values` the view's value field holds among the rows the session gets from it (its placeholders
 * bound from the session, as for a picker): server-side checks of values against a Lov (data dimensions).
 */
export async function sqlViewHas(
  db: Db,
  view: StoredLovView,
  session: Session,
  values: string[],
  language: string,
): Promise<Set<string>> {
  if (!view.sqlText) throw new Error(`Lov view ${view.viewCode} is SQL-type but has no SQL text`)
  if (!values.length) return new Set()
  const base = boundViewSql(view.sqlText, session, language)
  const scoped = scopedTables(view, view.sqlText, session)
  const valueColumn = column(view.valueField)
  const found = await sql<{ value: string }>`${scoped}select distinct cast(${valueColumn} as text) as value
    from (${base}) as lov where cast(${valueColumn} as text) in (${sql.join(values)})`.execute(db)
  return new Set(found.rows.map((row) => row.value))
}
