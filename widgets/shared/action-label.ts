import type { PageAction, TextResolver } from '../../renderer/index'

/** The button text of an action: its own label, or the shared text of its type. */
export const actionLabel = (action: PageAction, t: TextResolver) =>
  t(action.label ?? `common.action.${action.type}`)

/** The action's id within the page (for keys and debouncing). */
export const actionKey = (action: PageAction) =>
  action.key ?? (action.type === 'action' ? action.name : action.type)
