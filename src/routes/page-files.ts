/**
 * Pages come from the server at run time (server/README.md "Page schemas at run time"): the index of page
 * files and their routes when the session loads, a page's text when it is opened. Adding a page file and
 * restarting the server adds a screen; the browser bundle does not change.
 */
import type { SchemaIssue } from '../../renderer/schema/issue'
import { inheritModel, type ModelFacts } from '../../renderer/schema/model-inheritance'
import type { HttpClient } from '../http/http-client'
import { normaliseFile, type PageIndex } from './route-table'

/** One entry of GET /hpfm/v1/page-schemas. */
export interface PageIndexEntry {
  file: string
  route: string
  kind: string
  /** Errors found by the server at start (the page then shows its error panel). */
  errors: number
}

/** GET /hpfm/v1/page-schemas/page → the file's text, as the server read it at start, and its verdict. */
export interface ServedPageFile {
  file: string
  route: string
  kind: string
  source: string
  /** What the server's check of the file found (none for a good page); SchemaPage shows them, not re-checking. */
  issues: SchemaIssue[]
  /** The server's version of the page (bumped by each applied change of the file while it runs). */
  version?: number
  /** A later save of the file that failed the check: it took no effect (this text is the last good one). */
  rejected?: { issues: SchemaIssue[]; version: number }
  /** The facts of the models the page names: its fields inherit their constraints (model-inheritance.ts). */
  models?: Record<string, ModelFacts>
}

/** Page file → route pattern, for every page the server serves (files without a route are left out). */
export async function loadPageIndex(http: HttpClient): Promise<PageIndex> {
  const entries = await http.request<PageIndexEntry[]>({
    method: 'GET',
    service: 'hpfm',
    path: '/v1/page-schemas',
  })
  return Object.fromEntries(
    entries.filter((entry) => entry.route).map((entry) => [normaliseFile(entry.file), entry.route]),
  )
}

export interface LoadedPage {
  page: unknown
  source: string
  file: string
  /** The server's verdict (see ServedPageFile.issues); absent when the page did not come from the server. */
  issues?: SchemaIssue[]
  /** Problems of a later save that took no effect (ServedPageFile.rejected): shown above the page. */
  rejected?: SchemaIssue[]
}

/**
 * Parses a served page's text, its fields completed from `models` (what the server checked, too); rejects with a
 * message naming the file when it is not JSON.
 */
export function parsePageSource(
  file: string,
  source: string,
  models: Record<string, ModelFacts> = {},
): LoadedPage {
  try {
    return { page: inheritModel(JSON.parse(source) as unknown, models), source, file }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${file}: not valid JSON (${reason}); run npm run schemas:check to see where.`)
  }
}

/** Loads one page by file or by route; rejects with the server's message (e.g. no such page). */
export async function loadPageFile(
  http: HttpClient,
  which: { file: string } | { route: string },
): Promise<LoadedPage> {
  const served = await http.request<ServedPageFile>({
    method: 'GET',
    service: 'hpfm',
    path: '/v1/page-schemas/page',
    params: which,
    silent: true,
  })
  const issues = served.issues ?? []
  const rejected = served.rejected?.issues.length ? { rejected: served.rejected.issues } : {}
  try {
    return { ...parsePageSource(served.file, served.source, served.models), issues, ...rejected }
  } catch (error) {
    // The server's verdict on a text that is not JSON says where and what to fix: SchemaPage shows it.
    if (issues.some((issue) => issue.severity === 'error'))
      return { page: undefined, source: served.source, file: served.file, issues }
    throw error
  }
}
