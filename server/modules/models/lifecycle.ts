/**
 * Document lifecycles (PLAT-WH-05): a model's `lifecycle` names its status field, the initial status and the
 * transitions. The status changes only through `POST <resource>/{id}/<action>`:
 *
 * 1. the row is locked (`select … for update`) within the caller's scope, else 404;
 * 2. its objectVersionNumber must be the one the client saw, else 409 (someone else changed it);
 * 3. its status must be one of the transition's `from`, else 409 naming the status and the allowed ones;
 * 4. the effects the app's behaviour list gives the action (behaviour.ts) run in the same transaction (stock moves, logs, follow-up rows):
 *    an effect that throws rolls everything back, the status included;
 * 5. the status becomes `to`, the version goes up, and the updated row is returned.
 *
 * Create always starts at `initial`; update never changes the status and, with `editable`, is allowed only in
 * those statuses; delete is allowed in `initial` only.
 */
import { sql } from 'kysely'
import type { ModelSchema, Transition } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { conflict, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { behaviourOf } from './behaviour.ts'
import { modelDb, inScope, type Row } from './model-scope.ts'

export interface TransitionContext {
  /** The transaction the transition runs in: use it for every write. */
  db: Db
  model: ModelSchema
  session: Session
  transition: Transition
  /** The row as it was before the transition, locked until the transaction ends. */
  row: Row
  /** The request body (the row as the client saw it, plus any parameters of the action). */
  body: Row
}

/**
 * Runs inside the transition's transaction; throw an AppError to refuse (everything rolls back). May return
 * `{ to }` to end in another status than the transition's (e.g. PARTIAL when only part was received); that
 * status must be one the model's value set knows.
 */
export type TransitionEffect = (context: TransitionContext) => Promise<void | { to?: string }>

/** The status a new row starts with (undefined for a model without lifecycle). */
export const initialStatus = (model: ModelSchema) => model.lifecycle?.initial

/** 409 unless a row of a model with lifecycle is still in its initial status (deleting a live document). */
export function checkDeletable(model: ModelSchema, row: Row): void {
  const lifecycle = model.lifecycle
  if (!lifecycle) return
  const status = row[lifecycle.field]
  if (status !== lifecycle.initial) {
    throw conflict(
      'error.lifecycle_state',
      `${model.entity} ${String(row[model.primaryKey])} is ${String(status)}: only a ${lifecycle.initial} one can be deleted; cancel it instead.`,
    )
  }
}

/** 409 when a row of a model with lifecycle is in a status its `editable` list leaves out. */
export function checkEditable(model: ModelSchema, row: Row): void {
  const editable = model.lifecycle?.editable
  if (!editable) return
  const status = String(row[model.lifecycle!.field])
  if (!editable.includes(status)) {
    throw conflict(
      'error.lifecycle_state',
      `${model.entity} ${String(row[model.primaryKey])} is ${status}: it can be changed only while ${editable.join(' or ')}. Reload it to see its status.`,
    )
  }
}

/** Runs one transition in `db` (a transaction); returns the row after it. */
export async function runTransition(
  db: Db,
  model: ModelSchema,
  transition: Transition,
  session: Session,
  id: number,
  body: Row,
): Promise<Row> {
  const lifecycle = model.lifecycle!
  const query = inScope(modelDb(db).selectFrom(model.table).selectAll(), model, session)
  const row = await query.where(model.primaryKey, '=', id).forUpdate().executeTakeFirst()
  if (!row) throw notFound(`${model.entity} ${id} does not exist (or is not yours): reload the list.`)
  const version = body.objectVersionNumber
  if (version !== undefined && version !== row.objectVersionNumber) {
    throw conflict(
      'error.object_version_changed',
      `${model.entity} ${id} was changed by someone else (your version ${String(version)}, current ${String(row.objectVersionNumber)}): reload it and try again.`,
    )
  }
  const status = String(row[lifecycle.field])
  if (!transition.from.includes(status)) {
    throw conflict(
      'error.lifecycle_state',
      `${model.entity} ${id} is ${status}: '${transition.action}' needs ${transition.from.join(' or ')}. Reload it to see its current status.`,
    )
  }
  let to = transition.to
  for (const effect of behaviourOf(model).effects(model, transition.action)) {
    const outcome = await effect({ db, model, session, transition, row, body })
    if (outcome?.to) to = outcome.to
  }
  return modelDb(db)
    .updateTable(model.table)
    .set({
      [lifecycle.field]: to,
      lastUpdatedBy: session.userId,
      lastUpdateDate: sql`localtimestamp(0)`,
      objectVersionNumber: sql`object_version_number + 1`,
    })
    .where(model.primaryKey, '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}
