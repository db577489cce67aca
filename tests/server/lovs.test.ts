import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { grantScreens } from './support/screens.ts'

let app: FastifyInstance
let clerk: string // tenant 1 (华东仓储)
let manager: string // tenant 2 (华南仓储)
let admin: string // tenants 1 and 2

beforeAll(async () => {
  app = await createTestApp()
  clerk = await signIn(app, 'clerk', 'Clerk@123')
  // The Lov views screen: the clerk may try any Lov, so these tests see each view's own rules (language,
  // tenant, data scope); who may use which Lov is read-permissions.test.ts's.
  await grantScreens(app, clerk, ['/hpfm/lov-view'])
  manager = await signIn(app, 'manager', 'Manager@123')
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const get = (token: string, url: string) => injectAs(app, token, 'GET', url)
type Row = Record<string, unknown>
const column = (rows: Row[], field: string) => rows.map((row) => row[field])

describe('lov-view/info (CORE-API-11, CORE-DATA-09)', () => {
  it('answers the view definition in the caller language; the warehouse view lists through accessibleList', async () => {
    const response = await get(clerk, '/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.WAREHOUSE&lang=en_US')
    expect(response.statusCode).toBe(200)
    const view = response.json()
    expect(view).toMatchObject({
      viewCode: 'WMDM.WAREHOUSE',
      lovCode: 'WMDM.WAREHOUSE',
      lovTypeCode: 'URL', // PLAT-WH-01
      queryUrl: '/wms/v1/{organizationId}/warehouses/accessibleList',
      requestMethod: 'GET',
      valueField: 'warehouseId',
      displayField: 'warehouseName',
      title: 'Choose a warehouse',
      width: 720,
      pageSize: 20, // warehouse lookups page by 20
      delayLoadFlag: 0,
    })
    expect(view.queryFields[2]).toEqual({
      field: 'warehouseType',
      label: 'Warehouse type',
      dataType: 'SELECT',
      sourceCode: 'WMDM.WAREHOUSE_TYPE',
    })
    expect(column(view.tableFields, 'dataIndex')).toEqual([
      'warehouseCode',
      'warehouseName',
      'warehouseTypeMeaning',
      'address',
    ])
    const sqlView = (await get(clerk, '/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.WHAREA')).json()
    expect(sqlView).toMatchObject({ lovTypeCode: 'SQL', queryUrl: '/hpfm/v1/{organizationId}/lovs/data' })
    expect(JSON.stringify(sqlView)).not.toMatch(/wmdm_wharea|tenant_id|enabled_flag/)
    const chinese = (await get(clerk, '/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.WAREHOUSE')).json()
    expect(chinese.title).toBe('选择仓库')
  })

  it('gives a tenant its own override of a view, others the site-wide one', async () => {
    const south = (await get(manager, '/api/hpfm/v1/2/lov-view/info?viewCode=HIAM.USER&lang=en_US')).json()
    expect(south).toMatchObject({ title: 'Choose a South staff member', pageSize: 20 })
    expect(column(south.queryFields, 'field')).toEqual(['realName'])
    const east = (await get(clerk, '/api/hpfm/v1/1/lov-view/info?viewCode=HIAM.USER&lang=en_US')).json()
    expect(east).toMatchObject({ title: 'Choose a user', pageSize: 50 })
  })

  it('answers the pub form without a token (site-wide definition)', async () => {
    const response = await app.inject({ url: '/api/hpfm/v1/pub/lov-view/info?viewCode=HIAM.ROLE' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ viewCode: 'HIAM.ROLE', requestMethod: 'POST' })
  })

  it('answers 404 in the error envelope for an unknown view, naming the closest one', async () => {
    const response = await get(clerk, '/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.WAREHOUS')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ failed: true, code: 'error.not_found' })
    expect(response.json().message).toMatch(/'WMDM\.WAREHOUS' does not exist.*did you mean 'WMDM\.WAREHOUSE'/)
  })

  it('refuses a missing viewCode with a message naming it', async () => {
    const response = await get(clerk, '/api/hpfm/v1/1/lov-view/info')
    expect(response.statusCode).toBe(400)
    expect(response.json().failed).toBe(true)
    expect(response.json().message).toMatch(/viewCode/)
  })
})

