import type { Kysely } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'

/** A model table seen through Kysely: dynamic table and column names, rows as plain records. */
export type Row = Record<string, unknown>
export type ModelDb = Kysely<Record<string, Row>>

/** The same connection (or transaction) viewed for model tables; the types differ, the queries do not. */
export const modelDb = (db: Db) => db as unknown as ModelDb

export const isOwnerScoped = (model: ModelSchema, session: Session) =>
  model.ownerScope?.roleCodes.includes(session.roleCode) === true

/**
 * Column = value conditions limiting rows to what the session may see and change: its tenant's rows, and
 * only its own when its role is listed in the model's ownerScope.
 */
export function scopeConditions(model: ModelSchema, session: Session): Array<[string, number]> {
  const conditions: Array<[string, number]> = []
  if (model.tenantScoped !== false) conditions.push(['tenantId', session.tenantId])
  if (isOwnerScoped(model, session)) conditions.push(['createdBy', session.userId])
  return conditions
}
