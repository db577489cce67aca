import type { Notifier, PageAction, TextResolver } from '../../renderer/index'

type ServerAction = Extract<PageAction, { type: 'action' }>

/** The top-level text, number and yes/no fields of a server action's answer, for {field} placeholders. */
export function answerVars(answer: unknown): Record<string, string | number> {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return {}
  const vars: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(answer)) {
    if (typeof value === 'string' || typeof value === 'number') vars[name] = value
    else if (typeof value === 'boolean') vars[name] = String(value)
  }
  return vars
}

/**
 * Tells the user a server action went through: its `successMessage` (or the shared "Succeeded") with {field}
 * placeholders filled from the answer, e.g. "Connected: {message}". An answer `{ ok: false, message }` is a
 * test that reached its target and failed there (a connection test of an outside system): the server's
 * message is shown as a warning instead, never a success.
 */
export function notifyActed(notify: Notifier, t: TextResolver, action: ServerAction, answer: unknown): void {
  const vars = answerVars(answer)
  if ((answer as { ok?: unknown } | null)?.ok === false && typeof vars.message === 'string')
    notify.warning(vars.message)
  else notify.success(t(action.successMessage ?? 'common.message.succeeded', vars))
}
