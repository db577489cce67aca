/**
 * Values a module derives when a row of one of its models is written through the generic write path (create,
 * update, batch-save, with-lines, seed): e.g. a shipment's ship date from its ship time. A hook changes
 * `values` in place (it may set read-only fields) and may throw an AppError to refuse the write.
 */
import type { Session } from '../../types.ts'
import { noteRegistration } from './behaviour-registry.ts'
import type { Row } from './model-scope.ts'

export type WriteHook = (values: Row, context: { mode: 'create' | 'update'; session: Session }) => void

const hooks = new Map<string, WriteHook[]>()

/** Registers a hook for `<service>/<entity>`; registering the same function twice has no effect. */
export function onBeforeWrite(modelKey: string, hook: WriteHook): void {
  noteRegistration({ kind: 'write hook', modelKey })
  const list = hooks.get(modelKey) ?? []
  if (!list.includes(hook)) hooks.set(modelKey, [...list, hook])
}

export function runWriteHooks(
  modelKey: string,
  values: Row,
  context: { mode: 'create' | 'update'; session: Session },
): void {
  for (const hook of hooks.get(modelKey) ?? []) hook(values, context)
}
