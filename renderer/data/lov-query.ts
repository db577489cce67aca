/**
 * One picker query (CORE-LOV-10…13): the view's queryUrl with {organizationId}/{tenantId} filled from the
 * session, its requestMethod (GET: query string, POST: JSON body), lovCode, page (0-based), size, the search
 * values and any extra values. For an SQL view, empty and non-text search values are dropped first.
 */
import type { LovView } from '../contract/lov-view'
import { SERVICE_PREFIX, type ServiceName } from '../contract/wire'
import type { HttpRequest, RendererEnv, SessionUser } from '../env'
import { readPage, type PageResult } from './page-response'
import { stripEmpty } from './paths'

export type LovRow = Record<string, unknown>

export interface LovQuery {
  page: number
  size: number
  /** Values of the view's query fields (the popup's search form, or the inline text). */
  search?: Record<string, unknown>
  /** Values the field adds to every query (e.g. a parent field's value). */
  extra?: Record<string, unknown>
}

const SERVICES = Object.entries(SERVICE_PREFIX) as [ServiceName, string][]

/** `/hpfm/v1/{organizationId}/lovs/data` → service hpfm, path `/v1/7/lovs/data`. */
export function lovQueryPath(queryUrl: string, user: Pick<SessionUser, 'tenantId'>) {
  const filled = queryUrl.replace(/\{(organizationId|tenantId)\}/g, String(user.tenantId))
  const match = SERVICES.find(([, prefix]) => filled.startsWith(`${prefix}/`))
  if (!match) {
    throw new Error(
      `Lov queryUrl '${queryUrl}' does not start with a service prefix (${SERVICES.map(([, p]) => p).join(', ')})`,
    )
  }
  return { service: match[0], path: filled.slice(match[1].length) }
}

/** SQL views take only non-empty text values (CORE-LOV-13). */
export function cleanSqlParams(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  )
}

export function lovRequest(view: LovView, user: Pick<SessionUser, 'tenantId'>, query: LovQuery): HttpRequest {
  const { service, path } = lovQueryPath(view.queryUrl, user)
  const values = { ...query.extra, ...query.search }
  const search = view.lovTypeCode === 'SQL' ? cleanSqlParams(values) : stripEmpty(values)
  const params = { ...search, lovCode: view.lovCode, page: query.page, size: query.size }
  return view.requestMethod === 'POST'
    ? { method: 'POST', service, path, data: params, silent: true }
    : { method: 'GET', service, path, params, silent: true }
}

/** Runs the query; a bare array (a value set) becomes one page holding everything. */
export async function queryLov(
  env: Pick<RendererEnv, 'request' | 'user'>,
  view: LovView,
  query: LovQuery,
): Promise<PageResult<LovRow>> {
  const body = await env.request(lovRequest(view, env.user, query))
  return readPage<LovRow>(body, { page: query.page, size: query.size })
}