describe('lovs/data of an SQL view (CORE-API-08, CORE-LOV-12)', () => {
  // WMDM.WHAREA: areas with their warehouse, an SQL view of tenant data limited by the warehouse grants.
  const areas = (token: string, query = '', tenant = 1) =>
    get(token, `/api/hpfm/v1/${tenant}/lovs/data?lovCode=WMDM.WHAREA${query}`)
  const enabledAreas = async (tenantId: number) =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from wmdm_wharea
          where tenant_id = ${tenantId} and enabled_flag = 1`.execute(app.db)
      ).rows[0]?.n,
    )

  it("pages the caller's tenant rows only, 0-based, in the view's order", async () => {
    const total = await enabledAreas(1)
    expect(total).toBeGreaterThan(10)
    const first = (await areas(admin, '&page=0&size=10')).json()
    expect(first).toMatchObject({
      totalElements: total,
      totalPages: Math.ceil(total / 10),
      number: 0,
      size: 10,
      numberOfElements: 10,
    })
    expect(Object.keys(first.content[0]).sort()).toEqual(
      ['warehouseCode', 'warehouseId', 'warehouseName', 'whareaCode', 'whareaId', 'whareaName'].sort(),
    )
    const codes = column(first.content, 'whareaCode').map(String)
    expect(codes).toEqual([...codes].sort())
    const last = (await areas(admin, `&page=${Math.ceil(total / 10) - 1}&size=10`)).json()
    expect(last.numberOfElements).toBe(total % 10 || 10)
    const south = (await areas(manager, '&size=1000', 2)).json()
    expect(south.totalElements).toBe(await enabledAreas(2))
    expect(column(south.content, 'warehouseCode').every((code) => String(code).startsWith('WH-S'))).toBe(true)
    expect(column(first.content, 'warehouseCode').every((code) => String(code).startsWith('WH-E'))).toBe(true)
  })

  it('searches by the query fields: like for text, exact for an exact field', async () => {
    const like = (await areas(admin, '&warehouseCode=e00&size=1000')).json()
    expect(like.totalElements).toBeGreaterThan(0)
    expect(column(like.content, 'warehouseCode').every((code) => String(code).includes('WH-E00'))).toBe(true)
    const lower = (await areas(admin, '&whareaCode=rcv&size=1000')).json()
    expect(lower.totalElements).toBeGreaterThan(0)
    expect(column(lower.content, 'whareaCode').every((code) => String(code).includes('RCV'))).toBe(true)
    const exact = (
      await get(admin, '/api/hpfm/v1/1/lovs/data?lovCode=HPFM.LOOKUP_VALUE&lookupCode=WMDM.WAREHOUSE_TYPE')
    ).json()
    expect(column(exact.content, 'value').sort()).toEqual(['BONDED', 'COLD', 'NORMAL', 'VIRTUAL'])
    const none = (
      await get(admin, '/api/hpfm/v1/1/lovs/data?lovCode=HPFM.LOOKUP_VALUE&lookupCode=WMDM.WAREHOUSE_TYP')
    ).json()
    expect(none.totalElements).toBe(0)
  })

  it('binds SQL fragments in values as plain text', async () => {
    const injected = encodeURIComponent("' or '1'='1")
    const response = await areas(clerk, `&whareaName=${injected}`)
    expect(response.statusCode).toBe(200)
    expect(response.json().totalElements).toBe(0)
    const percent = (await areas(admin, '&whareaName=%25')).json()
    expect(percent.totalElements).toBe(0)
  })

  it('refuses a parameter that is not a query field of the view, naming the allowed ones', async () => {
    for (const name of ['wharea_code', 'tenant_id', 'sql', 'warehouseName']) {
      const response = await areas(clerk, `&${name}=1`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ failed: true, code: 'error.validation' })
      expect(response.json().message).toContain(`'${name}' is not a search field of value list 'WMDM.WHAREA'`)
      expect(response.json().message).toContain('whareaCode, whareaName, warehouseCode')
    }
  })

  it("never answers another tenant's rows: path tenant checked, ?tenantId ignored", async () => {
    const path = await areas(clerk, '', 2)
    expect(path.statusCode).toBe(403)
    expect(path.json().failed).toBe(true)
    const query = (await get(clerk, '/api/hpfm/v1/lovs/data?lovCode=WMDM.WHAREA&tenantId=2&size=50')).json()
    expect(query.totalElements).toBeGreaterThan(0)
    expect(column(query.content, 'warehouseCode').every((code) => String(code).startsWith('WH-E'))).toBe(true)
  })

  it('scopes user-based views by the caller: tenants the caller holds a role in', async () => {
    const mine = (await get(admin, '/api/hpfm/v1/1/lovs/data?lovCode=HPFM.TENANT')).json()
    expect(column(mine.content, 'tenantNum')).toEqual(['WH-EAST', 'WH-SOUTH'])
    const clerks = (await get(clerk, '/api/hpfm/v1/1/lovs/data?lovCode=HPFM.TENANT')).json()
    expect(column(clerks.content, 'tenantName')).toEqual(['华东仓储'])
  })

  it('answers the view in the requested language', async () => {
    const roles = (await get(clerk, '/api/hpfm/v1/1/lovs/data?lovCode=HIAM.ROLE&lang=en_US')).json()
    expect(column(roles.content, 'roleCode')).toEqual(['jxs', 'tenant-admin', 'wh-clerk'])
    expect(roles.content.every((row: Row) => typeof row.roleName === 'string' && row.roleName !== '')).toBe(
      true,
    )
  })

  it('takes the search in the body of a POST (requestMethod POST, CORE-LOV-11)', async () => {
    const response = await injectAs(app, clerk, 'POST', '/api/hpfm/v1/1/lovs/data', {
      lovCode: 'HIAM.ROLE',
      roleCode: 'clerk',
      page: 0,
      size: 10,
    })
    expect(response.statusCode).toBe(200)
    expect(column(response.json().content, 'roleCode')).toEqual(['wh-clerk'])
    const bad = await injectAs(app, clerk, 'POST', '/api/hpfm/v1/1/lovs/data', {
      lovCode: 'HIAM.ROLE',
      roleCode: { $ne: 1 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().failed).toBe(true)
  })

  it('refuses bad paging with the error envelope', async () => {
    for (const query of ['page=-1', 'size=0', 'size=5000', 'page=x']) {
      const response = await get(clerk, `/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WHAREA&${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ failed: true, code: 'error.validation' })
    }
  })

  it('refuses the pub form of a tenant-data view, and calls without a token', async () => {
    const pub = await app.inject({ url: '/api/hpfm/v1/pub/lovs/data?lovCode=WMDM.WHAREA' })
    expect(pub.statusCode).toBe(403)
    expect(pub.json().message).toMatch(/with a token/)
    const anonymous = await app.inject({ url: '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WHAREA' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('lovs/data of URL and IDP views, and unknown codes', () => {
  it("calls a URL view's list endpoint as the caller", async () => {
    const response = await get(
      clerk,
      '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE_LIST&warehouseName=上海&size=5',
    )
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page.size).toBe(5)
    expect(page.content.length).toBeGreaterThan(0)
    expect(page.content.every((row: Row) => String(row.warehouseName).includes('上海'))).toBe(true)
  })

  it('PLAT-WH-01/02: the warehouse and area views list through the accessible lists, code and name searchable', async () => {
    const first = await get(
      admin,
      '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&page=0&size=20&lang=en_US',
    )
    expect(first.statusCode, first.body).toBe(200)
    const page = first.json()
    expect(page).toMatchObject({ number: 0, size: 20 })
    expect(page.totalElements).toBeGreaterThan(20)
    const codes = column(page.content, 'warehouseCode').map(String)
    expect(codes).toEqual([...codes].sort())
    expect(page.content[0]).toMatchObject({ warehouseCode: 'WH-E001', warehouseTypeMeaning: '普通仓' })
    const like = (
      await get(admin, '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&warehouseCode=e00')
    ).json()
    expect(like.totalElements).toBeGreaterThan(0)
    expect(column(like.content, 'warehouseCode').every((code) => String(code).startsWith('WH-E00'))).toBe(
      true,
    )
    const cold = (
      await get(admin, '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&warehouseType=COLD')
    ).json()
    expect(cold.totalElements).toBeGreaterThan(0)
    expect(column(cold.content, 'warehouseType').every((type) => type === 'COLD')).toBe(true)
    const col = (await get(admin, '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&warehouseType=COL')).json()
    expect(col.totalElements).toBe(0)
    const byName = (
      await get(
        admin,
        `/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&warehouseName=${encodeURIComponent(page.content[1].warehouseName)}`,
      )
    ).json()
    expect(column(byName.content, 'warehouseId')).toContain(page.content[1].warehouseId)
    // The endpoint refuses what it does not know, in the error envelope, as the SQL views do.
    const unknown = await get(clerk, '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&tenant_id=2')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ failed: true })
    const areas = (
      await get(
        admin,
        '/api/hpfm/v1/1/lovs/data?lovCode=WINV.WHAREA&warehouseCode=WH-E001&whareaCode=rcv&lang=en_US',
      )
    ).json()
    expect(areas.content).toHaveLength(1)
    expect(areas.content[0]).toMatchObject({
      warehouseCode: 'WH-E001',
      whareaCode: 'RCV',
      areaType: 'RECEIVING',
    })
    expect(typeof areas.content[0].areaTypeMeaning).toBe('string')
    const info = (await get(clerk, '/api/hpfm/v1/1/lov-view/info?viewCode=WINV.WHAREA')).json()
    expect(info).toMatchObject({
      lovTypeCode: 'URL',
      queryUrl: '/wms/v1/{organizationId}/whareas/accessibleList',
      pageSize: 20,
    })
    expect(column(info.queryFields, 'field')).toEqual(['whareaCode', 'warehouseCode', 'whareaName'])
  })

  it('the accessible lists answer the rows of given ids (ids=, at most 100), in scope; bad ids get 400', async () => {
    const all = (await get(admin, '/api/wms/v1/1/warehouses/accessibleList?size=1000')).json()
    const granted = (await get(clerk, '/api/wms/v1/1/warehouses/accessibleList?size=1000')).json()
    const grantedIds = column(granted.content, 'warehouseId').map(Number)
    const hidden = column(all.content, 'warehouseId')
      .map(Number)
      .find((id) => !grantedIds.includes(id))
    const [first, second] = grantedIds
    const asked = [first, second, ...(hidden ? [hidden] : [])].join(',')
    const byIds = (await get(clerk, `/api/wms/v1/1/warehouses/accessibleList?ids=${asked}&size=100`)).json()
    // A warehouse outside the clerk's grants is not named, even asked by id.
    expect(column(byIds.content, 'warehouseId').map(Number).sort()).toEqual([first, second].sort())
    expect(byIds.content[0].warehouseName).toEqual(expect.any(String))

    const areas = (
      await get(clerk, `/api/wms/v1/1/whareas/accessibleList?warehouseId=${first}&size=2`)
    ).json()
    const areaIds = column(areas.content, 'whareaId').map(Number)
    expect(areaIds.length).toBeGreaterThan(0)
    const named = (
      await get(clerk, `/api/wms/v1/1/whareas/accessibleList?ids=${areaIds.join(',')}&size=100`)
    ).json()
    expect(column(named.content, 'whareaId').map(Number).sort()).toEqual([...areaIds].sort())
    expect(named.content[0]).toMatchObject({ warehouseId: first, whareaName: expect.any(String) })

    for (const bad of ['abc', '1,,2', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const response = await get(clerk, `/api/wms/v1/1/warehouses/accessibleList?ids=${bad}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ failed: true, code: 'error.validation' })
      expect(response.json().message).toMatch(/ids/)
    }
  })

  it('answers a value set (IDP view) as a bare array', async () => {
    const values = (
      await get(clerk, '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE_TYPE&lang=en_US')
    ).json()
    expect(column(values, 'meaning')).toEqual(['Normal', 'Bonded', 'Cold storage', 'Virtual'])
  })

  it('answers 404 for a code that is neither a view nor a value set, with a suggestion', async () => {
    const response = await get(clerk, '/api/hpfm/v1/1/lovs/data?lovCode=HIAM.USERS')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ failed: true, code: 'error.not_found' })
    expect(response.json().message).toMatch(/'HIAM\.USERS' does not exist.*did you mean 'HIAM\.USER'/)
    const missing = await app.inject({ url: '/api/hpfm/v1/1/lovs/data', headers: bearer(clerk) })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/lovCode is required/)
  })

  it('keeps lovs/value and the batch on value sets (unknown codes answer [])', async () => {
    expect((await get(clerk, '/api/hpfm/v1/1/lovs/value?lovCode=WMDM.WAREHOUSE')).json()).toEqual([])
    const batch = (await get(clerk, '/api/hpfm/v1/lovs/value/batch?type=WMDM.WAREHOUSE_TYPE')).json()
    expect(batch.type).toHaveLength(4)
  })
})
