/**
 * The widgets a page names: each `widget` is a widget of the kind its place takes (a field or a dashboard card
 * takes a field widget, a custom page a page widget that draws no page kind of its own), and the `props` beside
 * it are what that widget declares (its TypeBox schema). Both come from the widgets' pure definitions
 * (renderer/contract/widget-definitions.ts, widget-props.ts), so `npm run schemas:check`, the server's page check and the browser
 * give one verdict. TypeBox's Value checks without generating code (the browser's policy allows no eval).
 */
import type { TSchema } from '@sinclair/typebox'
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value'
import {
  WIDGET_DEFINITIONS,
  widgetDefinition,
  type PureWidgetDefinition,
  type WidgetKind,
} from '../contract/widget-definitions'
import { widgetPropsSchema } from '../contract/widget-props'
import type { IssueDraft } from './issue'
import { nearest, suggestName } from './suggest'

type Json = Record<string, unknown>

/** What a place in a page takes: a field widget, or a page widget drawing a custom page. */
type Place = { kind: WidgetKind; what: string; plural: string; custom?: boolean }

const FIELD: Place = { kind: 'field', what: 'a field widget', plural: 'field widgets' }
const CUSTOM: Place = { kind: 'page', what: 'a page widget', plural: 'page widgets', custom: true }

/** The place of an object holding `widget`, by its pointer; undefined: a place with a fixed widget (shape-checked). */
function placeOf(pointer: string): Place | undefined {
  if (pointer === '') return CUSTOM
  if (/\/fields\/[^/]+$/.test(pointer) || /\/cards\/\d+$/.test(pointer)) return FIELD
  return undefined
}

const KIND_WORDS: Record<WidgetKind, string> = {
  field: 'a field widget',
  page: 'a page widget',
  part: 'a part of the page widgets (pages do not name it)',
  decorator: 'the form item around fields (pages do not name it)',
}

/** Names a place may take: the definitions of its kind, and widgets only the caller's registry knows. */
function allowedNames(place: Place, registered: readonly string[] | undefined): string[] {
  const defined = WIDGET_DEFINITIONS.filter(
    (d) => d.kind === place.kind && !(place.custom && 'renders' in d),
  ).map((d) => d.name as string)
  const usable = registered ? defined.filter((name) => registered.includes(name)) : defined
  const extra = (registered ?? []).filter((name) => !widgetDefinition(name))
  return [...usable, ...extra]
}

/**
 * Issues of every `widget` (with its `props`) in `page`.
 * @param registered the names of the caller's registry (the browser's); without it, every defined widget
 */
export function widgetIssues(page: Json, registered?: readonly string[]): IssueDraft[] {
  const issues: IssueDraft[] = []
  const visit = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${pointer}/${i}`))
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return
    const object = value as Json
    if (typeof object.widget === 'string') {
      const place = placeOf(pointer)
      if (place && (pointer !== '' || page.kind === 'custom'))
        issues.push(...referenceIssues(object.widget, object.props, pointer, place, registered))
    }
    for (const [key, child] of Object.entries(object))
      if (key !== 'props') visit(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
  }
  visit(page, '')
  return issues
}

function referenceIssues(
  name: string,
  props: unknown,
  at: string,
  place: Place,
  registered: readonly string[] | undefined,
): IssueDraft[] {
  const pointer = `${at}/widget`
  const allowed = allowedNames(place, registered)
  const definition = widgetDefinition(name)
  const known = registered ? registered.includes(name) : definition !== undefined
  if (!known)
    return [
      {
        pointer,
        message: `unknown widget '${name}'`,
        suggestion: suggestName(name, allowed, place.plural),
      },
    ]
  if (!definition) return [] // a widget of the caller's own registry: nothing is known of its kind and props
  if (definition.kind !== place.kind)
    return [
      {
        pointer,
        message: `'${name}' is ${KIND_WORDS[definition.kind]}, not ${place.what}`,
        suggestion: `${place.plural}: ${allowed.join(', ')}`,
      },
    ]
  if (place.custom && definition.renders)
    return [
      {
        pointer,
        message: `'${name}' draws pages of kind "${definition.renders}", not custom pages`,
        suggestion: `write the page as "kind": "${definition.renders}" (without "widget" and "props")`,
      },
    ]
  return propsIssues(definition, props, at)
}

/** The page's props of a widget against the widget's schema, each problem at its pointer under `props`. */
function propsIssues(definition: PureWidgetDefinition, props: unknown, at: string): IssueDraft[] {
  const { name } = definition
  const schema = widgetPropsSchema(name)
  const given =
    props !== undefined && (typeof props !== 'object' || props === null || Object.keys(props).length)
  if (!schema)
    return given
      ? [
          {
            pointer: `${at}/props`,
            message: `'${name}' takes no props (renderer/contract/widget-props.ts declares none)`,
            suggestion: 'remove "props", or declare them in the widget\'s definition',
          },
        ]
      : []
  if (props === undefined) {
    const required = (schema.required as string[] | undefined) ?? []
    return required.length
      ? [
          {
            pointer: `${at}/widget`,
            message: `'${name}' needs props: ${required.join(', ')}`,
            suggestion: `add "props": {${required.map((key) => `"${key}": …`).join(', ')}}`,
          },
        ]
      : []
  }
  const issues: IssueDraft[] = []
  const missing = new Set<string>()
  for (const error of Value.Errors(schema, props)) {
    if ([...missing].some((path) => error.path === path || error.path.startsWith(`${path}/`))) continue
    if (error.type === ValueErrorType.ObjectRequiredProperty) missing.add(error.path)
    issues.push({ pointer: `${at}/props${error.path}`, ...explain(name, error) })
  }
  return issues
}

const describe = (schema: TSchema) =>
  typeof schema.description === 'string' ? ` (${schema.description.replace(/\.$/, '')})` : ''

/** A TypeBox error in the words of the page language: what is wrong with the prop, and what to write. */
function explain(widget: string, error: ValueError): Pick<IssueDraft, 'message' | 'suggestion'> {
  const key = error.path.split('/').at(-1)?.replace(/~1/g, '/').replace(/~0/g, '~') ?? ''
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return {
        message: `'${widget}' needs the prop "${key}"${describe(error.schema)}`,
        suggestion: `add "${key}"`,
      }
    case ValueErrorType.ObjectAdditionalProperties: {
      const names = Object.keys((error.schema.properties ?? {}) as Record<string, unknown>)
      const near = nearest(key, names)
      return {
        message: `'${widget}' has no prop "${key}" here`,
        suggestion: near
          ? `did you mean "${near}"?`
          : names.length
            ? `its props here: ${names.join(', ')}`
            : 'remove it: this object takes no props',
      }
    }
    case ValueErrorType.Union: {
      const options = ((error.schema.anyOf ?? []) as TSchema[]).map((s) => s.const as unknown)
      const literals = options.every((o) => o !== undefined)
      return {
        message: `"${key}" of '${widget}' is ${JSON.stringify(error.value)}${describe(error.schema)}`,
        suggestion: literals ? `one of: ${options.map((o) => JSON.stringify(o)).join(', ')}` : error.message,
      }
    }
    default:
      return {
        message: `"${key}" of '${widget}': ${error.message.toLowerCase()}, not ${JSON.stringify(error.value)}${describe(error.schema)}`,
        suggestion: 'correct the value (renderer/contract/widget-props.ts says what the widget takes)',
      }
  }
}
