/**
 * Pages inherit their model (issue 20): a field of a block whose `dataSource.model` names a model file takes
 * that model field's constraints (required, maxLength, pattern, min, max, precision from the scale, value set)
 * unless the page writes its own, so a page gives only labels, widgets and overrides. An override may be
 * tighter than the model, never looser: the server would then refuse what the form accepts
 * (looserThanModelIssues, reported by the shared page check). Pure: used by the page check (schemas:check and
 * the server's page load) and by the browser before a page is validated and compiled.
 *
 * @example
 *   const page = inheritModel(JSON.parse(text), { 'wms/goods': modelFacts(goodsModel) })
 */
import type { IssueDraft } from './issue'
import type { ModelField, ModelSchema } from './model'
import {
  lifecycleFacts,
  namesTransition,
  transitionAction,
  transitionIssues,
  type LifecycleFacts,
} from './transition-actions'

/** What a page takes from a model field: the facts of its constraints, served to the browser with the page. */
export type InheritedField = Pick<
  ModelField,
  | 'name'
  | 'type'
  | 'required'
  | 'maxLength'
  | 'min'
  | 'max'
  | 'pattern'
  | 'lookupCode'
  | 'scale'
  | 'readOnly'
  | 'codeRule'
  | 'default'
>
export interface ModelFacts {
  fields: InheritedField[]
  /** Rows written by the server only: nothing a form sends, so nothing is required of a page. */
  serverWritten?: boolean
  /** What a row action naming a transition takes (transition-actions.ts). */
  lifecycle?: LifecycleFacts
}
/** Model key ("wms/goods") → its facts; a ModelSchema is one. */
export type ModelLookup =
  ReadonlyMap<string, ModelFacts | ModelSchema> | Readonly<Record<string, ModelFacts | ModelSchema>>

const FACT_KEYS = [
  'name',
  'type',
  'required',
  'maxLength',
  'min',
  'max',
  'pattern',
  'lookupCode',
  'scale',
  'readOnly',
  'codeRule',
  'default',
] as const

/** A model's lifecycle facts, whether it is given as its file (ModelSchema) or as served facts. */
const lifecycleOf = (model: ModelSchema | ModelFacts): LifecycleFacts | undefined =>
  'resource' in model ? lifecycleFacts(model) : model.lifecycle

/** The facts of `model` a page inherits (what the server serves with a page, not the whole model). */
export function modelFacts(model: ModelSchema | ModelFacts): ModelFacts {
  const lifecycle = lifecycleOf(model)
  return {
    ...(model.serverWritten ? { serverWritten: true } : {}),
    ...(lifecycle ? { lifecycle } : {}),
    fields: model.fields.map((field) => {
      const facts: Record<string, unknown> = {}
      for (const key of FACT_KEYS) if (field[key] !== undefined) facts[key] = field[key]
      return facts as InheritedField
    }),
  }
}

/** Widgets a text's length (and, but for MultiLangInput, its pattern) applies to; a Lov or Select stores a picked value. */
const TEXT_WIDGETS = new Set(['Input', 'TextArea', 'MultiLangInput'])
/** Widgets offering a value set's values. */
const VALUE_SET_WIDGETS = new Set(['Select', 'MulSelect', 'Radio'])
const NUMBER_TYPES = new Set(['integer', 'decimal'])

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const lookup = (models: ModelLookup, key: string): ModelFacts | ModelSchema | undefined =>
  models instanceof Map ? models.get(key) : (models as Record<string, ModelFacts | ModelSchema>)[key]

/** The blocks of a page that own fields and a data source: the page itself and each detail. */
function blocksOf(page: Json): Array<[Json, string]> {
  const blocks: Array<[Json, string]> = [[page, '']]
  if (Array.isArray(page.details))
    page.details.forEach((detail, i) => isObject(detail) && blocks.push([detail, `/details/${i}`]))
  return blocks
}

