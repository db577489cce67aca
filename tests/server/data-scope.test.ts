/**
 * Data permissions (CORE-USR-06, CORE-DATA-03, PLAT-API-08/09/10, CORE-API-21): a user of a restricted role
 * (the clerk) sees only the warehouses, owners, customers, vendors and organisations granted to them — in lists,
 * gets, Lovs, exports, aggregates and the accessible lists; the administrator sees everything; grants and
 * revokes take effect at once. Seed: the clerk holds WH-E001 (default), WH-E003, WH-E006, OWN-A, OWN-B,
 * CUS-001, CUS-003, VEN-001 and ORG-EAST; the dealer (jxs) WH-E001 (default), WH-E002, WH-E005, CUS-001 and CUS-002.
 */
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { grantScreens } from './support/screens.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const wms = '/api/wms/v1/1'

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  // The rule screens and the organisation picker's screen: only the warehouse grants limit what the clerk reads.
  await grantScreens(app, tokens.clerk, [
    '/wmdm/warehouseRelation',
    '/winv/ruleReplenishment',
    '/winv/warning-rule',
    '/winv/strategy',
    '/winv/rule',
    '/winv/employee-binding',
  ])
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const get = async (user: string, url: string) => {
  const response = await call(user, 'GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const codes = (page: { content: Array<Record<string, unknown>> }, field: string) =>
  page.content.map((row) => row[field]).sort()
const warehouseId = async (code: string) =>
  (await get('admin', `${wms}/warehouses?warehouseCode=${code}`)).content[0].warehouseId as number

describe('model lists, gets, aggregates and exports', () => {
  it('the clerk lists only the granted warehouses and owners; the admin lists all', async () => {
    expect(codes(await get('clerk', `${wms}/warehouses?size=100`), 'warehouseCode')).toEqual([
      'WH-E001',
      'WH-E003',
      'WH-E006',
    ])
    expect((await get('admin', `${wms}/warehouses?size=100`)).totalElements).toBe(30)
    expect(codes(await get('clerk', `${wms}/owners?size=100`), 'ownerCode')).toEqual(['OWN-A', 'OWN-B'])
    expect(codes(await get('admin', `${wms}/owners?size=100`), 'ownerCode')).toEqual([
      'OWN-A',
      'OWN-B',
      'OWN-C',
    ])
    expect(codes(await get('clerk', `${wms}/customers?size=100`), 'customerCode')).toEqual([
      'CUS-001',
      'CUS-003',
    ])
    expect(codes(await get('clerk', `${wms}/vendors?size=100`), 'vendorCode')).toEqual(['VEN-001'])
  })

  it('rows scoped by a warehouse field follow the warehouse grants (areas of WH-E001, none of WH-E002)', async () => {
    const areas = await get('clerk', `${wms}/whareas?size=100`)
    expect(areas.totalElements).toBeGreaterThan(0)
    const e001 = await warehouseId('WH-E001')
    expect(areas.content.every((row: { warehouseId: number }) => row.warehouseId === e001)).toBe(true)
    const admin = await get('admin', `${wms}/whareas?size=100`)
    expect(admin.totalElements).toBeGreaterThan(areas.totalElements)
  })

  it('a get of an ungranted warehouse is 404, of a granted one 200', async () => {
    const e002 = await warehouseId('WH-E002')
    const refused = await call('clerk', 'GET', `${wms}/warehouses/${e002}`)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toContain('does not exist (or is not yours)')
    expect((await call('clerk', 'GET', `${wms}/warehouses/${await warehouseId('WH-E003')}`)).statusCode).toBe(
      200,
    )
    expect((await call('admin', 'GET', `${wms}/warehouses/${e002}`)).statusCode).toBe(200)
  })

  it('an ungranted warehouse cannot be updated (404) and an area cannot be put into it (400 naming the field)', async () => {
    const row = (await get('admin', `${wms}/warehouses?warehouseCode=WH-E002`)).content[0]
    const update = await call('clerk', 'PUT', `${wms}/warehouses`, { ...row, warehouseName: 'Not mine' })
    expect(update.statusCode).toBe(404)
    const area = await call('clerk', 'POST', `${wms}/whareas`, {
      warehouseId: row.warehouseId,
      whareaCode: 'X1',
      whareaName: 'Forbidden',
      areaType: 'STORAGE',
    })
    expect(area.statusCode).toBe(400)
    expect(area.json().fields.warehouseId).toContain('not granted to you')
  })

  it('aggregates count only the granted rows', async () => {
    const clerk = await get('clerk', `${wms}/warehouses/aggregate`)
    const admin = await get('admin', `${wms}/warehouses/aggregate`)
    expect(JSON.stringify(clerk)).toContain('3')
    expect(JSON.stringify(admin)).toContain('30')
  })

  it('an export writes only the granted rows', async () => {
    const response = await call(
      'clerk',
      'GET',
      `${wms}/warehouses?exportType=DATA&ids=2&fileType=CSV&fileName=mine`,
    )
    expect(response.statusCode).toBe(200)
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines.slice(1).sort()).toEqual(['WH-E001', 'WH-E003', 'WH-E006'])
  })
})

describe('Lovs and accessible lists', () => {
  it('the warehouse, owner and area Lovs list only what is granted', async () => {
    const warehouses = await get('clerk', '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&size=50')
    expect(codes(warehouses, 'warehouseCode')).toEqual(['WH-E001', 'WH-E003', 'WH-E006'])
    const all = await get('admin', '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&size=50')
    expect(all.totalElements).toBeGreaterThan(3)
    expect(codes(await get('clerk', '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.OWNER'), 'ownerCode')).toEqual([
      'OWN-A',
      'OWN-B',
    ])
    const areas = await get('clerk', '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WHAREA&size=50')
    expect(new Set(codes(areas, 'warehouseCode'))).toEqual(new Set(['WH-E001']))
  })

  it('PLAT-WH-01: the warehouse and area pickers go through the accessible lists, grant-limited and narrowed', async () => {
    const lov = (user: string, query: string) => get(user, `/api/hpfm/v1/1/lovs/data?${query}`)
    for (const code of ['WMDM.WAREHOUSE', 'WINV.WHAREA']) {
      const view = await get('clerk', `/api/hpfm/v1/1/lov-view/info?viewCode=${code}`)
      expect(view.lovTypeCode, code).toBe('URL')
      expect(view.queryUrl, code).toMatch(
        /^\/wms\/v1\/\{organizationId\}\/(warehouses|whareas)\/accessibleList$/,
      )
    }
    const east = (await get('admin', `${wms}/wms-common/inv-organizations?invOrganizationCode=ORG-EAST`))
      .content[0].invOrganizationId as number
    const north = (await get('admin', `${wms}/wms-common/inv-organizations?invOrganizationCode=ORG-NORTH`))
      .content[0].invOrganizationId as number
    // The clerk's picker: only granted warehouses, and of them only those of the organisation sent along.
    const mine = await lov('clerk', 'lovCode=WMDM.WAREHOUSE&page=0&size=20')
    expect(codes(mine, 'warehouseCode')).toEqual(['WH-E001', 'WH-E003', 'WH-E006'])
    expect(mine.size).toBe(20)
    const ofEast = await lov('clerk', `lovCode=WMDM.WAREHOUSE&invOrganizationId=${east}`)
    expect(codes(ofEast, 'warehouseCode')).toEqual(['WH-E001', 'WH-E003'])
    const adminEast = await lov('admin', `lovCode=WMDM.WAREHOUSE&size=50&invOrganizationId=${east}`)
    const adminNorth = await lov('admin', `lovCode=WMDM.WAREHOUSE&size=50&invOrganizationId=${north}`)
    expect(adminEast.totalElements).toBeGreaterThan(ofEast.totalElements)
    expect(adminNorth.totalElements).toBeGreaterThan(0)
    expect(
      codes(adminNorth, 'warehouseCode').some((c) => codes(adminEast, 'warehouseCode').includes(c)),
    ).toBe(false)
    const clerkNorth = await lov('clerk', `lovCode=WMDM.WAREHOUSE&size=50&invOrganizationId=${north}`)
    expect(
      codes(clerkNorth, 'warehouseCode').every((c) => ['WH-E001', 'WH-E003', 'WH-E006'].includes(String(c))),
    ).toBe(true)
    // The area picker: areas of granted warehouses only; narrowed by the warehouse sent along.
    const areas = await lov('clerk', 'lovCode=WINV.WHAREA&size=1000')
    expect(new Set(codes(areas, 'warehouseCode'))).toEqual(new Set(['WH-E001']))
    const e001 = await warehouseId('WH-E001')
    const e002 = await warehouseId('WH-E002')
    expect((await lov('clerk', `lovCode=WINV.WHAREA&warehouseId=${e001}&size=1000`)).totalElements).toBe(
      areas.totalElements,
    )
    expect((await lov('clerk', `lovCode=WINV.WHAREA&warehouseId=${e002}`)).totalElements).toBe(0)
    const adminE002 = await lov('admin', `lovCode=WINV.WHAREA&warehouseId=${e002}&size=1000`)
    expect(adminE002.totalElements).toBeGreaterThan(0)
    expect(new Set(codes(adminE002, 'warehouseCode'))).toEqual(new Set(['WH-E002']))
    const bad = await call(
      'clerk',
      'GET',
      '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE&invOrganizationId=x',
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ failed: true, code: 'error.validation' })
  })

  it('warehouses/accessibleList pages the granted enabled warehouses, narrowed by organisation', async () => {
    const page = await get('clerk', `${wms}/warehouses/accessibleList?page=0&size=2`)
    expect(page).toMatchObject({ totalElements: 3, size: 2, number: 0, numberOfElements: 2 })
    const east = (await get('admin', `${wms}/wms-common/inv-organizations?invOrganizationCode=ORG-EAST`))
      .content[0]
    const ofEast = await get(
      'clerk',
      `${wms}/warehouses/accessibleList?invOrganizationId=${east.invOrganizationId}`,
    )
    expect(codes(ofEast, 'warehouseCode')).toEqual(['WH-E001', 'WH-E003'])
    const adminEast = await get(
      'admin',
      `${wms}/warehouses/accessibleList?size=50&invOrganizationId=${east.invOrganizationId}`,
    )
    expect(adminEast.totalElements).toBe(5)
    const bad = await call('clerk', 'GET', `${wms}/warehouses/accessibleList?size=0`)
    expect(bad.statusCode).toBe(400)
  })

  it('whareas/accessibleList and inv-organizations follow the grants', async () => {
    const e002 = await warehouseId('WH-E002')
    expect((await get('clerk', `${wms}/whareas/accessibleList?warehouseId=${e002}`)).totalElements).toBe(0)
    expect(
      (await get('admin', `${wms}/whareas/accessibleList?warehouseId=${e002}`)).totalElements,
    ).toBeGreaterThan(0)
    expect(codes(await get('clerk', `${wms}/wms-common/inv-organizations`), 'invOrganizationCode')).toEqual([
      'ORG-EAST',
    ])
    expect(codes(await get('admin', `${wms}/wms-common/inv-organizations`), 'invOrganizationCode')).toEqual([
      'ORG-EAST',
      'ORG-NORTH',
    ])
  })

  it('PLAT-WH-01: the organisation picker lists through inv-organizations, 20 a page, with its code sent along', async () => {
    const view = await get('clerk', '/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.INV_ORGANIZATION')
    expect(view).toMatchObject({
      lovTypeCode: 'URL',
      queryUrl: '/wms/v1/{organizationId}/wms-common/inv-organizations',
      pageSize: 20,
    })
    // What the picker sends (CORE-LOV-12): lovCode, page, size and its search fields.
    const picked = await get(
      'clerk',
      `${wms}/wms-common/inv-organizations?lovCode=WMDM.INV_ORGANIZATION&page=0&size=20&invOrganizationCode=ORG`,
    )
    expect(codes(picked, 'invOrganizationCode')).toEqual(['ORG-EAST'])
    expect(picked.size).toBe(20)
    for (const path of ['warehouses/accessibleList', 'whareas/accessibleList']) {
      const page = await get('clerk', `${wms}/${path}?lovCode=WMDM.X&page=0&size=20`)
      expect(page.size).toBe(20)
    }
    const viaLovs = await get('clerk', '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.INV_ORGANIZATION&size=20')
    expect(codes(viaLovs, 'invOrganizationCode')).toEqual(['ORG-EAST'])
    const unknown = await call('clerk', 'GET', `${wms}/wms-common/inv-organizations?colour=red`)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ failed: true })
  })

  it('the default permissions answer the grants, and the precision follows the default warehouse', async () => {
    const mine = await get('clerk', `${wms}/warehouses/query-default-warehourse-permissions`)
    expect(mine.warehouseList.map((w: { warehouseCode: string }) => w.warehouseCode)).toEqual([
      'WH-E001',
      'WH-E003',
      'WH-E006',
    ])
    expect(mine.warehouseList[0]).toMatchObject({
      warehouseCode: 'WH-E001',
      defaultFlag: 1,
      quantityPrecision: 3,
    })
    expect(mine.ownerList.map((o: { ownerCode: string }) => o.ownerCode)).toEqual(['OWN-A', 'OWN-B'])
    expect(mine.orgList.map((o: { invOrganizationCode: string }) => o.invOrganizationCode)).toEqual([
      'ORG-EAST',
    ])
    expect(await get('clerk', `${wms}/wms-common/query-digital-accuracy`)).toMatchObject({
      precision: 3,
      step: 0.001,
    })
    const row = (await get('admin', `${wms}/warehouses?warehouseCode=WH-E003`)).content[0]
    expect(
      (await call('admin', 'PUT', `${wms}/warehouses`, { ...row, quantityPrecision: 1 })).statusCode,
    ).toBe(200)
    expect(
      await get('clerk', `${wms}/wms-common/query-digital-accuracy?warehouseId=${row.warehouseId}`),
    ).toEqual({
      warehouseId: row.warehouseId,
      precision: 1,
      step: 0.1,
    })
    const e002 = await warehouseId('WH-E002')
    expect(
      (await call('clerk', 'GET', `${wms}/wms-common/query-digital-accuracy?warehouseId=${e002}`)).statusCode,
    ).toBe(404)
  })
})

