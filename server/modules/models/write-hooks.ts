/**
 * Values a module derives when a row of one of its models is written through the generic write path (create,
 * update, batch-save, with-lines, seed): e.g. a shipment's ship date from its ship time. A hook changes
 * `values` in place (it may set read-only fields) and may throw an AppError to refuse the write.
 */
import type { Session } from '../../types.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { behaviourOf } from './behaviour.ts'
import type { Row } from './model-scope.ts'

export type WriteHook = (values: Row, context: { mode: 'create' | 'update'; session: Session }) => void

/** Runs the hooks the app's behaviour list gives the model (behaviour.ts). */
export function runWriteHooks(
  model: ModelSchema,
  values: Row,
  context: { mode: 'create' | 'update'; session: Session },
): void {
  for (const hook of behaviourOf(model).writeHooks(model)) hook(values, context)
}
