import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { ApiError, type HttpRequest, type RendererEnv, type SessionUser } from '../env'
import { fillPath, stripEmpty } from './paths'
import { readPage } from './page-response'
import { restDataSource } from './rest-data-source'
import { useListQuery } from './use-list-query'

const user: SessionUser = {
  userId: 1,
  tenantId: 7,
  roleId: 3,
  roleCode: 'tenant-admin',
  roleLevel: 'organization',
  language: 'zh_CN',
  dateFormat: 'YYYY-MM-DD',
  dateTimeFormat: 'YYYY-MM-DD HH:mm:ss',
  timeFormat: 'HH:mm:ss',
}

/** An env whose request answers from `answer` and records every call. */
function fakeEnv(answer: (request: HttpRequest) => unknown, level: SessionUser['roleLevel'] = 'organization') {
  const calls: HttpRequest[] = []
  const env = {
    user: { ...user, roleLevel: level },
    request: async (request: HttpRequest) => {
      calls.push(request)
      return answer(request)
    },
  } as Pick<RendererEnv, 'request' | 'user'> as RendererEnv
  return { env, calls }
}
const spec = { service: 'wms' as const, path: '/v1/{tenantId}/warehouses', primaryKey: 'warehouseId' }
const page = (content: unknown[], total: number, number = 0) => ({
  content,
  totalElements: total,
  totalPages: Math.ceil(total / 10),
  number,
  size: 10,
  numberOfElements: content.length,
})

test('tenant-level roles put the tenant id in the path; site-level roles drop the segment', async () => {
  const tenant = fakeEnv(() => page([], 0))
  await restDataSource(tenant.env, spec, {}).list({ page: 0, size: 10 })
  expect(tenant.calls[0]).toMatchObject({ method: 'GET', service: 'wms', path: '/v1/7/warehouses' })
  const site = fakeEnv(() => page([], 0), 'site')
  await restDataSource(site.env, spec, {}).list({ page: 0, size: 10 })
  expect(site.calls[0]?.path).toBe('/v1/warehouses')
})

test('route params fill the path; a missing one is named', () => {
  const lines = { ...spec, path: '/v1/{tenantId}/orders/{orderId}/lines' }
  expect(fillPath(lines.path, { user, params: { orderId: '42' } })).toBe('/v1/7/orders/42/lines')
  expect(() => restDataSource(fakeEnv(() => null).env, lines, {})).toThrow(/needs \{orderId\}/)
})

test('list sends page, size, sort and the non-empty filters only', async () => {
  const { env, calls } = fakeEnv(() => page([{ warehouseId: 1 }], 1))
  const result = await restDataSource(env, spec, {}).list({
    page: 2,
    size: 20,
    sort: 'warehouseCode,asc',
    filters: { warehouseName: 'East', warehouseType: null, address: '', tags: [], enabledFlag: 0 },
  })
  expect(calls[0]?.params).toEqual({ page: 2, size: 20, sort: 'warehouseCode,asc', warehouseName: 'East', enabledFlag: 0 })
  expect(result).toEqual({ rows: [{ warehouseId: 1 }], total: 1, page: 0, size: 10 })
  expect(stripEmpty({ a: '', b: null, c: 1, d: undefined })).toEqual({ c: 1 })
})

test('both paged shapes are read', () => {
  expect(readPage({ content: [1, 2], totalElements: 12, number: 1, size: 2 }, { page: 0, size: 10 })).toEqual({
    rows: [1, 2],
    total: 12,
    page: 1,
    size: 2,
  })
  expect(readPage({ rows: [1], total: 5, start: 4, size: 2 }, { page: 0, size: 10 })).toEqual({ rows: [1], total: 5, page: 2, size: 2 })
})

test('create POSTs, update PUTs with objectVersionNumber, remove DELETEs the row, actions POST to their path', async () => {
  const { env, calls } = fakeEnv((r) => r.data)
  const source = restDataSource(env, spec, {})
  await source.create({ warehouseCode: 'A' })
  await source.update({ warehouseId: 5, objectVersionNumber: 2 })
  await source.remove({ warehouseId: 5, objectVersionNumber: 3 })
  await source.action('/v1/{tenantId}/warehouses/{warehouseId}/disable', { warehouseId: 5 })
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
    'POST /v1/7/warehouses',
    'PUT /v1/7/warehouses',
    'DELETE /v1/7/warehouses',
    'POST /v1/7/warehouses/5/disable',
  ])
  expect(calls[1]?.data).toEqual({ warehouseId: 5, objectVersionNumber: 2 })
})

test('an empty page beyond the first steps back one page and reloads', async () => {
  const { env, calls } = fakeEnv((r) => (r.params?.page === 3 ? page([], 31, 3) : page([{ warehouseId: 31 }], 31, 2)))
  const source = restDataSource(env, spec, {})
  const pages: number[] = []
  const { result } = renderHook(() => useListQuery(source, { initial: { page: 3, size: 10 }, onPageChange: (p) => pages.push(p) }))
  await waitFor(() => expect(result.current.loading).toBe(false))
  expect(calls.map((c) => c.params?.page)).toEqual([3, 2])
  expect(result.current.rows).toEqual([{ warehouseId: 31 }])
  expect(result.current.query.page).toBe(2)
  expect(pages).toEqual([2])
})

test('a failed fetch clears rows and total and reports the error', async () => {
  let fail = false
  const { env } = fakeEnv(() => {
    if (fail) throw new ApiError('boom', 500, 'error.server')
    return page([{ warehouseId: 1 }], 1)
  })
  const errors: unknown[] = []
  const source = restDataSource(env, spec, {})
  const { result } = renderHook(() => useListQuery(source, { initial: { page: 0, size: 10 }, onError: (e) => errors.push(e) }))
  await waitFor(() => expect(result.current.total).toBe(1))
  fail = true
  await result.current.reload()
  await waitFor(() => expect(result.current.rows).toEqual([]))
  expect(result.current.total).toBe(0)
  expect(errors).toHaveLength(1)
})

test("a page's fixed filters go with every list and win over the user's conditions", async () => {
  const { env, calls } = fakeEnv(() => page([], 0))
  const source = restDataSource(env, { ...spec, params: { orderType: 'ECO', enabledFlag: 1 } }, {})
  await source.list({ page: 0, size: 10, filters: { orderType: 'PROCUREMENT', orderNum: 'CK1' } })
  await source.list({ page: 2, size: 20 })
  expect(calls.map((c) => c.params)).toEqual([
    { orderType: 'ECO', enabledFlag: 1, orderNum: 'CK1', page: 0, size: 10 },
    { orderType: 'ECO', enabledFlag: 1, page: 2, size: 20 },
  ])
})

test('an action posts its body to the path filled from the row it acts on', async () => {
  const { env, calls } = fakeEnv(() => ({}))
  const source = restDataSource(env, spec, {})
  await source.action('/v1/{tenantId}/inbound-orders/{inboundOrderId}/receive', { lines: [{ inboundLineId: 4 }] }, {
    inboundOrderId: 9,
    inboundLineId: 4,
  })
  expect(calls).toMatchObject([
    { method: 'POST', path: '/v1/7/inbound-orders/9/receive', data: { lines: [{ inboundLineId: 4 }] } },
  ])
})