const modelKeyOf = (block: Json) =>
  isObject(block.dataSource) && typeof block.dataSource.model === 'string'
    ? block.dataSource.model
    : undefined

/**
 * The constraints field `spec` (a page field of widget `spec.widget`) takes from model field `field` when the
 * page does not write them. Only what the widget can use: a text's length and pattern on text inputs, bounds
 * and decimals on InputNumber, the value set on Select/MulSelect/Radio; `required` unless the server fills the
 * value (read-only, numbered by a code rule, a default, rows only the server writes) or the page shows it
 * read-only.
 */
export function inheritedConstraints(
  spec: Json,
  field: InheritedField,
  model?: Pick<ModelFacts, 'serverWritten'>,
): Json {
  const widget = spec.widget
  const facts: Json = {}
  const generated =
    field.readOnly || field.codeRule || field.default !== undefined || spec.readOnly || model?.serverWritten
  if (field.required && !generated) facts.required = true
  if (typeof widget !== 'string') return facts
  if (TEXT_WIDGETS.has(widget) && (field.type === 'string' || field.type === 'text')) {
    if (field.maxLength !== undefined) facts.maxLength = field.maxLength
    // a translatable text is checked per language by the server, not as the one text the input shows
    if (field.pattern !== undefined && widget !== 'MultiLangInput') facts.pattern = field.pattern
  }
  if (widget === 'InputNumber' && NUMBER_TYPES.has(field.type)) {
    if (field.min !== undefined) facts.min = field.min
    if (field.max !== undefined) facts.max = field.max
    if (field.type === 'decimal' && field.scale !== undefined) facts.precision = field.scale
  }
  if (VALUE_SET_WIDGETS.has(widget) && field.lookupCode !== undefined) facts.lookupCode = field.lookupCode
  return facts
}

/**
 * The facts of every model `page` names (`dataSource.model` of the page and its details), for the browser:
 * the server serves them with the page, which is then completed with inheritModel before it renders.
 */
export function pageModelFacts(page: unknown, models: ModelLookup): Record<string, ModelFacts> {
  if (!isObject(page)) return {}
  const facts: Record<string, ModelFacts> = {}
  for (const [block] of blocksOf(page)) {
    const key = modelKeyOf(block)
    const model = key ? lookup(models, key) : undefined
    if (key && model) facts[key] = modelFacts(model)
  }
  return facts
}

/** The block's row actions with each one naming a transition completed from the lifecycle (or kept as is). */
function completeRowActions(block: Json, model: ModelFacts | ModelSchema): Json {
  const table = block.table
  if (!isObject(table) || !Array.isArray(table.rowActions) || !table.rowActions.some(namesTransition))
    return block
  const rowActions = table.rowActions.map((action: unknown) =>
    namesTransition(action) ? (transitionAction(action, lifecycleOf(model)) ?? action) : action,
  )
  return { ...block, table: { ...table, rowActions } }
}

/**
 * `page` with every field of a block naming a model completed from the model field of the same name (the
 * page's own values win), and every row action naming a transition completed from the model's lifecycle.
 * Returns the page itself when nothing is inherited; never changes it.
 */
export function inheritModel(page: unknown, models: ModelLookup): unknown {
  if (!isObject(page)) return page
  let changed = false
  const completeBlock = (block: Json): Json => {
    const key = modelKeyOf(block)
    const model = key ? lookup(models, key) : undefined
    if (!model) return block
    const withActions = completeRowActions(block, model)
    if (withActions !== block) changed = true
    if (!isObject(block.fields)) return withActions
    const fields: Json = {}
    let blockChanged = false
    for (const [name, spec] of Object.entries(block.fields)) {
      const field = model.fields.find((f) => f.name === name)
      if (!field || !isObject(spec)) {
        fields[name] = spec
        continue
      }
      const inherited = inheritedConstraints(spec, field, model)
      const missing = Object.keys(inherited).filter((k) => spec[k] === undefined)
      if (!missing.length) {
        fields[name] = spec
        continue
      }
      fields[name] = { ...spec, ...Object.fromEntries(missing.map((k) => [k, inherited[k]])) }
      blockChanged = true
    }
    if (!blockChanged) return withActions
    changed = true
    return { ...withActions, fields }
  }
  const top = completeBlock(page)
  const details = Array.isArray(page.details)
    ? page.details.map((d: unknown) => (isObject(d) ? completeBlock(d) : d))
    : undefined
  if (!changed) return page
  return details ? { ...top, details } : top
}

