/**
 * Row actions that name a lifecycle transition (issue 20): `{"transition": "pick", "label": "…"}` in a block's
 * `table.rowActions` runs the transition `pick` of the block's model (`dataSource.model`), taking from the model
 * file what a page used to restate: the POST path (`<resource>/{<primaryKey>}/pick`), the permission code and
 * `visibleWhen` (the transition's `from` statuses). The page gives only what is its own: the label, a
 * confirmation, a success message, a dialog, a key. Completed into a plain `type: "action"` row action by
 * inheritModel, before a page is validated and compiled, so every consumer (browser, server page check, the
 * document facts) sees one action language.
 *
 * @example
 *   transitionAction({ transition: 'pick', label: 'x.pick' }, facts)
 *   // { type: 'action', name: 'pick', label: 'x.pick', path: '/v1/{tenantId}/outbound-orders/{outboundOrderId}/pick',
 *   //   permission: 'winv.outboundOrder.button.pick', visibleWhen: { field: 'orderStatus', op: 'in', value: ['ALLOCATED'] } }
 */
import type { IssueDraft } from './issue'
import type { ModelSchema } from './model'
import { suggestName } from './suggest'

/** What a row action takes from a model's lifecycle: served with the page among its model facts. */
export interface LifecycleFacts {
  field: string
  /** POST path of the model's rows after the service prefix: `/v1/{tenantId}/<resource>` (or `/v1/<resource>`). */
  path: string
  primaryKey: string
  transitions: Array<{ action: string; from: string[]; permission: string }>
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The lifecycle facts of `model` (none without a lifecycle). */
export function lifecycleFacts(model: ModelSchema): LifecycleFacts | undefined {
  const lifecycle = model.lifecycle
  if (!lifecycle) return undefined
  return {
    field: lifecycle.field,
    path: `/v1/${model.tenantScoped === false ? '' : '{tenantId}/'}${model.resource}`,
    primaryKey: model.primaryKey,
    transitions: lifecycle.transitions.map(({ action, from, permission }) => ({
      action,
      from: [...from],
      permission,
    })),
  }
}

/** A row action naming a transition (`{"transition": …}`), before it is completed. */
export const namesTransition = (action: unknown): action is Json & { transition: string } =>
  isObject(action) && typeof action.transition === 'string' && action.type === undefined

/**
 * The full `type: "action"` row action of `short`, or undefined when the lifecycle has no such transition
 * (transitionIssues says why).
 */
export function transitionAction(short: Json, lifecycle: LifecycleFacts | undefined): Json | undefined {
  const { transition: name, ...own } = short
  const transition = lifecycle?.transitions.find((t) => t.action === name)
  if (!lifecycle || !transition) return undefined
  return {
    type: 'action',
    name: transition.action,
    path: `${lifecycle.path}/{${lifecycle.primaryKey}}/${transition.action}`,
    permission: transition.permission,
    visibleWhen: { field: lifecycle.field, op: 'in', value: [...transition.from] },
    ...own,
  }
}

/**
 * What the page gives of such an action (the properties of `TransitionAction` in ./page-actions.ts, as plain
 * names: this module is on the app's boot path, the TypeBox schemas are not; transition-actions.test.ts keeps the
 * two lists equal), and what it takes from the model.
 */
export const OWN: readonly string[] = ['transition', 'key', 'label', 'confirm', 'successMessage', 'dialog']
const TAKEN = ['type', 'name', 'path', 'permission', 'visibleWhen']

/**
 * Row actions naming a transition their block's model cannot complete: no model, a model without a lifecycle,
 * or an unknown transition (named with the closest one and the model's transitions).
 */
export function transitionIssues(
  page: unknown,
  lifecycleOf: (modelKey: string) => { known: boolean; lifecycle?: LifecycleFacts },
): IssueDraft[] {
  if (!isObject(page)) return []
  const blocks: Array<[unknown, string]> = [[page, '']]
  if (Array.isArray(page.details)) page.details.forEach((d, i) => blocks.push([d, `/details/${i}`]))
  const issues: IssueDraft[] = []
  for (const [block, base] of blocks) {
    if (!isObject(block) || !isObject(block.table) || !Array.isArray(block.table.rowActions)) continue
    const key = isObject(block.dataSource) ? block.dataSource.model : undefined
    block.table.rowActions.forEach((action, i) => {
      if (!namesTransition(action)) return
      const pointer = `${base}/table/rowActions/${i}/transition`
      const name = action.transition
      for (const key of Object.keys(action).filter((k) => !OWN.includes(k)))
        issues.push({
          pointer: `${base}/table/rowActions/${i}/${key}`,
          message: TAKEN.includes(key)
            ? `'${key}' of a row action naming a transition comes from the model's lifecycle`
            : `unknown property '${key}' of a row action naming a transition`,
          suggestion: TAKEN.includes(key)
            ? `drop it, or write the action in full ("type": "action") to differ from the model`
            : suggestName(key, OWN, 'allowed properties'),
        })
      if (typeof key !== 'string') {
        issues.push({
          pointer,
          message: `row action names transition '${name}', but its block names no model (dataSource.model) to take it from`,
          suggestion: `add "model" to ${base}/dataSource, or write the action in full ("type": "action", "name", "path", "permission")`,
        })
        return
      }
      const { known, lifecycle } = lifecycleOf(key)
      if (!known) return // the unknown model is reported at dataSource.model
      const actions = lifecycle?.transitions.map((t) => t.action) ?? []
      if (!lifecycle)
        issues.push({
          pointer,
          message: `row action names transition '${name}', but the model ${key} has no lifecycle`,
          suggestion: `add a lifecycle with '${name}' to the model file, or write the action in full ("type": "action")`,
        })
      else if (!actions.includes(name))
        issues.push({
          pointer,
          message: `unknown transition '${name}' of the model ${key}, whose transitions are: ${actions.join(', ')}`,
          suggestion: suggestName(name, actions, `the model's transitions`),
        })
    })
  }
  return issues
}