describe('granting and revoking', () => {
  it('a grant shows the warehouse at once, a revoke hides it again', async () => {
    const e002 = await warehouseId('WH-E002')
    const grant = await call('admin', 'POST', `${wms}/user-warehouses`, {
      userId: 3,
      loginName: 'clerk',
      warehouseId: e002,
      warehouseCode: 'WH-E002',
      defaultFlag: 0,
    })
    expect(grant.statusCode, grant.body).toBe(201)
    expect((await call('clerk', 'GET', `${wms}/warehouses/${e002}`)).statusCode).toBe(200)
    expect((await get('clerk', `${wms}/warehouses/accessibleList?size=50`)).totalElements).toBe(4)
    const twice = await call('admin', 'POST', `${wms}/user-warehouses`, {
      userId: 3,
      loginName: 'clerk',
      warehouseId: e002,
    })
    expect(twice.statusCode).toBe(409)
    expect((await call('admin', 'DELETE', `${wms}/user-warehouses`, grant.json())).statusCode).toBe(204)
    expect((await call('clerk', 'GET', `${wms}/warehouses/${e002}`)).statusCode).toBe(404)
    expect((await get('clerk', `${wms}/warehouses/accessibleList?size=50`)).totalElements).toBe(3)
  })

  it('a warehouse the clerk creates is granted to the clerk', async () => {
    const created = await call('clerk', 'POST', `${wms}/warehouses`, {
      warehouseCode: 'WH-CLERK',
      warehouseName: 'Clerk hub',
      warehouseType: 'NORMAL',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect((await call('clerk', 'GET', `${wms}/warehouses/${created.json().warehouseId}`)).statusCode).toBe(
      200,
    )
    const grants = await get('admin', `${wms}/user-warehouses?userId=3&warehouseCode=WH-CLERK`)
    expect(grants.content[0]).toMatchObject({ loginName: 'clerk', warehouseName: 'Clerk hub' })
  })
})

describe('the rest of the warehouse screens: rules, lines and their Lovs (issue 7 audit)', () => {
  type Rows = Array<Record<string, unknown>>
  const granted = { warehouses: ['WH-E001', 'WH-E003', 'WH-E006'], owners: ['OWN-A', 'OWN-B'] }
  const grantedWarehouseIds = async () => new Set(await Promise.all(granted.warehouses.map(warehouseId)))
  const all = async (user: string, url: string): Promise<Rows> =>
    (await get(user, `${url}${url.includes('?') ? '&' : '?'}size=1000`)).content as Rows

  it('warehouse rules, strategies, warnings, replenishment and employee bindings follow the warehouse grants', async () => {
    const e002 = await warehouseId('WH-E002')
    // every seeded replenishment rule is in WH-E001: one moves to WH-E002, so there is something to hide
    await sql`update winv_replenishment_rule set warehouse_id = ${e002}
      where replenishment_rule_id = (select min(replenishment_rule_id) from winv_replenishment_rule)`.execute(
      app.db,
    )
    const mine = await grantedWarehouseIds()
    for (const resource of [
      'replenishment-rules',
      'warning-rules',
      'strategies',
      'rules',
      'employee-bindings',
    ]) {
      const admin = await all('admin', `${wms}/${resource}`)
      const clerk = await all('clerk', `${wms}/${resource}`)
      const expected = admin.filter((row) => mine.has(row.warehouseId as number))
      expect(admin.length, resource).toBeGreaterThan(expected.length)
      expect(clerk.length, resource).toBeGreaterThan(0)
      expect(clerk.map((row) => JSON.stringify(row)).sort(), resource).toEqual(
        expected.map((row) => JSON.stringify(row)).sort(),
      )
      const foreign = admin.find((row) => !mine.has(row.warehouseId as number) && row.warehouseId)
      if (foreign) {
        const key = Object.keys(foreign).find((name) => name.endsWith('Id') && name !== 'warehouseId')!
        expect(
          (await call('clerk', 'GET', `${wms}/${resource}/${String(foreign[key])}`)).statusCode,
          resource,
        ).toBe(404)
      }
    }
  })

  it('outbound lines follow their order: list, get, export and a new line on a foreign order', async () => {
    const orders = await all('admin', `${wms}/outbound-orders`)
    const mine = await grantedWarehouseIds()
    const ownerIds = new Set(
      ((await get('clerk', `${wms}/owners?size=100`)).content as Rows).map((row) => row.ownerId as number),
    )
    const visibleOrders = new Set(
      orders
        .filter((o) => mine.has(o.warehouseId as number) && ownerIds.has(o.ownerId as number))
        .map((o) => o.outboundOrderId as number),
    )
    const adminLines = await all('admin', `${wms}/outbound-lines`)
    const clerkLines = await all('clerk', `${wms}/outbound-lines`)
    const expected = adminLines.filter((line) => visibleOrders.has(line.outboundOrderId as number))
    expect(adminLines.length).toBeGreaterThan(expected.length)
    expect(clerkLines.length).toBeGreaterThan(0)
    expect(clerkLines.map((line) => line.outboundLineId).sort()).toEqual(
      expected.map((line) => line.outboundLineId).sort(),
    )
    const foreign = adminLines.find((line) => !visibleOrders.has(line.outboundOrderId as number))!
    expect(
      (await call('clerk', 'GET', `${wms}/outbound-lines/${String(foreign.outboundLineId)}`)).statusCode,
    ).toBe(404)
    // the export writes the same rows (column 2 only: one line per row)
    const exported = await call('clerk', 'GET', `${wms}/outbound-lines?exportType=DATA&ids=2&fileType=CSV`)
    expect(exported.statusCode, exported.body).toBe(200)
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/).length - 1,
    ).toBe(expected.length)

    const foreignOrder = orders.find(
      (o) => o.orderStatus === 'NEW' && !visibleOrders.has(o.outboundOrderId as number),
    )
    const target = foreignOrder ?? orders.find((o) => !visibleOrders.has(o.outboundOrderId as number))!
    const added = await call('clerk', 'POST', `${wms}/outbound-lines`, {
      outboundOrderId: target.outboundOrderId,
      lineNum: 99,
      goodsId: foreign.goodsId,
      goodsCode: foreign.goodsCode,
      quantity: 1,
    })
    expect(added.statusCode, added.body).toBe(404)
    expect(added.json().message).toMatch(/outboundOrder \d+ does not exist \(or is not yours\)/)
  })

  it('stock adjustment lines follow their adjustment', async () => {
    const e002 = await warehouseId('WH-E002')
    const adjusts = await all('admin', `${wms}/stock-adjusts`)
    const moved = adjusts[0]!
    await sql`update winv_stock_adjust set warehouse_id = ${e002}
      where stock_adjust_id = ${moved.stockAdjustId as number}`.execute(app.db)
    const adminLines = await all('admin', `${wms}/stock-adjust-lines`)
    const clerkLines = await all('clerk', `${wms}/stock-adjust-lines`)
    expect(adminLines.some((line) => line.stockAdjustId === moved.stockAdjustId)).toBe(true)
    expect(clerkLines.some((line) => line.stockAdjustId === moved.stockAdjustId)).toBe(false)
    expect(clerkLines.length).toBe(
      adminLines.filter((line) => line.stockAdjustId !== moved.stockAdjustId).length,
    )
    const exported = await call(
      'clerk',
      'GET',
      `${wms}/stock-adjust-lines?exportType=DATA&ids=2&fileType=CSV`,
    )
    expect(exported.statusCode, exported.body).toBe(200)
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/).length - 1,
    ).toBe(clerkLines.length)
    await sql`update winv_stock_adjust set warehouse_id = ${moved.warehouseId as number}
      where stock_adjust_id = ${moved.stockAdjustId as number}`.execute(app.db)
  })

  it('the owner, goods, location, area and wave-rule Lovs list only what is granted', async () => {
    const lov = (user: string, code: string) =>
      get(user, `/api/hpfm/v1/1/lovs/data?lovCode=${code}&size=1000`)
    for (const code of ['WINV.OWNER', 'WINV.GOODS', 'WMDM.GOODS']) {
      const clerk = await lov('clerk', code)
      const admin = await lov('admin', code)
      expect(clerk.content.length, code).toBeGreaterThan(0)
      expect(new Set(codes(clerk, 'ownerCode')), code).toEqual(new Set(granted.owners))
      expect(admin.totalElements, code).toBeGreaterThan(clerk.totalElements)
    }
    for (const code of ['WINV.LOCATION', 'WMDM.LOCATION', 'WINV.WHAREA']) {
      const clerk = await lov('clerk', code)
      const admin = await lov('admin', code)
      expect(clerk.content.length, code).toBeGreaterThan(0)
      expect(
        codes(clerk, 'warehouseCode').every((c) => granted.warehouses.includes(String(c))),
        code,
      ).toBe(true)
      expect(admin.totalElements, code).toBeGreaterThan(clerk.totalElements)
    }
    const e002 = await warehouseId('WH-E002')
    await sql`update winv_wave_mould set warehouse_id = ${e002}
      where mould_id = (select min(mould_id) from winv_wave_mould)`.execute(app.db)
    const mine = await grantedWarehouseIds()
    const moulds = await lov('clerk', 'WINV.WAVE_MOULD')
    expect(moulds.content.length).toBeGreaterThan(0)
    expect(moulds.content.every((row: { warehouseId: number }) => mine.has(row.warehouseId))).toBe(true)
    expect((await lov('admin', 'WINV.WAVE_MOULD')).totalElements).toBe(moulds.totalElements + 1)
  })
})

