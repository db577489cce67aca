/**
 * The REST data source of a page (wire conventions): list with paging, filters and sort; get; create; update with
 * objectVersionNumber; delete; named actions as POSTs. All side effects go through env.request.
 */
import type { RendererEnv } from '../env'
import type { DataSourceSpec } from '../schema/page'
import { readPage, type PageResult } from './page-response'
import { fillPath, stripEmpty } from './paths'

export type Row = Record<string, unknown>

export interface ListQuery {
  /** 0-based. */
  page: number
  size: number
  /** "field,asc" | "field,desc". */
  sort?: string
  filters?: Record<string, unknown>
}

export interface DataSource {
  list(query: ListQuery): Promise<PageResult<Row>>
  get(id: string | number): Promise<Row>
  create(row: Row): Promise<Row>
  update(row: Row): Promise<Row>
  remove(row: Row): Promise<void>
  /**
   * POSTs `body` to `path` (a template: {tenantId}, route params and the fields of `row` — default the body —
   * are filled).
   */
  action(path: string, body?: Row, row?: Row): Promise<unknown>
  /** The collection path with placeholders filled. */
  readonly path: string
}

/**
 * @example restDataSource(env, { service: 'wms', path: '/v1/{tenantId}/warehouses', primaryKey: 'warehouseId' }, {})
 *   .list({ page: 0, size: 10, filters: { warehouseName: 'East' } })  // GET /v1/7/warehouses?page=0&size=10&…
 */
export function restDataSource(
  env: Pick<RendererEnv, 'request' | 'user'>,
  dataSource: DataSourceSpec,
  routeParams: Record<string, string>,
): DataSource {
  const { service } = dataSource
  const path = fillPath(dataSource.path, { user: env.user, params: routeParams })
  const silent = true // callers show their own messages (field errors on the form, conflicts as a message)
  return {
    path,
    async list({ page, size, sort, filters }) {
      // the page's fixed filters go last: the user's conditions cannot remove or override them
      const params = stripEmpty({ ...filters, ...dataSource.params, page, size, sort })
      const body = await env.request({ method: 'GET', service, path, params })
      return readPage<Row>(body, { page, size })
    },
    get: (id) =>
      env.request<Row>({ method: 'GET', service, path: `${path}/${encodeURIComponent(String(id))}` }),
    create: (row) => env.request<Row>({ method: 'POST', service, path, data: row, silent }),
    update: (row) => env.request<Row>({ method: 'PUT', service, path, data: row, silent }),
    remove: async (row) => {
      await env.request({ method: 'DELETE', service, path, data: row, silent })
    },
    action: (template, body, row = body) =>
      env.request({
        method: 'POST',
        service,
        path: fillPath(template, { user: env.user, params: routeParams, row }),
        data: body ?? {},
        silent,
      }),
  }
}
