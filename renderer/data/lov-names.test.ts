import { expect, test } from 'vitest'
import type { LovView } from '../contract/lov-view'
import { ApiError, type HttpRequest, type RendererEnv } from '../env'
import { LOV_NAME_BATCH, createLovNames } from './lov-names'

const view = {
  viewCode: 'WMDM.WAREHOUSE',
  lovCode: 'WMDM.WAREHOUSE',
  lovTypeCode: 'URL',
  queryUrl: '/wms/v1/{organizationId}/warehouses/accessibleList',
  requestMethod: 'GET',
  valueField: 'warehouseId',
  displayField: 'warehouseName',
} as LovView

/** A list answering the asked ids but 13 (not granted), or refusing `ids` with 400, or failing with 500. */
function fakeEnv(refuse: false | 400 | 500 = false) {
  const calls: HttpRequest[] = []
  const env = {
    user: { tenantId: 1, roleLevel: 'organization', language: 'en_US' },
    request: async (request: HttpRequest) => {
      calls.push(request)
      if (refuse === 400) throw new ApiError('ids is not allowed: remove it', 400, 'error.validation')
      if (refuse === 500) throw new ApiError('The database is not available: try again', 500, 'error.server')
      const ids = String(request.params?.ids).split(',').filter((id) => id !== '13')
      return { content: ids.map((id) => ({ warehouseId: Number(id), warehouseName: `Warehouse ${id}` })) }
    },
  } as unknown as RendererEnv
  return { env, calls }
}

test('ids asked at the same moment go in one call; known names are not asked again; an unanswered id has none', async () => {
  const { env, calls } = fakeEnv()
  const names = createLovNames(env)
  await Promise.all([names.load(view, ['11', '12']), names.load(view, ['12', '13'])])
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({
    service: 'wms',
    path: '/v1/1/warehouses/accessibleList',
    params: { ids: '11,12,13', lovCode: 'WMDM.WAREHOUSE', page: 0, size: 3 },
  })
  expect(names.cached(view, '11')).toBe('Warehouse 11')
  expect(names.cached(view, '13')).toBeNull()
  expect(names.cached(view, '14')).toBeUndefined()
  await names.load(view, ['11', '13'])
  expect(calls).toHaveLength(1)
})

test(`more than ${LOV_NAME_BATCH} ids are asked ${LOV_NAME_BATCH} a call`, async () => {
  const { env, calls } = fakeEnv()
  const names = createLovNames(env)
  await names.load(
    view,
    Array.from({ length: 250 }, (_, i) => String(1000 + i)),
  )
  expect(calls.map((call) => String(call.params?.ids).split(',').length)).toEqual([100, 100, 50])
  expect(names.cached(view, '1249')).toBe('Warehouse 1249')
})

test('a view refusing ids is asked once a session (the ids stay shown); SQL views are asked too (lovs/data answers ids)', async () => {
  const { env, calls } = fakeEnv(400)
  const names = createLovNames(env)
  await names.load(view, ['11'])
  await names.load(view, ['12'])
  expect(calls).toHaveLength(1)
  expect(names.cached(view, '11')).toBeUndefined()
  await names.load({ ...view, viewCode: 'WINV.OWNER', lovTypeCode: 'SQL' }, ['5'])
  expect(calls).toHaveLength(2)
})

test('after a failed call (500) the names are asked again later', async () => {
  const { env, calls } = fakeEnv(500)
  const names = createLovNames(env)
  await names.load(view, ['11'])
  await names.load(view, ['11'])
  expect(calls).toHaveLength(2)
  expect(names.cached(view, '11')).toBeUndefined()
})