describe('documents follow the customer and vendor grants (dataScopeOptional)', () => {
  type Rows = Array<Record<string, unknown>>
  const idOf = async (path: string, code: string, field: string) =>
    (await get('admin', `${wms}/${path}`)).content.find((row: Record<string, unknown>) =>
      Object.values(row).includes(code),
    )[field] as number
  const ownerA = async () => idOf('owners?ownerCode=OWN-A', 'OWN-A', 'ownerId')
  const stamp = Date.now().toString(36).toUpperCase()

  it('an outbound order naming a customer is seen only by users granted it; a typed customer limits nothing', async () => {
    const [e001, owner] = [await warehouseId('WH-E001'), await ownerA()]
    const cus1 = await idOf('customers?customerCode=CUS-001', 'CUS-001', 'customerId')
    const cus2 = await idOf('customers?customerCode=CUS-002', 'CUS-002', 'customerId')
    const create = (user: string, customerId: number | undefined, customerName: string) =>
      call(user, 'POST', `${wms}/outbound-orders`, {
        orderType: 'NORMAL',
        warehouseId: e001,
        ownerId: owner,
        ...(customerId ? { customerId } : {}),
        customerName,
        receiverName: 'Scope',
        receiverPhone: '13800000009',
        receiverAddress: 'Road 9',
      })
    const made: Record<string, number> = {}
    for (const [key, id] of [
      ['granted', cus1],
      ['other', cus2],
      ['typed', undefined],
    ] as const) {
      const response = await create('admin', id, `Scope ${stamp} ${key}`)
      expect(response.statusCode, response.body).toBe(201)
      made[key] = response.json().outboundOrderId
    }
    const seen = async (user: string) =>
      ((await get(user, `${wms}/outbound-orders?customerName=Scope ${stamp}&size=50`)).content as Rows)
        .map((row) => row.outboundOrderId)
        .sort()
    expect(await seen('admin')).toEqual(Object.values(made).sort())
    expect(await seen('clerk')).toEqual([made.granted, made.typed].sort())
    const hidden = await call('clerk', 'GET', `${wms}/outbound-orders/${made.other}`)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toContain('does not exist (or is not yours)')
    // its lines follow it (the line scope reads the order's customer grant too)
    const goods = (await get('admin', `${wms}/goods?goodsCode=SKU00001`)).content[0]
    const line = await call('admin', 'POST', `${wms}/outbound-lines`, {
      outboundOrderId: made.other,
      lineNum: 1,
      goodsId: goods.goodsId,
      goodsCode: goods.goodsCode,
      quantity: 1,
    })
    expect(line.statusCode, line.body).toBe(201)
    const lines = (user: string) => get(user, `${wms}/outbound-lines?outboundOrderId=${made.other}`)
    expect((await lines('admin')).totalElements).toBe(1)
    expect((await lines('clerk')).totalElements).toBe(0)
    // its actions, too
    const submit = await call('clerk', 'POST', `${wms}/outbound-orders/${made.other}/cancel`, {})
    expect(submit.statusCode).toBe(404)

    // the clerk cannot name a customer not granted to them; a granted one is fine
    const refused = await create('clerk', cus2, `Scope ${stamp} refused`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toMatchObject({ customerId: expect.stringContaining('not granted to you') })
    expect((await create('clerk', cus1, `Scope ${stamp} mine`)).statusCode).toBe(201)

    // a grant shows the order at once, a revoke hides it again
    const grant = await call('admin', 'POST', `${wms}/user-customers`, {
      userId: 3,
      loginName: 'clerk',
      customerId: cus2,
      customerCode: 'CUS-002',
    })
    expect(grant.statusCode, grant.body).toBe(201)
    expect((await call('clerk', 'GET', `${wms}/outbound-orders/${made.other}`)).statusCode).toBe(200)
    expect((await call('admin', 'DELETE', `${wms}/user-customers`, grant.json())).statusCode).toBeLessThan(
      300,
    )
    expect((await call('clerk', 'GET', `${wms}/outbound-orders/${made.other}`)).statusCode).toBe(404)
  })

  it('an inbound order naming a vendor is seen only by users granted it', async () => {
    const [e001, owner] = [await warehouseId('WH-E001'), await ownerA()]
    const ven1 = await idOf('vendors?vendorCode=VEN-001', 'VEN-001', 'vendorId')
    const ven2 = await idOf('vendors?vendorCode=VEN-002', 'VEN-002', 'vendorId')
    const rcv = await idOf(`locations?locationCode=RCV-01&warehouseId=${e001}`, 'RCV-01', 'locationId')
    const create = (user: string, vendorId: number | undefined, supplierName: string) =>
      call(user, 'POST', `${wms}/inbound-orders`, {
        orderType: 'PURCHASE',
        warehouseId: e001,
        ownerId: owner,
        receivingLocationId: rcv,
        ...(vendorId ? { vendorId } : {}),
        supplierName,
      })
    const made: Record<string, number> = {}
    for (const [key, id] of [
      ['granted', ven1],
      ['other', ven2],
      ['typed', undefined],
    ] as const) {
      const response = await create('admin', id, `Scope ${stamp} ${key}`)
      expect(response.statusCode, response.body).toBe(201)
      made[key] = response.json().inboundOrderId
    }
    const seen = async (user: string) =>
      ((await get(user, `${wms}/inbound-orders?supplierName=Scope ${stamp}&size=50`)).content as Rows)
        .map((row) => row.inboundOrderId)
        .sort()
    expect(await seen('admin')).toEqual(Object.values(made).sort())
    expect(await seen('clerk')).toEqual([made.granted, made.typed].sort())
    expect((await call('clerk', 'GET', `${wms}/inbound-orders/${made.other}`)).statusCode).toBe(404)
    const refused = await create('clerk', ven2, `Scope ${stamp} refused`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toMatchObject({ vendorId: expect.stringContaining('not granted to you') })
  })
})

describe('appointments, notices and dealer orders follow the customer and vendor grants (dataScopeOptional)', () => {
  type Rows = Array<Record<string, unknown>>
  const stamp = `R${Date.now().toString(36).toUpperCase()}`
  const idOf = async (path: string, code: string, field: string) =>
    (await get('admin', `${wms}/${path}`)).content.find((row: Record<string, unknown>) =>
      Object.values(row).includes(code),
    )[field] as number
  const vendor = (code: string) => idOf(`vendors?vendorCode=${code}`, code, 'vendorId')
  const customer = (code: string) => idOf(`customers?customerCode=${code}`, code, 'customerId')

  beforeAll(async () => {
    // the clerk (role wh-clerk) may write appointments and dealer orders here: the scope is what is tested
    const codes = [
      'winv.supplierAppointment.button.create',
      'winv.supplierAppointment.button.edit',
      'winv.supplierAppointment.button.confirm',
      'winv.jxsOutboundOrder.button.create',
      'winv.jxsOutboundOrder.button.edit',
      'winv.jxsOutboundOrder.button.submit',
    ]
    for (const code of codes)
      await sql`insert into iam_role_permission (role_id, code) values (4, ${code}) on conflict do nothing`.execute(
        app.db,
      )
  })

  /** Creates three rows as admin — naming a granted party, an ungranted one, none — and checks who sees what. */
  async function threeRows(
    path: string,
    key: string,
    nameField: string,
    refField: string,
    granted: number,
    other: number,
    body: (name: string) => Record<string, unknown>,
  ) {
    const made: Record<string, number> = {}
    for (const [kind, ref] of [
      ['granted', granted],
      ['other', other],
      ['typed', undefined],
    ] as const) {
      const response = await call('admin', 'POST', `${wms}/${path}`, {
        ...body(`${stamp} ${path} ${kind}`),
        ...(ref ? { [refField]: ref } : {}),
      })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()[refField] ?? undefined).toBe(ref)
      made[kind] = response.json()[key]
    }
    const seen = async (user: string) =>
      (
        (await get(user, `${wms}/${path}?${nameField}=${encodeURIComponent(`${stamp} ${path}`)}&size=50`))
          .content as Rows
      )
        .map((row) => row[key])
        .sort()
    expect(await seen('admin')).toEqual(Object.values(made).sort())
    expect(await seen('clerk')).toEqual([made.granted, made.typed].sort())
    const hidden = await call('clerk', 'GET', `${wms}/${path}/${made.other}`)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toContain('does not exist (or is not yours)')
    expect((await call('clerk', 'GET', `${wms}/${path}/${made.granted}`)).statusCode).toBe(200)
    // a restricted user cannot name a party not granted to them (400 naming the field) …
    const refused = await call('clerk', 'POST', `${wms}/${path}`, {
      ...body(`${stamp} refused`),
      [refField]: other,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toMatchObject({ [refField]: expect.stringContaining('not granted to you') })
    // … nor change an existing row over to one
    const mine = (await get('clerk', `${wms}/${path}/${made.granted}`)) as Record<string, unknown>
    const moved = await call('clerk', 'PUT', `${wms}/${path}`, { ...mine, [refField]: other })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().fields).toMatchObject({ [refField]: expect.stringContaining('not granted to you') })
    // the granted row is the clerk's to change; the ungranted one is not found
    const changed = await call('clerk', 'PUT', `${wms}/${path}`, { ...mine, remark: 'changed by the clerk' })
    expect(changed.statusCode, changed.body).toBe(200)
    const theirs = (await get('admin', `${wms}/${path}/${made.other}`)) as Record<string, unknown>
    expect((await call('clerk', 'PUT', `${wms}/${path}`, { ...theirs, remark: 'not mine' })).statusCode).toBe(
      404,
    )
    return made
  }

  it('a supplier appointment naming a vendor is seen and changed only by users granted it', async () => {
    const e001 = await warehouseId('WH-E001')
    const made = await threeRows(
      'supplier-appointments',
      'supplierAppointmentId',
      'supplierName',
      'vendorId',
      await vendor('VEN-001'),
      await vendor('VEN-002'),
      (name) => ({
        warehouseId: e001,
        supplierName: name,
        appointmentDate: '2026-12-20',
        timeSlot: '10:00-11:00',
        vehicleNum: 'SCOPE-1',
      }),
    )
    // its actions too
    const path = `${wms}/supplier-appointments`
    expect((await call('clerk', 'POST', `${path}/${made.other}/confirm`, {})).statusCode).toBe(404)
    const confirmed = await call('clerk', 'POST', `${path}/${made.granted}/confirm`, {})
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    // a typed supplier is limited by the warehouse alone: one in WH-E002 (not granted) stays hidden
    const e002 = await call('admin', 'POST', path, {
      warehouseId: await warehouseId('WH-E002'),
      supplierName: `${stamp} supplier-appointments typed elsewhere`,
      appointmentDate: '2026-12-20',
      timeSlot: '10:00-11:00',
      vehicleNum: 'SCOPE-2',
    })
    expect(e002.statusCode, e002.body).toBe(201)
    expect((await call('clerk', 'GET', `${path}/${e002.json().supplierAppointmentId}`)).statusCode).toBe(404)
  })

  it('an inbound notice naming a vendor is seen only by users granted it, and its inbound order keeps the vendor', async () => {
    const e001 = await warehouseId('WH-E001')
    const goods = (await get('admin', `${wms}/goods?goodsCode=SKU00001`)).content[0]
    const rcv = await idOf(`locations?locationCode=RCV-01&warehouseId=${e001}`, 'RCV-01', 'locationId')
    const ven1 = await vendor('VEN-001')
    const made = await threeRows(
      'inbound-notice-orders',
      'inboundNoticeOrderId',
      'supplierName',
      'vendorId',
      ven1,
      await vendor('VEN-002'),
      (name) => ({
        warehouseId: e001,
        ownerId: goods.ownerId,
        supplierName: name,
        expectedDate: '2026-12-20',
        goodsId: goods.goodsId,
        quantity: 5,
        receivingLocationId: rcv,
      }),
    )
    const path = `${wms}/inbound-notice-orders`
    expect((await call('clerk', 'POST', `${path}/${made.other}/confirm`, {})).statusCode).toBe(404)
    expect((await call('clerk', 'POST', `${path}/${made.granted}/confirm`, {})).statusCode).toBe(200)
    const executed = await call('clerk', 'POST', `${path}/${made.granted}/execute`, {})
    expect(executed.statusCode, executed.body).toBe(200)
    const notice = await get('clerk', `${path}/${made.granted}`)
    const order = (await get('clerk', `${wms}/inbound-orders?orderNum=${notice.inboundOrderNum}`)).content[0]
    expect(order).toMatchObject({ vendorId: ven1, supplierName: `${stamp} inbound-notice-orders granted` })
    // a typed notice in a warehouse the clerk holds, of an owner they do not (OWN-C), stays hidden
    const ownC = await idOf('owners?ownerCode=OWN-C', 'OWN-C', 'ownerId')
    const goodsC = (await get('admin', `${wms}/goods?ownerId=${ownC}&size=1`)).content[0]
    const elsewhere = await call('admin', 'POST', path, {
      warehouseId: e001,
      ownerId: ownC,
      supplierName: `${stamp} typed, owner C`,
      expectedDate: '2026-12-20',
      goodsId: goodsC.goodsId,
      quantity: 1,
    })
    expect(elsewhere.statusCode, elsewhere.body).toBe(201)
    expect((await call('clerk', 'GET', `${path}/${elsewhere.json().inboundNoticeOrderId}`)).statusCode).toBe(
      404,
    )
  })

  it('a dealer order naming a customer is seen only by users granted it; a typed customer limits nothing', async () => {
    const made = await threeRows(
      'jxs-outbound-orders',
      'outboundOrderId',
      'customerName',
      'customerId',
      await customer('CUS-001'),
      await customer('CUS-002'),
      (name) => ({
        customerName: name,
        receiverName: 'Scope',
        receiverPhone: '13800000009',
        receiverAddress: 'Road 9',
      }),
    )
    const path = `${wms}/jxs-outbound-orders`
    expect((await call('clerk', 'POST', `${path}/${made.other}/submit`, {})).statusCode).toBe(404)
    expect((await call('clerk', 'POST', `${path}/${made.granted}/submit`, {})).statusCode).toBe(200)
    // the seed's dealer orders: one names CUS-001 (granted to the clerk), one CUS-002 (not)
    const seeded = (await get('admin', `${path}?size=100`)).content as Rows
    const named = seeded.filter((row) => row.customerId && !String(row.customerName).startsWith(stamp))
    expect(named.map((row) => row.customerName).sort()).toEqual(['杭州鲜达便利', '上海优选超市'].sort())
    const clerkSees = ((await get('clerk', `${path}?size=100`)).content as Rows).map(
      (row) => row.customerName,
    )
    expect(clerkSees).toContain('上海优选超市')
    expect(clerkSees).not.toContain('杭州鲜达便利')
  })

  it("the dealer's customer picker lists the customers granted to them; an order may name those, not another", async () => {
    const lov = await get('jxs', '/api/hpfm/v1/1/lovs/data?lovCode=WMDM.CUSTOMER&size=50')
    expect(codes(lov, 'customerCode')).toEqual(['CUS-001', 'CUS-002'])
    const path = `${wms}/jxs-outbound-orders`
    const body = {
      customerName: `${stamp} the dealer's`,
      receiverName: 'Dealer',
      receiverPhone: '13800000010',
      receiverAddress: 'Road 10',
    }
    const made = await call('jxs', 'POST', path, { ...body, customerId: await customer('CUS-002') })
    expect(made.statusCode, made.body).toBe(201)
    expect((await call('jxs', 'GET', `${path}/${made.json().outboundOrderId}`)).statusCode).toBe(200)
    const refused = await call('jxs', 'POST', path, { ...body, customerId: await customer('CUS-003') })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toMatchObject({ customerId: expect.stringContaining('not granted to you') })
  })

  it('the migration fills the reference where the stored name is that of exactly one vendor or customer', async () => {
    const { up } = await import('../../server/migrations/0037_document_party_refs.ts')
    const e001 = await warehouseId('WH-E001')
    const [ven1, ven3] = [await vendor('VEN-001'), await vendor('VEN-003')]
    // a second vendor named like VEN-003: that name no longer says which vendor it is
    const twin = await call('admin', 'POST', `${wms}/vendors`, {
      vendorCode: `VEN-${stamp}`,
      vendorName: '青岛啤酒供应链',
      enabledFlag: 1,
    })
    expect(twin.statusCode, twin.body).toBe(201)
    const insert = async (supplierName: string) =>
      (
        await sql<{
          id: number
        }>`insert into winv_supplier_appointment (tenant_id, appointment_num, warehouse_id,
            supplier_name, appointment_date, time_slot, vehicle_num, appointment_status)
          values (1, ${`MIG-${stamp}-${supplierName.length}-${Math.random()}`.slice(0, 40)}, ${e001}, ${supplierName},
            '2026-12-21', '08:00-09:00', 'MIG-1', 'BOOKED')
          returning supplier_appointment_id as id`.execute(app.db)
      ).rows[0]!.id
    const exact = await insert('宁波海天食品有限公司')
    const twice = await insert('青岛啤酒供应链')
    const unknown = await insert('宁波海天食品')
    const customerRow = await sql<{ id: number }>`insert into winv_jxs_outbound_order (tenant_id, order_num,
        customer_name, receiver_name, receiver_phone, receiver_address, order_status)
      values (1, ${`MIG-${stamp}`}, '苏州工业园区分销中心', 'M', '13800000000', 'Road', 'NEW')
      returning outbound_order_id as id`.execute(app.db)
    await up(app.db as unknown as Kysely<unknown>)
    const refs = await sql<{
      id: number
      vendorId: number | null
    }>`select supplier_appointment_id as id, vendor_id
      from winv_supplier_appointment where supplier_appointment_id in (${exact}, ${twice}, ${unknown})`.execute(
      app.db,
    )
    const byId = Object.fromEntries(
      refs.rows.map((row) => [row.id, row.vendorId === null ? null : Number(row.vendorId)]),
    )
    expect(byId).toEqual({ [exact]: ven1, [twice]: null, [unknown]: null })
    expect(ven3).not.toBe(ven1)
    const dealer = await sql<{ customerId: number }>`select customer_id from winv_jxs_outbound_order
      where outbound_order_id = ${customerRow.rows[0]!.id}`.execute(app.db)
    expect(Number(dealer.rows[0]!.customerId)).toBe(await customer('CUS-003'))
    // the clerk, granted VEN-001 and CUS-003, now sees them by the grant; running it again changes nothing
    expect((await call('clerk', 'GET', `${wms}/supplier-appointments/${exact}`)).statusCode).toBe(200)
    await up(app.db as unknown as Kysely<unknown>)
  })
})
