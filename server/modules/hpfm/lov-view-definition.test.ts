import { expect, test } from 'vitest'
import { readLovViewSeed } from '../../seed/lov-views.ts'
import { checkLovViewFile, lovViewProblems } from './lov-view-definition.ts'

const texts = { zh_CN: '仓库', en_US: 'Warehouses', zh_TW: '倉庫' }
const sqlView = (sql: string) => ({
  viewCode: 'X.VIEW',
  viewName: texts,
  title: texts,
  lovTypeCode: 'SQL',
  sql,
  valueField: 'warehouseId',
  displayField: 'warehouseName',
  queryFields: [],
  tableFields: [{ dataIndex: 'warehouseName', title: texts }],
})

test('the seed file is valid', () => {
  expect(readLovViewSeed().length).toBeGreaterThan(5)
})

test('an SQL view must be scoped by the session and use known placeholders only', () => {
  expect(lovViewProblems(sqlView('select warehouse_id from wmdm_warehouse'))).toEqual([
    expect.stringContaining('must be limited by {tenantId}, {organizationId} or {userId}'),
  ])
  expect(lovViewProblems(sqlView('select * from wmdm_warehouse where tenant_id = {tenant}'))).toEqual([
    expect.stringContaining('uses {tenant}'),
    expect.stringContaining('must be limited by'),
  ])
  expect(lovViewProblems(sqlView('select 1 from x where tenant_id = {tenantId}; drop table x'))).toEqual([
    expect.stringContaining('one select statement'),
  ])
  expect(lovViewProblems(sqlView('select 1 as warehouse_id from x where tenant_id = {tenantId}'))).toEqual([])
})

test('a file with a view defined twice for the same tenant is refused, naming it', () => {
  const view = sqlView('select 1 as warehouse_id from x where tenant_id = {tenantId}')
  expect(() => checkLovViewFile([view, view])).toThrow(/X\.VIEW: defined twice for tenant 0/)
  expect(() => checkLovViewFile([view, { ...view, tenantId: 2 }])).not.toThrow()
})
