/**
 * Page files served at run time: every `*.page.json` under the pages directory is read at start and checked
 * with the same validators as `npm run schemas:check` and the browser (shape, semantics, fields against the
 * loaded models, value sets against the seed). A bad page does not stop the start: its problems are returned
 * (and logged by the caller) and the page is still served, so the browser shows its error panel and every
 * other page keeps working.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { crossIssues, routeIssues } from '../../../renderer/schema/cross-check.ts'
import type { SchemaIssue } from '../../../renderer/schema/issue.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { sourcePositions } from '../../../renderer/schema/source-position.ts'
import { validatePage } from '../../../renderer/schema/validate.ts'
import { walkJson } from '../../../renderer/schema/walk.ts'
import { WIDGET_NAMES } from '../../../renderer/contract/widget-names.ts'

export interface ServedPage {
  /** Path as messages name it: `schemas/pages/wmdm/warehouse.page.json` (relative to the working dir). */
  file: string
  /** The route the page declares; '' when the file cannot be read as a page. */
  route: string
  kind: string
  /** The file's text, sent as is so the browser reports problems at the file's own line:column. */
  source: string
  /** Errors and warnings found at start (empty for a good page). */
  issues: SchemaIssue[]
  /** Permission codes the page declares (every `permission` property). */
  permissions: string[]
}

export interface PageReferences {
  /** "wms/warehouse" (path under the models dir, without .model.json) → model. */
  models: Map<string, ModelSchema>
  /** Value-set codes of the seed. */
  lookupCodes: Set<string>
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

const shownPath = (path: string) => {
  const near = relative(process.cwd(), path)
  return near && !near.startsWith('..') ? near : path
}

/** Reads and checks every page file of `dir`. Never throws for a bad page; see ServedPage.issues. */
export function loadPages(dir: string, refs: PageReferences): ServedPage[] {
  const seenRoutes = new Map<string, string>()
  // routes.tsv is the spec's list, checked by schemas:check; a configurator's new route is not in it.
  const context = { models: refs.models, lookupCodes: refs.lookupCodes, routes: new Set<string>() }
  return findPageFiles(dir).map((path) => {
    const file = shownPath(path)
    const source = readFileSync(path, 'utf8')
    let data: unknown
    try {
      data = JSON.parse(source)
    } catch (error) {
      const issue: SchemaIssue = {
        file,
        line: 0,
        column: 0,
        pointer: '',
        severity: 'error',
        message: `not valid JSON: ${(error as Error).message}`,
        suggestion: 'correct the JSON syntax (npm run schemas:check shows the line)',
      }
      return { file, route: '', kind: '', source, issues: [issue], permissions: [] }
    }
    const result = validatePage(data, { file, source, widgetNames: WIDGET_NAMES })
    const issues = [...result.issues]
    if (result.ok) {
      const position = sourcePositions(source, data)
      const drafts = [
        ...crossIssues(result.page, context),
        ...routeIssues(result.page.route, seenRoutes, file, context),
      ]
      for (const d of drafts) issues.push({ file, severity: 'error', ...d, ...position(d.pointer) })
    }
    const header = data as { route?: unknown; kind?: unknown }
    return {
      file,
      route: typeof header.route === 'string' ? header.route : '',
      kind: typeof header.kind === 'string' ? header.kind : '',
      source,
      issues,
      permissions: declaredPermissions(data),
    }
  })
}

/** Every `permission` code a page declares, once each. */
export function declaredPermissions(page: unknown): string[] {
  const codes = new Set<string>()
  walkJson(page, (value, _pointer, key) => {
    if (key === 'permission' && typeof value === 'string') codes.add(value)
  })
  return [...codes]
}
