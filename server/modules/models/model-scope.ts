import { sql, type Kysely, type RawBuilder, type WhereInterface } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { behaviourOf } from './behaviour.ts'
import { documentOf } from './model-documents.ts'
import { snakeCase } from './naming.ts'

/** A model table seen through Kysely: dynamic table and column names, rows as plain records. */
export type Row = Record<string, unknown>
export type ModelDb = Kysely<Record<string, Row>>

/** The same connection (or transaction) viewed for model tables; the types differ, the queries do not. */
export const modelDb = (db: Db) => db as unknown as ModelDb

export const isOwnerScoped = (model: ModelSchema, session: Session) =>
  model.ownerScope?.roleCodes.includes(session.roleCode) === true

/** The kinds of data permission a model's `dataScope` may name. */
export type ScopeType = 'warehouse' | 'owner' | 'customer' | 'vendor' | 'organization'

/**
 * Where the grants of each kind are kept (the wmdm user-permission models: user ↔ warehouse, owner, customer,
 * vendor, inventory organisation) and the column holding the granted id.
 */
export const GRANT_TABLES: Record<ScopeType, { table: string; column: string }> = {
  warehouse: { table: 'wmdm_user_warehouse', column: 'warehouse_id' },
  owner: { table: 'wmdm_user_owner', column: 'owner_id' },
  customer: { table: 'wmdm_user_customer', column: 'customer_id' },
  vendor: { table: 'wmdm_user_vendor', column: 'vendor_id' },
  organization: { table: 'wmdm_user_inv_organization', column: 'inv_organization_id' },
}

/**
 * Roles whose data access is unrestricted: the administrators (their permission list is `*`) and any role
 * granted ALL_DATA_PERMISSION (read with the session, server/plugins/auth.ts). Every other role
 * sees only the warehouses, owners, customers, vendors and organisations granted to the user — nothing granted,
 * nothing seen (schemas/README.md "Data permissions").
 */
export const UNRESTRICTED_ROLE_CODES: readonly string[] = ['site-admin', 'tenant-admin']

/** The permission code of "all data": a role holding it (as `*` roles do) is not limited by data permissions. */
export const ALL_DATA_PERMISSION = 'wmdm.dataPermission.all'

export const isDataUnrestricted = (session: Session) =>
  session.dataUnrestricted === true || UNRESTRICTED_ROLE_CODES.includes(session.roleCode)

/** `array(select <id> from <grants> where tenant and user)`: the ids of one kind granted to the session's user. */
export function grantedIds(scope: ScopeType, session: Session): RawBuilder<number[]> {
  const { table, column } = GRANT_TABLES[scope]
  return sql<
    number[]
  >`array(select g.${sql.ref(column)} from ${sql.table(table)} g where g.tenant_id = ${session.tenantId} and g.user_id = ${session.userId})`
}

const scopedFields = (model: ModelSchema) =>
  Object.entries(model.dataScope ?? {}).filter((entry): entry is [ScopeType, string] => Boolean(entry[1]))

/**
 * A module's own data permission on a model, kept by the module rather than the wmdm grants (e.g. the logistics
 * user permissions, server/modules/ets/scope.ts): more column = value conditions for a restricted session,
 * given as `scope` in the app's behaviour list (behaviour.ts). Like `dataScope`, it limits every list, get,
 * update, delete, aggregate, export and action of a role whose data access is restricted.
 */
export type RowScope = (session: Session) => Array<[string, RawBuilder<unknown>]>
/**
 * Column = value conditions limiting rows to what the session may see and change: its tenant's rows, only its
 * own when its role is listed in the model's ownerScope, and — for a role whose data access is restricted —
 * only rows whose `dataScope` fields hold ids granted to the user (`= any(array(select …))`, so a row with an
 * empty scoped field is not seen either, unless the model lists that kind in `dataScopeOptional`: then an empty
 * field does not limit the row). Every list, get, update, delete, aggregate, export and action goes through here.
 * The column is a field name, or an expression over the row's own (unqualified, snake_case) columns.
 */
export type ScopeCondition = [string | RawBuilder<unknown>, number | RawBuilder<unknown>]

