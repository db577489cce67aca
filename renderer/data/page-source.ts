/**
 * Loading a page file from the server by route (GET /hpfm/v1/page-schemas/page?route=): tabs pages load the
 * pages they show, the playground loads the page it edits. The text comes as written, so SchemaPage reports
 * problems at the file's own line:column; the page object is completed from the models it names (served
 * with it), as the server checked it.
 */
import type { RendererEnv } from '../env'
import type { SchemaIssue } from '../schema/issue'
import { inheritModel, type ModelFacts } from '../schema/model-inheritance'

export interface PageSource {
  file: string
  route: string
  source: string
  /** The server's check of the file (SchemaPage's `verdict`); absent from servers that do not send it. */
  issues?: SchemaIssue[]
  /** The facts of the models the page names, served with it (what its fields and transition row actions inherit). */
  models?: Record<string, ModelFacts>
  /** The parsed JSON; undefined when the text is not JSON (then `parseError` says why). */
  page?: unknown
  parseError?: string
}

/** @example const { page, source, file } = await loadPageSource(env, '/wmdm/warehouse') */
export async function loadPageSource(env: Pick<RendererEnv, 'request'>, route: string): Promise<PageSource> {
  const served = await env.request<{
    file: string
    route: string
    source: string
    issues?: SchemaIssue[]
    models?: Record<string, ModelFacts>
  }>({
    method: 'GET',
    service: 'hpfm',
    path: '/v1/page-schemas/page',
    params: { route },
    silent: true,
  })
  try {
    return { ...served, page: inheritModel(JSON.parse(served.source) as unknown, served.models ?? {}) }
  } catch (error) {
    return { ...served, parseError: error instanceof Error ? error.message : String(error) }
  }
}
