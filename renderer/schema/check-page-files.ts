/**
 * The one check of page files, shared by `npm run schemas:check`, the server's page loading and the playground:
 * the text (syntax with line and a fix, duplicate keys), the page (shape, meaning, linkage cycles: validate.ts),
 * the references to other files (models, value sets, Lov views, permission codes: cross-check.ts) and, across
 * files, routes that collide; fields inherit their model's constraints and may not loosen them
 * (model-inheritance.ts). Pure: the callers read the files and the references.
 *
 * @example
 *   const checked = checkPageFiles([{ file, source }], context)
 *   checked[0].issues.forEach((issue) => console.error(formatIssue(issue)))
 */
import { crossIssues, unlistedRouteIssues, type CrossContext } from './cross-check'
import type { IssueDraft, SchemaIssue } from './issue'
import { duplicateKeys, parseJsonText } from './json-text'
import type { PageSchema } from './page'
import { sourcePositions } from './source-position'
import { validatePage } from './validate'
import { inheritModel, looserThanModelIssues, unknownTransitionIssues } from './model-inheritance'

export interface PageCheckContext extends CrossContext {
  /**
   * Names of the registered widgets (every defined one on the server and in the CLI: renderer/contract/widget-names.ts).
   * Kinds and props come from the definitions (renderer/schema/semantic-widgets.ts).
   */
  widgetNames: readonly string[]
  /** Report every stage at once (validate.ts allStages): the playground's check. */
  allStages?: boolean
}

export interface CheckedPage {
  file: string
  source: string
  /** The parsed JSON; undefined when the text is not JSON. */
  data?: unknown
  /** Set when the page passed its own checks (shape and meaning); cross-file errors may still be in `issues`. */
  page?: PageSchema
  /** The route the file declares, read from the text even when it is not valid JSON ('' when none). */
  route: string
  kind: string
  issues: SchemaIssue[]
}

/** A route as a pattern: `/a/{id}/` and `/a/{code}` are the same route. */
export const routeShape = (route: string) =>
  (route.split(/[?#]/)[0] ?? '').replace(/\{[^}/]*\}/g, '{}').replace(/(.)\/+$/, '$1')

/** `"route": "/x"` read from a text that is not JSON, so a broken page still answers at its route. */
const routeInText = (source: string) => /"route"\s*:\s*"([^"\\]+)"/.exec(source)?.[1] ?? ''

/** Checks one file on its own (no route collisions: see checkPageFiles). */
export function checkPageFile(file: string, source: string, context: PageCheckContext): CheckedPage {
  const parsed = parseJsonText(source)
  if (!parsed.ok) {
    const { line, column, message, suggestion } = parsed.error
    return {
      file,
      source,
      route: routeInText(source),
      kind: '',
      issues: [{ file, line, column, pointer: '', severity: 'error', message, suggestion }],
    }
  }
  const data = parsed.data
  const issues: SchemaIssue[] = duplicateKeys(source).map((d) => ({
    file,
    line: d.line,
    column: d.column,
    pointer: d.pointer,
    severity: 'error',
    message: `key '${d.pointer.split('/').at(-1)?.replace(/~1/g, '/').replace(/~0/g, '~')}' appears twice in this object (first on line ${d.firstLine}): JSON keeps only this last one, silently`,
    suggestion: 'remove one of the two, or merge them into one',
  }))
  // The page as it renders: its fields and transition row actions completed from their model
  // (model-inheritance.ts). A transition the model lacks is named here with the model's transitions.
  const complete = inheritModel(data, context.models)
  const result = validatePage(complete, {
    file,
    source,
    widgetNames: context.widgetNames,
    allStages: context.allStages,
  })
  const transitions = unknownTransitionIssues(data, context.models)
  const atTransition = new Set(transitions.map((t) => t.pointer))
  issues.push(...result.issues.filter((issue) => !atTransition.has(issue.pointer)))
  if (transitions.length) {
    const position = sourcePositions(source, data)
    for (const d of transitions) issues.push({ file, severity: 'error', ...d, ...position(d.pointer) })
  }
  const header = (typeof data === 'object' && data !== null ? data : {}) as {
    route?: unknown
    kind?: unknown
  }
  const route = typeof header.route === 'string' ? header.route : ''
  if (result.ok || context.allStages) {
    const position = sourcePositions(source, data)
    const drafts: IssueDraft[] = []
    try {
      drafts.push(
        ...crossIssues(complete as PageSchema, context),
        ...looserThanModelIssues(data, context.models),
        ...unlistedRouteIssues(route, context),
      )
    } catch (error) {
      // only with allStages, on a page whose shape is wrong: the shape errors say what to fix first
      if (result.ok) throw error
    }
    for (const d of drafts) issues.push({ file, severity: 'error', ...d, ...position(d.pointer) })
  }
  return {
    file,
    source,
    data,
    page: result.ok ? result.page : undefined,
    route,
    kind: typeof header.kind === 'string' ? header.kind : '',
    issues,
  }
}

/**
 * Checks every page file, then their routes across files: two files declaring one route (params named
 * differently count as one) would replace each other's screen, so each of them gets an error naming all.
 */
export function checkPageFiles(
  files: ReadonlyArray<{ file: string; source: string }>,
  context: PageCheckContext,
): CheckedPage[] {
  const checked = files.map(({ file, source }) => checkPageFile(file, source, context))
  for (const page of checked) page.issues.push(...routeCollisionIssues(page, checked))
  return checked
}

/**
 * Two files on one route (params named otherwise count as one) would replace each other's screen: an error on
 * `page` naming every other file of `pages` that declares its route.
 */
export function routeCollisionIssues(
  page: Pick<CheckedPage, 'file' | 'route' | 'source' | 'data'>,
  pages: ReadonlyArray<{ file: string; route: string }>,
): SchemaIssue[] {
  if (!page.route) return []
  const shape = routeShape(page.route)
  const others = pages.filter((p) => p.file !== page.file && p.route && routeShape(p.route) === shape)
  if (!others.length) return []
  const position =
    page.data === undefined ? { line: 0, column: 0 } : sourcePositions(page.source, page.data)('/route')
  return [
    {
      file: page.file,
      ...position,
      pointer: '/route',
      severity: 'error',
      message: `route '${page.route}' is also declared by ${others.map((p) => p.file).join(' and ')}: one would silently replace the other's screen, so the route shows this error until one of them moves`,
      suggestion: 'give the new page a route of its own (one route, one page file)',
    },
  ]
}