export function scopeConditions(model: ModelSchema, session: Session): ScopeCondition[] {
  const conditions: ScopeCondition[] = []
  if (model.tenantScoped !== false) conditions.push(['tenantId', session.tenantId])
  if (isOwnerScoped(model, session)) conditions.push(['createdBy', session.userId])
  if (!isDataUnrestricted(session)) {
    const optional = new Set<string>(model.dataScopeOptional ?? [])
    for (const [scope, field] of scopedFields(model)) {
      if (!optional.has(scope)) {
        conditions.push([field, sql`any(${grantedIds(scope, session)})`])
        continue
      }
      // `dataScopeOptional`: an empty field does not limit the row (0 is no id: identities start at 1)
      conditions.push([
        sql`coalesce(${sql.ref(snakeCase(field))}, 0)`,
        sql`any(array_append(${grantedIds(scope, session)}, 0::bigint))`,
      ])
    }
    for (const scope of behaviourOf(model).scopes(model)) conditions.push(...scope(session))
  }
  // A line is seen (changed, exported, counted) only when its document is (model-documents.ts); a line
  // naming no document is limited by its own conditions only (0 is no id: identities start at 1).
  const document = documentOf(model)
  if (document) {
    const limits = scopeConditions(document.header, session).filter(([column]) => column !== 'tenantId')
    if (limits.length)
      conditions.push([
        sql`coalesce(${sql.ref(snakeCase(document.field))}, 0)`,
        sql`any(array_append(${visibleIds(document.header, limits, session)}, 0::bigint))`,
      ])
  }
  return conditions
}

/** `array(select <id> from <model table> where <conditions>)`: the ids of the rows `conditions` let through. */
function visibleIds(model: ModelSchema, conditions: ScopeCondition[], session: Session) {
  // an expression column names the model's own columns unqualified: the subquery reads its table only
  const where = conditions.map(
    ([column, value]) =>
      sql`${typeof column === 'string' ? sql`h.${sql.ref(snakeCase(column))}` : column} = ${value}`,
  )
  if (model.tenantScoped !== false) where.push(sql`h.tenant_id = ${session.tenantId}`)
  return sql<
    number[]
  >`array(select h.${sql.ref(snakeCase(model.primaryKey))} from ${sql.table(model.table)} h where ${sql.join(where, sql` and `)})`
}

/**
 * `query` limited to the rows `scopeConditions` lets the session see and change: one `where(column, '=', value)`
 * per condition. Takes any builder of a model table with Kysely's `where` (select, update, delete) and answers
 * the same builder type.
 */
export function inScope<Q extends WhereInterface<Record<string, Row>, string>>(
  query: Q,
  model: ModelSchema,
  session: Session,
): Q {
  let scoped: WhereInterface<Record<string, Row>, string> = query
  for (const [column, value] of scopeConditions(model, session)) scoped = scoped.where(column, '=', value)
  // each `where` of a builder answers a builder of its own kind (WhereInterface declares only the interface)
  return scoped as Q
}

/**
 * A restricted user may only write rows pointing at what is granted to them: 400 naming the field otherwise.
 * The primary key is not checked here (a new warehouse has no id yet; `grantCreatedRow` grants it).
 */
export async function checkScopedValues(db: Db, model: ModelSchema, session: Session, values: Row) {
  if (isDataUnrestricted(session)) return
  const fields: Record<string, string> = {}
  for (const [scope, field] of scopedFields(model)) {
    const value = values[field]
    if (field === model.primaryKey || value === undefined || value === null || value === '') continue
    const { table, column } = GRANT_TABLES[scope]
    const granted = await sql<{ one: number }>`select 1 as one from ${sql.table(table)}
      where tenant_id = ${session.tenantId} and user_id = ${session.userId} and ${sql.ref(column)} = ${Number(value)}`.execute(
      db,
    )
    if (!granted.rows.length)
      fields[field] = `${field} ${String(value)}: this ${scope} is not granted to you (ask an administrator)`
  }
  if (Object.keys(fields).length)
    throw badRequest(`Invalid request body: ${Object.values(fields).join('; ')}.`, fields)
}

/**
 * A restricted user who creates a row of a model scoped by its own key (a warehouse, an owner …) is granted it,
 * so they can go on working with what they made.
 */
export async function grantCreatedRow(db: Db, model: ModelSchema, session: Session, row: Row) {
  if (isDataUnrestricted(session)) return
  for (const [scope, field] of scopedFields(model)) {
    if (field !== model.primaryKey) continue
    const { table, column } = GRANT_TABLES[scope]
    const prefix = column.replace(/_id$/, '')
    const code = row[`${field.replace(/Id$/, '')}Code`] ?? null
    const name = row[`${field.replace(/Id$/, '')}Name`] ?? null
    await sql`insert into ${sql.table(table)} (tenant_id, user_id, login_name, ${sql.ref(column)},
        ${sql.ref(`${prefix}_code`)}, ${sql.ref(`${prefix}_name`)}, created_by, last_updated_by)
      select ${session.tenantId}, u.id, u.login_name, ${Number(row[field])}, ${code}, ${name}, u.id, u.id
      from iam_user u where u.id = ${session.userId}`.execute(db)
  }
}
