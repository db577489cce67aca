import { expect, test } from 'vitest'
import type { LovView } from '../contract/lov-view'
import { cleanSqlParams, lovQueryPath, lovRequest } from './lov-query'

const view = (over: Partial<LovView> = {}): LovView => ({
  viewCode: 'WMDM.WAREHOUSE',
  viewName: 'Warehouses',
  lovCode: 'WMDM.WAREHOUSE',
  lovName: 'Warehouses',
  lovTypeCode: 'SQL',
  queryUrl: '/hpfm/v1/{organizationId}/lovs/data',
  requestMethod: 'GET',
  valueField: 'warehouseId',
  displayField: 'warehouseName',
  title: 'Choose a warehouse',
  width: 720,
  pageSize: 50,
  delayLoadFlag: 0,
  queryFields: [],
  tableFields: [],
  ...over,
})

test('CORE-LOV-10: {organizationId} and {tenantId} in queryUrl are filled with the current tenant', () => {
  expect(lovQueryPath('/hpfm/v1/{organizationId}/lovs/data', { tenantId: 7 })).toEqual({
    service: 'hpfm',
    path: '/v1/7/lovs/data',
  })
  expect(lovQueryPath('/wms/v1/{tenantId}/warehouses', { tenantId: 2 })).toEqual({
    service: 'wms',
    path: '/v1/2/warehouses',
  })
  expect(() => lovQueryPath('/nope/v1/x', { tenantId: 1 })).toThrow(/service prefix/)
})

test('CORE-LOV-13: an SQL view drops empty and non-text values before the query', () => {
  expect(cleanSqlParams({ a: 'x', b: '', c: 3, d: null, e: undefined, f: ['x'], g: true })).toEqual({ a: 'x' })
  const sql = lovRequest(view(), { tenantId: 1 }, { page: 0, size: 50, search: { warehouseName: '上海', warehouseCode: '', warehouseType: 4 } })
  expect(sql.params).toEqual({ warehouseName: '上海', lovCode: 'WMDM.WAREHOUSE', page: 0, size: 50 })
  const url = lovRequest(view({ lovTypeCode: 'URL', queryUrl: '/wms/v1/{organizationId}/warehouses' }), { tenantId: 1 }, {
    page: 1,
    size: 20,
    search: { enabledFlag: 1, warehouseCode: '' },
  })
  expect(url).toMatchObject({ method: 'GET', service: 'wms', path: '/v1/1/warehouses' })
  expect(url.params).toEqual({ enabledFlag: 1, lovCode: 'WMDM.WAREHOUSE', page: 1, size: 20 })
})

test('CORE-LOV-11, CORE-LOV-12: GET sends lovCode, page, size, search and extra values as query; POST as the body', () => {
  const get = lovRequest(view(), { tenantId: 1 }, { page: 2, size: 10, search: { warehouseCode: 'E0' }, extra: { warehouseType: 'COLD' } })
  expect(get).toEqual({
    method: 'GET',
    service: 'hpfm',
    path: '/v1/1/lovs/data',
    params: { warehouseType: 'COLD', warehouseCode: 'E0', lovCode: 'WMDM.WAREHOUSE', page: 2, size: 10 },
    silent: true,
  })
  const post = lovRequest(view({ requestMethod: 'POST', lovCode: 'HIAM.ROLE' }), { tenantId: 3 }, { page: 0, size: 50, search: { roleCode: 'adm' } })
  expect(post).toEqual({
    method: 'POST',
    service: 'hpfm',
    path: '/v1/3/lovs/data',
    data: { roleCode: 'adm', lovCode: 'HIAM.ROLE', page: 0, size: 50 },
    silent: true,
  })
})
