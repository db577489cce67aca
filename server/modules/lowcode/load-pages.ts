/**
 * Page files served at run time: every `*.page.json` under the pages directory is read at start and checked
 * with the same validators as `npm run schemas:check` and the browser (shape, semantics, fields against the
 * loaded models, value sets against the seed). A bad page does not stop the start: its problems are returned
 * (and logged by the caller) and the page is still served, so the browser shows its error panel and every
 * other page keeps working.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { checkPageFile, routeCollisionIssues } from '../../../renderer/schema/check-page-files.ts'
import type { SchemaIssue } from '../../../renderer/schema/issue.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { walkJson } from '../../../renderer/schema/walk.ts'
import { inheritModel } from '../../../renderer/schema/model-inheritance.ts'
import { WIDGET_NAMES } from '../../../renderer/contract/widget-names.ts'

export interface ServedPage {
  /**
   * Path as messages name it: `schemas/pages/wmdm/warehouse.page.json` (relative to the working dir), or
   * relative to the pages directory when that is outside the working dir (shownPath).
   */
  file: string
  /** The route the page declares (read from the text even when it is not JSON); '' when it has none. */
  route: string
  kind: string
  /** The file's text, sent as is so the browser reports problems at the file's own line:column. */
  source: string
  /** Errors and warnings found at start (empty for a good page). */
  issues: SchemaIssue[]
  /** Permission codes the page declares (every `permission` property). */
  permissions: string[]
  /** The parsed JSON (undefined when the text is not JSON): where a route clash is reported. */
  data?: unknown
  /** The file's own problems, without route clashes with other files (those follow the other files). */
  ownIssues?: SchemaIssue[]
  /** Bumped each time the served version changes (live-pages.ts); 0 for the version read at start. */
  version?: number
  /**
   * A later save of this file that failed the check (live-pages.ts): it took no effect, the version above is
   * still served, and the browser showing the page shows these problems above it until the file is fixed.
   */
  rejected?: { source: string; issues: SchemaIssue[]; version: number }
}

export interface PageReferences {
  /** "wms/warehouse" (path under the models dir, without .model.json) → model. */
  models: Map<string, ModelSchema>
  /** Value-set codes of the seed. */
  lookupCodes: Set<string>
  /** Model files refused at start (readModels): key → why; their pages say so. */
  refusedModels?: Map<string, string>
}

/** Every *.page.json under `dir`, sorted; an absent directory has no pages. */
export function findPageFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.page.json'))
      .sort()
      .map((name) => join(dir, name))
  } catch {
    return []
  }
}

const inside = (root: string, path: string) => {
  const rest = relative(root, path)
  return rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest)
}
/** Where page file names start: the working directory when the pages directory is in it, else that directory. */
const namesFrom = (dir: string) => (inside(process.cwd(), resolve(dir)) ? process.cwd() : resolve(dir))

/**
 * A page file's name as messages and the wire give it: `schemas/pages/wmdm/warehouse.page.json` (relative to
 * the working directory) when the pages directory `dir` is in it, else relative to `dir`
 * (`wmdm/warehouse.page.json`): never a path of the server's disk.
 */
export const shownPath = (path: string, dir: string) => relative(namesFrom(dir), resolve(path))

/**
 * The path on disk of the page file `file` names (as shownPath names it), or undefined when that path lies
 * outside the pages directory `dir` (`../../etc/x.page.json`, an absolute path elsewhere).
 */
export function pageFilePath(file: string, dir: string): string | undefined {
  const path = resolve(namesFrom(dir), file.replace(/^\.\//, ''))
  return inside(resolve(dir), path) && path !== resolve(dir) ? path : undefined
}

/** What a page is checked against: the models and value sets of the server, no spec route list. */
export const pageCheckContext = (refs: PageReferences) => ({
  ...refs,
  // routes.tsv is the spec's list, checked by schemas:check; a configurator's new route is not in it.
  routes: new Set<string>(),
  widgetNames: WIDGET_NAMES,
})

/** Checks one page file's text on its own (no route clashes: see withRouteClashes). */
export function checkServedPage(path: string, source: string, refs: PageReferences, dir: string): ServedPage {
  const page = checkPageFile(shownPath(path, dir), source, pageCheckContext(refs))
  return {
    file: page.file,
    route: page.route,
    kind: page.kind,
    source: page.source,
    issues: page.issues,
    ownIssues: page.issues,
    data: page.data,
    // a row action naming a transition declares the transition's code (completed from the model)
    permissions: page.data === undefined ? [] : declaredPermissions(inheritModel(page.data, refs.models)),
  }
}

/**
 * Sets every page's issues to its own plus the route clashes with the others (two files on one route each get
 * an error naming the other, check-page-files.ts); called again whenever a file changes.
 */
export function withRouteClashes(pages: ServedPage[]): ServedPage[] {
  for (const page of pages)
    page.issues = [...(page.ownIssues ?? page.issues), ...routeCollisionIssues(page, pages)]
  return pages
}

/**
 * Reads and checks every page file of `dir` with the check schemas:check makes (check-page-files.ts). Never
 * throws for a bad page; see ServedPage.issues.
 */
export function loadPages(dir: string, refs: PageReferences): ServedPage[] {
  return withRouteClashes(
    findPageFiles(dir).map((path) => checkServedPage(path, readFileSync(path, 'utf8'), refs, dir)),
  )
}

/** Every `permission` code a page declares, once each. */
export function declaredPermissions(page: unknown): string[] {
  const codes = new Set<string>()
  walkJson(page, (value, _pointer, key) => {
    if (key === 'permission' && typeof value === 'string') codes.add(value)
  })
  return [...codes]
}
