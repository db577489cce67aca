/**
 * Page-level checks the JSON Schema cannot express: field references, where each action may appear, unique
 * action keys, widgets and their props (semantic-widgets.ts), text keys present in all languages, data-source params from the route.
 */
import { WIDGET_DEFINITIONS, widgetDefinition } from '../contract/widget-definitions'
import { SHARED_TEXTS } from '../i18n/shared-texts'
import { pointerSegment, type IssueDraft } from './issue'
import { fieldIssues } from './semantic-fields'
import { kindIssues } from './semantic-kinds'
import { linkageCycleIssues } from './linkage-cycles'
import { widgetIssues } from './semantic-widgets'
import { nearest, suggestName } from './suggest'
import { namesTransition } from './transition-actions'
import { walkJson } from './walk'

export interface SemanticOptions {
  /**
   * Names of the caller's registered widgets (the browser's registry); when given, every `widget` must be one of
   * them. Kinds and props come from the widgets' pure definitions either way (semantic-widgets.ts).
   */
  widgetNames?: readonly string[]
}

type Json = Record<string, unknown>
const TEXT_PROPS = new Set([
  'title',
  'label',
  'placeholder',
  'help',
  'patternMessage',
  'content',
  'successMessage',
])
const TOOLBAR_TYPES = new Set(['create', 'navigate', 'action', 'export'])
const ROW_TYPES = new Set(['edit', 'delete', 'view', 'navigate', 'action'])

export function semanticIssues(page: Json, options: SemanticOptions): IssueDraft[] {
  const issues: IssueDraft[] = [...fieldIssues(page, '')]
  const details = Array.isArray(page.details) ? (page.details as Json[]) : []
  details.forEach((detail, d) => issues.push(...fieldIssues(detail, `/details/${d}`)))
  issues.push(...actionIssues(page, ''))
  details.forEach((detail, d) => issues.push(...actionIssues(detail, `/details/${d}`)))
  issues.push(...walkedIssues(page))
  issues.push(...widgetIssues(page, options.widgetNames))
  issues.push(...dataSourceIssues(page))
  issues.push(...kindIssues(page))
  issues.push(...linkageCycleIssues(page))
  issues.push(...menuIssues(page))
  return issues
}

/**
 * The file's menu entry and grants (issue 22): a menu opens one address, so its route has no {params}; a role
 * is granted only codes this page declares (a code of another page would be granted behind its back).
 */
function menuIssues(page: Json): IssueDraft[] {
  const issues: IssueDraft[] = []
  if (page.menu && typeof page.route === 'string' && page.route.includes('{'))
    issues.push({
      pointer: '/menu',
      message: `a menu entry opens one address, but the route '${page.route}' has parameters`,
      suggestion: 'declare the menu on the list page this page is opened from',
    })
  const grants = page.grants as Record<string, unknown> | undefined
  if (!grants || typeof grants !== 'object') return issues
  const declared = new Set<string>()
  walkJson(page, (value, _pointer, key) => {
    if (key === 'permission' && typeof value === 'string') declared.add(value)
  })
  for (const [role, codes] of Object.entries(grants)) {
    if (!Array.isArray(codes)) continue
    codes.forEach((code, i) => {
      if (typeof code !== 'string' || declared.has(code)) return
      issues.push({
        pointer: `/grants/${pointerSegment(role)}/${i}`,
        message: `'${code}' is not a permission code of this page, so it cannot be granted from it`,
        suggestion: declared.size
          ? suggestName(code, [...declared], 'codes of this page')
          : 'this page declares no permission code: give the roles the menu entry only ([])',
      })
    })
  }
  return issues
}

function actionIssues(block: Json, base: string): IssueDraft[] {
  const issues: IssueDraft[] = []
  const keys = new Map<string, string>()
  const check = (actions: unknown, where: string, allowed: Set<string>, place: string) => {
    if (!Array.isArray(actions)) return
    actions.forEach((action: Json, i) => {
      const pointer = `${base}${where}/${i}`
      const type = String(action.type)
      if (namesTransition(action)) {
        // inheritModel completes it from the model's lifecycle: left as is, the model could not
        issues.push({
          pointer: `${pointer}/transition`,
          message: `row action names transition '${action.transition}', which the lifecycle of its block's model does not have`,
          suggestion:
            "name one of the model's transitions (npm run schemas:check lists them), or write the action in full",
        })
        return
      }
      if (!allowed.has(type)) {
        issues.push({
          pointer: `${pointer}/type`,
          message: `a '${type}' action cannot be a ${place}`,
          suggestion: `${place}s are: ${[...allowed].join(', ')}`,
        })
      }
      const key = String(action.key ?? action.name ?? type)
      const previous = keys.get(key)
      if (previous) {
        issues.push({
          pointer,
          message: `action key '${key}' is used twice (also at ${previous})`,
          suggestion: 'give one a unique "key"',
        })
      }
      keys.set(key, pointer)
      if (action.dialog && typeof action.dialog === 'object')
        issues.push(...dialogIssues(action.dialog as Json, `${pointer}/dialog`, place === 'row action'))
    })
  }
  check((block.toolbar as Json | undefined)?.actions, '/toolbar/actions', TOOLBAR_TYPES, 'toolbar action')
  check((block.table as Json | undefined)?.rowActions, '/table/rowActions', ROW_TYPES, 'row action')
  return issues
}

