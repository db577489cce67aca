/**
 * Row actions that restate a transition of their model's lifecycle (issue 20): a `type: "action"` row action
 * whose name, path, permission code and `visibleWhen` are exactly what `{"transition": <name>}` takes from the
 * model (renderer/schema/transition-actions.ts), so the short form changes nothing the page shows or does.
 * `visibleWhen` counts as restated when it shows the action in the transition's `from` statuses, written
 * either as `in` or, for one status, as `eq`.
 */
import { pointerSegment } from '../../renderer/schema/issue'
import type { ModelSchema } from '../../renderer/schema/model'
import type { ModelFacts, ModelLookup } from '../../renderer/schema/model-inheritance'
import { TransitionAction } from '../../renderer/schema/page-actions'
import { lifecycleFacts, transitionAction } from '../../renderer/schema/transition-actions'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What a transition row action may keep of the full one (besides the name it becomes). */
const OWN = new Set(Object.keys(TransitionAction.properties))
const TAKEN = new Set(['type', 'name', 'path', 'permission', 'visibleWhen'])

/** `{op: "eq", value: x}` and `{op: "in", value: [x]}` show an action on the same rows. */
export function sameRows(a: unknown, b: unknown): boolean {
  const norm = (c: unknown) =>
    isObject(c) && c.op === 'eq' && c.field !== undefined ? { field: c.field, op: 'in', value: [c.value] } : c
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b))
}

/** The row actions of `page` restating a transition: pointer of each action and its transition's name. */
export function restatedTransitions(
  page: unknown,
  models: ModelLookup,
): Array<{ pointer: string; name: string }> {
  if (!isObject(page)) return []
  const blocks: Array<[unknown, string]> = [[page, '']]
  if (Array.isArray(page.details)) page.details.forEach((d, i) => blocks.push([d, `/details/${i}`]))
  const found: Array<{ pointer: string; name: string }> = []
  for (const [block, base] of blocks) {
    if (!isObject(block) || !isObject(block.dataSource) || !isObject(block.table)) continue
    const key = block.dataSource.model
    const actions = block.table.rowActions
    if (typeof key !== 'string' || !Array.isArray(actions)) continue
    const model: ModelFacts | ModelSchema | undefined =
      models instanceof Map ? models.get(key) : (models as Record<string, ModelFacts | ModelSchema>)[key]
    const lifecycle = model && ('resource' in model ? lifecycleFacts(model) : model.lifecycle)
    if (!lifecycle) continue
    actions.forEach((action: unknown, i) => {
      if (!isObject(action) || action.type !== 'action' || typeof action.name !== 'string') return
      if (Object.keys(action).some((k) => !OWN.has(k) && !TAKEN.has(k))) return
      const own = Object.fromEntries(Object.entries(action).filter(([k]) => OWN.has(k)))
      const full = transitionAction({ ...own, transition: action.name }, lifecycle)
      if (!full || full.path !== action.path || full.permission !== action.permission) return
      if (!sameRows(action.visibleWhen, full.visibleWhen)) return
      found.push({ pointer: `${base}/table/rowActions/${pointerSegment(i)}`, name: action.name })
    })
  }
  return found
}
