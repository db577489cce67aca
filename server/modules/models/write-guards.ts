/**
 * Write guards: server code a model's generic create / update / delete runs in the same transaction before
 * writing, for rules the model file cannot say (a line may change only while its document is NEW, a value is
 * copied from the header, a counted quantity gives a difference). A guard may fill or change `values` (the
 * columns about to be written) and throws an AppError to refuse: nothing is written.
 */
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { behaviourOf } from './behaviour.ts'
import type { Row } from './model-scope.ts'

export interface WriteContext {
  db: Db
  model: ModelSchema
  session: Session
  op: 'create' | 'update' | 'delete'
  /** The columns about to be written (create, update) or the request body (delete): change them in place. */
  values: Row
  /** The request body as sent. */
  body: Row
}

export type WriteGuard = (context: WriteContext) => Promise<void>

/** Runs the guards the app's behaviour list gives the model (behaviour.ts), in list order. */
export async function runWriteGuards(context: WriteContext): Promise<void> {
  for (const guard of behaviourOf(context.model).writeGuards(context.model)) await guard(context)
}
