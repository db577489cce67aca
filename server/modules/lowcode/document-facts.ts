/**
 * What a document page (a `form` or `master-detail` page with an `idParam` on a model with a lifecycle) shows
 * of a saved document besides its fields (issue 19): its number as the title, its status, the totals the
 * server keeps, and the actions its state allows. Derived here, for every such page, from the model and from
 * the document's list page, so no page file repeats them:
 *
 * - `numberField`: the model's field with a `codeRule` (the document number); `statusField`: its lifecycle's.
 * - `actions`: the list page's row actions of type `action` that run a transition of the lifecycle (by `name`,
 *   or the path's last segment; a row action naming a `transition` is completed from the model first), each shown only in the transition's `from` statuses (its own `visibleWhen`
 *   when it has one), with the list page's texts for their labels, confirmations and dialogs. The list page is
 *   the one the document page goes back to (`backTo`), else any list page of the model.
 * - `totals`: header fields the server sums from lines (`header.totals` of each detail's line model).
 */
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import {
  lifecycleFacts,
  namesTransition,
  transitionAction,
} from '../../../renderer/schema/transition-actions.ts'
import type { ServedPage } from './load-pages.ts'

type Json = Record<string, unknown>
interface Source {
  service?: string
  path?: string
}
interface ParsedPage extends Json {
  kind?: string
  route?: string
  backTo?: string
  idParam?: string
  dataSource?: Source
  details?: Array<{ key?: string; dataSource?: Source }>
  table?: { rowActions?: Json[] }
  texts?: Record<string, unknown>
}

export interface DocumentTransition {
  action: string
  from: string[]
  to: string
  permission?: string
}

export interface DocumentFacts {
  /** The detail page's route. */
  route: string
  /** Always true here; a page that is not a document page is answered `{route, document: false}`. */
  document: true
  model: string
  statusField: string
  numberField?: string
  transitions: DocumentTransition[]
  /** Row actions of the list page (`listRoute`) that run a transition, with `visibleWhen` set. */
  actions: Json[]
  listRoute?: string
  /** The list page's texts (labels, confirmations, dialogs of the actions). */
  texts: Record<string, unknown>
  /** `{field, detail, of}`: header `field` is the sum of `of` over the lines of detail `detail`. */
  totals: Array<{ field: string; detail: string; of: string }>
}

const parse = (page: ServedPage): ParsedPage | undefined => {
  try {
    return JSON.parse(page.source) as ParsedPage
  } catch {
    return undefined
  }
}

/** The model a data source reads: same service, path ending in the model's resource. */
export function modelOf(models: readonly ModelSchema[], source: Source | undefined): ModelSchema | undefined {
  if (!source?.service || !source.path) return undefined
  const resource = source.path.split('?')[0]!.split('/').pop()
  return models.find((m) => m.service === source.service && m.resource === resource)
}

const transitionOf = (action: Json, lifecycle: NonNullable<ModelSchema['lifecycle']>) => {
  if (action.type !== 'action' || typeof action.path !== 'string') return undefined
  const last = action.path.split('?')[0]!.split('/').pop()
  return (
    lifecycle.transitions.find((t) => t.action === action.name) ??
    lifecycle.transitions.find((t) => t.action === last)
  )
}

/** Facts of every document page of `pages`, by route. */
export function documentFacts(pages: readonly ServedPage[], models: readonly ModelSchema[]) {
  const parsed = pages.map(parse).filter((p): p is ParsedPage => !!p)
  const facts = new Map<string, DocumentFacts>()
  for (const page of parsed) {
    if ((page.kind !== 'form' && page.kind !== 'master-detail') || !page.idParam || !page.route) continue
    const model = modelOf(models, page.dataSource)
    const lifecycle = model?.lifecycle
    if (!model || !lifecycle) continue
    const lists = parsed.filter((p) => p.kind === 'list' && modelOf(models, p.dataSource) === model)
    const list = lists.find((p) => p.route === page.backTo) ?? lists[0]
    const actions = (list?.table?.rowActions ?? []).flatMap((written) => {
      // a row action naming a transition (`{"transition": …}`) is completed from the model, as the list shows it
      const action = namesTransition(written) ? transitionAction(written, lifecycleFacts(model)) : written
      if (!action) return []
      const transition = transitionOf(action, lifecycle)
      if (!transition) return []
      const visibleWhen = action.visibleWhen ?? { field: lifecycle.field, op: 'in', value: transition.from }
      return [{ ...action, visibleWhen }]
    })
    const totals = (page.details ?? []).flatMap((detail) => {
      const line = modelOf(models, detail.dataSource)
      return Object.entries(line?.header?.totals ?? {}).map(([field, of]) => ({
        field,
        detail: String(detail.key),
        of,
      }))
    })
    facts.set(page.route, {
      route: page.route,
      document: true,
      model: modelKey(model),
      statusField: lifecycle.field,
      numberField: model.fields.find((f) => f.codeRule)?.name,
      transitions: lifecycle.transitions.map(({ action, from, to, permission }) => ({
        action,
        from: [...from],
        to,
        ...(permission ? { permission } : {}),
      })),
      actions,
      ...(list?.route ? { listRoute: list.route } : {}),
      texts: list?.texts ?? {},
      totals,
    })
  }
  return facts
}