/** Widgets whose text a dialog can send as a list (`lists`): their definition says `listText`. */
const TEXT_WIDGETS = WIDGET_DEFINITIONS.filter((d) => 'listText' in d).map((d) => d.name)

/** An action's dialog is a small form: its own fields, sections and the names its options refer to. */
function dialogIssues(dialog: Json, at: string, onRow: boolean): IssueDraft[] {
  const fields = (dialog.fields ?? {}) as Record<string, Json>
  const names = Object.keys(fields)
  const block = { fields, form: { sections: dialog.sections as { fields?: string[] }[] | undefined } }
  const issues = fieldIssues(block, at).map((issue) => ({
    ...issue,
    pointer: issue.pointer.replace(`${at}/form/sections`, `${at}/sections`),
  }))
  if (!names.length)
    issues.push({
      pointer: `${at}/fields`,
      message: 'a dialog needs at least one field',
      suggestion: 'add the fields the request body needs, or remove "dialog" to send the row',
    })
  const own = (name: string, pointer: string, option: string) => {
    if (!names.includes(name))
      issues.push({
        pointer,
        message: `${option} names '${name}', which is not a field of the dialog`,
        suggestion: suggestName(name, names, 'dialog fields'),
      })
  }
  ;((dialog.lists ?? []) as string[]).forEach((name, i) => {
    own(name, `${at}/lists/${i}`, 'lists')
    const widget = fields[name]?.widget
    if (widget !== undefined && !widgetDefinition(String(widget))?.listText)
      issues.push({
        pointer: `${at}/lists/${i}`,
        message: `'${name}' is a ${String(widget)}: only ${TEXT_WIDGETS.join(' and ')} text is split into a list`,
        suggestion: 'use a TextArea (one value per line) or remove it from "lists"',
      })
  })
  Object.keys((dialog.fromRow ?? {}) as Json).forEach((name) => own(name, `${at}/fromRow/${name}`, 'fromRow'))
  if (!onRow)
    for (const option of ['fromRow', 'send'])
      if (dialog[option] !== undefined)
        issues.push({
          pointer: `${at}/${option}`,
          message: `"${option}" reads the row, and a toolbar action has none`,
          suggestion: `remove "${option}"`,
        })
  ;((dialog.send ?? []) as string[]).forEach((name, i) => {
    if (names.includes(name))
      issues.push({
        pointer: `${at}/send/${i}`,
        message: `'${name}' is both a dialog field and a row field sent: the dialog value would be overwritten`,
        suggestion: `remove '${name}' from "send", or rename the dialog field`,
      })
  })
  return issues
}

function walkedIssues(page: Json): IssueDraft[] {
  const issues: IssueDraft[] = []
  const texts = (page.texts ?? {}) as Record<string, unknown>
  const common = SHARED_TEXTS as Record<string, unknown>
  const known = [...Object.keys(texts), ...Object.keys(common)]
  walkJson(page, (value, pointer, key) => {
    if (key === 'props' || key === 'texts' || key === 'description') return 'skip'
    if (key === undefined || typeof value !== 'string') return
    if (TEXT_PROPS.has(key) && !(value in texts) && !(value in common)) {
      issues.push({
        pointer,
        message: `text key '${value}' is not defined`,
        suggestion: nearest(value, known)
          ? `did you mean '${nearest(value, known)}'? Otherwise add it to "texts" with zh_CN, en_US and zh_TW`
          : 'add it to "texts" with zh_CN, en_US and zh_TW',
      })
    }
  })
  return issues
}

const params = (pattern: string) => [...pattern.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string)

function dataSourceIssues(page: Json): IssueDraft[] {
  const route = typeof page.route === 'string' ? params(page.route) : []
  const issues: IssueDraft[] = []
  const check = (dataSource: unknown, pointer: string) => {
    const path = (dataSource as Json | undefined)?.path
    if (typeof path !== 'string') return
    for (const name of params(path)) {
      if (name !== 'tenantId' && !route.includes(name)) {
        issues.push({
          pointer: `${pointer}/path`,
          message: `path placeholder {${name}} is neither {tenantId} nor a param of the route '${String(page.route)}'`,
          suggestion: route.length ? `route params: ${route.join(', ')}` : `add {${name}} to the route`,
        })
      }
    }
  }
  check(page.dataSource, '/dataSource')
  if (Array.isArray(page.details))
    page.details.forEach((d: Json, i) => check(d.dataSource, `/details/${i}/dataSource`))
  if (Array.isArray(page.cards))
    page.cards.forEach((c: Json, i) => check(c.dataSource, `/cards/${i}/dataSource`))
  return issues
}