const dropFix = (at: string, key: string) => `drop ${at}/${key}: the field then takes the model's value`

/**
 * Page constraints looser than their model's: a form accepting what the server refuses. Tighter is an override
 * (a shorter text, a higher minimum); a different pattern or value set cannot be compared, so it is refused.
 */
export function looserThanModelIssues(page: unknown, models: ModelLookup): IssueDraft[] {
  if (!isObject(page)) return []
  const issues: IssueDraft[] = []
  for (const [block, base] of blocksOf(page)) {
    const key = modelKeyOf(block)
    const model = key ? lookup(models, key) : undefined
    if (!model || !isObject(block.fields)) continue
    for (const [name, spec] of Object.entries(block.fields)) {
      const field = model.fields.find((f) => f.name === name)
      if (!field || !isObject(spec)) continue
      const at = `${base}/fields/${name}`
      const says = (what: string) => `the model ${key} says ${name} ${what}`
      const refuse = (prop: string, message: string) =>
        issues.push({ pointer: `${at}/${prop}`, message, suggestion: dropFix(at, prop) })
      const { maxLength, min, max, precision, pattern, lookupCode, required } = spec
      if (typeof maxLength === 'number' && field.maxLength !== undefined && maxLength > field.maxLength)
        refuse(
          'maxLength',
          `maxLength ${maxLength} is looser than the model: ${says(`is at most ${field.maxLength} long`)}, so the server refuses longer texts the form accepts`,
        )
      if (typeof min === 'number' && field.min !== undefined && min < field.min)
        refuse(
          'min',
          `min ${min} is looser than the model: ${says(`is at least ${field.min}`)}, so the server refuses what the form accepts`,
        )
      if (typeof max === 'number' && field.max !== undefined && max > field.max)
        refuse(
          'max',
          `max ${max} is looser than the model: ${says(`is at most ${field.max}`)}, so the server refuses what the form accepts`,
        )
      if (typeof precision === 'number' && field.scale !== undefined && precision > field.scale)
        refuse(
          'precision',
          `precision ${precision} is looser than the model: ${says(`keeps ${field.scale} decimals`)}, so the server would round what the form shows`,
        )
      if (typeof pattern === 'string' && field.pattern !== undefined && pattern !== field.pattern)
        refuse(
          'pattern',
          `pattern '${pattern}' differs from the model's: ${says(`matches '${field.pattern}'`)}; two patterns cannot be compared, so the form and the server could disagree`,
        )
      if (typeof lookupCode === 'string' && field.lookupCode !== undefined && lookupCode !== field.lookupCode)
        refuse(
          'lookupCode',
          `value set '${lookupCode}' differs from the model's: ${says(`takes values of '${field.lookupCode}'`)}`,
        )
      const generated = field.readOnly || field.codeRule || field.default !== undefined || model.serverWritten
      if (required === false && field.required && !generated && !spec.readOnly)
        refuse(
          'required',
          `"required": false is looser than the model: ${says('is required')}, so saving without it is refused`,
        )
    }
  }
  return issues
}

/** Row actions naming a transition that `models` cannot complete (transition-actions.ts). */
export function unknownTransitionIssues(page: unknown, models: ModelLookup): IssueDraft[] {
  return transitionIssues(page, (key) => {
    const model = lookup(models, key)
    return { known: !!model, lifecycle: model && lifecycleOf(model) }
  })
}
