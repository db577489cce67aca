/**
 * Logistics (ets): the shipment lifecycle writes one tracking event per action and signing records the
 * signature; invalid moves are refused; the express query signed in and public; the delivery-progress snapshot
 * replaces the day's rows; the overdue view lists only unsigned overdue parcels.
 */
import { readdirSync, readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token = ''
const base = '/api/ets/v1/1/shipments'
const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const rowsOf = (body: unknown): Array<Record<string, unknown>> =>
  Array.isArray(body) ? body : ((body as { content: Array<Record<string, unknown>> }).content ?? [])

/** A shipment like a seeded one, with its own numbers, shipped `hoursAgo` hours ago. */
async function newShipment(suffix: string, hoursAgo = 2, promisedHours = 48) {
  const seeded = rowsOf((await call('GET', `${base}?page=0&size=1`)).json())[0]!
  const shippedAt = (
    await sql<{
      t: string
    }>`select to_char(localtimestamp(0) - make_interval(hours => ${hoursAgo}), 'YYYY-MM-DD HH24:MI:SS') as t`.execute(
      app.db,
    )
  ).rows[0]!.t
  const created = await call('POST', base, {
    waybillNum: `TST${suffix}`,
    orderNum: `ORD-TST${suffix}`,
    carrierCode: seeded.carrierCode,
    warehouseCode: seeded.warehouseCode,
    storeCode: seeded.storeCode,
    regionCode: seeded.regionCode,
    province: seeded.province,
    city: seeded.city,
    receiverName: 'Receiver Test',
    receiverPhone: '13900000000',
    shippedAt,
    promisedHours,
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json() as Record<string, unknown> & { shipmentId: number; objectVersionNumber: number }
}

const eventsOf = async (shipmentId: number) =>
  (
    await sql<{
      eventStatus: string
      description: string
    }>`select event_status, description from ets_track_event
      where shipment_id = ${shipmentId} order by track_event_id`.execute(app.db)
  ).rows

describe('shipment lifecycle', () => {
  it('writes one tracking event per action; sign sets signedAt, transitHours and onTimeFlag', async () => {
    const shipment = await newShipment('0001', 5, 48)
    expect(shipment.shipmentStatus).toBe('SHIPPED')
    const picked = await call('POST', `${base}/${shipment.shipmentId}/pickup`, shipment)
    expect(picked.statusCode, picked.body).toBe(200)
    expect(await eventsOf(shipment.shipmentId)).toEqual([
      { eventStatus: 'IN_TRANSIT', description: 'Picked up by the carrier' },
    ])
    const dispatched = await call('POST', `${base}/${shipment.shipmentId}/dispatch`, {
      ...(picked.json() as Record<string, unknown>),
      eventDescription: 'Courier Wang is on the way',
    })
    expect(dispatched.json().shipmentStatus).toBe('DELIVERING')
    const signed = await call('POST', `${base}/${shipment.shipmentId}/sign`, dispatched.json())
    expect(signed.statusCode, signed.body).toBe(200)
    expect((await eventsOf(shipment.shipmentId)).map((e) => e.eventStatus)).toEqual([
      'IN_TRANSIT',
      'DELIVERING',
      'SIGNED',
    ])
    expect((await eventsOf(shipment.shipmentId))[1]!.description).toBe('Courier Wang is on the way')
    const row = (await call('GET', `${base}/${shipment.shipmentId}`)).json()
    expect(row.shipmentStatus).toBe('SIGNED')
    expect(row.signedAt).toBeTruthy()
    expect(Number(row.transitHours)).toBeGreaterThanOrEqual(4.9)
    expect(Number(row.transitHours)).toBeLessThanOrEqual(5.2)
    expect(Number(row.onTimeFlag)).toBe(1)
  })

  it('a late signature is not on time', async () => {
    const shipment = await newShipment('0002', 30, 24)
    const picked = (await call('POST', `${base}/${shipment.shipmentId}/pickup`, shipment)).json()
    await call('POST', `${base}/${shipment.shipmentId}/sign`, picked)
    expect(Number((await call('GET', `${base}/${shipment.shipmentId}`)).json().onTimeFlag)).toBe(0)
  })

  it('refuses an invalid transition with 409 and writes no event', async () => {
    const shipment = await newShipment('0003')
    const sign = await call('POST', `${base}/${shipment.shipmentId}/sign`, shipment)
    expect(sign.statusCode).toBe(409)
    const resume = await call('POST', `${base}/${shipment.shipmentId}/resume`, shipment)
    expect(resume.statusCode).toBe(409)
    expect(await eventsOf(shipment.shipmentId)).toEqual([])
  })
})

describe('express query', () => {
  it('signed in: every field, the timeline newest first, unknown numbers listed', async () => {
    const shipment = await newShipment('0004')
    const picked = (await call('POST', `${base}/${shipment.shipmentId}/pickup`, shipment)).json()
    await call('POST', `${base}/${shipment.shipmentId}/dispatch`, picked)
    const res = await call('GET', '/api/ets/v1/1/express/track?q=TST0004,NOPE12345')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.notFound).toEqual(['NOPE12345'])
    expect(body.found).toHaveLength(1)
    expect(body.found[0]).toMatchObject({
      waybillNum: 'TST0004',
      orderNum: 'ORD-TST0004',
      receiverName: 'Receiver Test',
      shipmentStatus: 'DELIVERING',
    })
    expect(body.found[0].events.map((e: { eventStatus: string }) => e.eventStatus)).toEqual([
      'DELIVERING',
      'IN_TRANSIT',
    ])
    const byOrder = (await call('GET', '/api/ets/v1/1/express/track?q=ORD-TST0004')).json()
    expect(byOrder.found[0].waybillNum).toBe('TST0004')
  })

  it('public, without a token: status and timeline, no receiver fields, no order number', async () => {
    const res = await app.inject({ url: '/api/ets/v1/public/express/track?q=TST0004' })
    expect(res.statusCode, res.body).toBe(200)
    const found = res.json().found[0]
    expect(found).toMatchObject({ waybillNum: 'TST0004', shipmentStatus: 'DELIVERING' })
    expect(found.events).toHaveLength(2)
    for (const field of ['orderNum', 'receiverName', 'province', 'city'])
      expect(found).not.toHaveProperty(field)
    // A number that is an order number is not a way in for the public.
    expect(JSON.stringify(res.json())).not.toContain('Receiver Test')
  })

  it('bad input is a 400 saying what is wrong', async () => {
    const bad = await call('GET', '/api/ets/v1/1/express/track?q=' + encodeURIComponent('SF1<script>'))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Not a waybill or order number/)
    const empty = await app.inject({ url: '/api/ets/v1/public/express/track' })
    expect(empty.statusCode).toBe(400)
    const many = Array.from({ length: 21 }, (_, i) => `SF${1000 + i}`).join(' ')
    const tooMany = await app.inject({
      url: `/api/ets/v1/public/express/track?q=${encodeURIComponent(many)}`,
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toMatch(/At most 20 numbers/)
    const twenty = Array.from({ length: 20 }, (_, i) => `SF${1000 + i}`).join(' ')
    expect(
      (await call('GET', `/api/ets/v1/1/express/track?q=${encodeURIComponent(twenty)}`)).statusCode,
    ).toBe(200)
  })
})

describe('delivery progress snapshot', () => {
  it('taking it again the same day replaces the day’s rows', async () => {
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from ets_delivery_progress_snapshot
            where tenant_id = 1 and snapshot_date = current_date`.execute(app.db)
        ).rows[0]!.n,
      )
    const first = await call('POST', '/api/ets/v1/1/delivery-progress/snapshot')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().stores).toBeGreaterThan(0)
    expect(await count()).toBe(first.json().stores)
    const second = await call('POST', '/api/ets/v1/1/delivery-progress/snapshot')
    expect(second.json().stores).toBe(first.json().stores)
    expect(await count()).toBe(first.json().stores)
  })
})

describe('overdue view', () => {
  it('lists only unsigned shipments past their promise', async () => {
    const late = await newShipment('0005', 60, 24)
    const fresh = await newShipment('0006', 1, 48)
    const lateSigned = await newShipment('0007', 60, 24)
    const picked = (await call('POST', `${base}/${lateSigned.shipmentId}/pickup`, lateSigned)).json()
    await call('POST', `${base}/${lateSigned.shipmentId}/sign`, picked)
    const res = await call('GET', '/api/ets/v1/1/shipment-warnings?page=0&size=1000')
    expect(res.statusCode, res.body).toBe(200)
    const rows = rowsOf(res.json())
    const waybills = rows.map((r) => r.waybillNum)
    expect(waybills).toContain(late.waybillNum)
    expect(waybills).not.toContain(fresh.waybillNum)
    expect(waybills).not.toContain(lateSigned.waybillNum)
    for (const row of rows) {
      expect(['SHIPPED', 'IN_TRANSIT', 'DELIVERING', 'EXCEPTION']).toContain(row.shipmentStatus)
      expect(Number(row.overdueHours)).toBeGreaterThan(0)
    }
  })
})

describe('logistics user permissions limit what a user sees of shipments', () => {
  const as = (who: string, method: Method, url: string, payload?: unknown) =>
    injectAs(app, tokens[who]!, method, url, payload)
  const tokens: Record<string, string> = {}
  const all = async (who: string, query = '') =>
    rowsOf((await as(who, 'GET', `${base}?page=0&size=1000${query}`)).json())
  const grant = async (scopeType: string, scopeValue: string) => {
    const created = await call('POST', '/api/ets/v1/1/user-permissions', {
      loginName: 'clerk',
      scopeType,
      scopeValue,
      enabledFlag: 1,
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json() as { userPermissionId: number }
  }

  beforeAll(async () => {
    tokens.admin = token
    tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
    tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  })

  it('a restricted user sees only the granted region in lists, details, aggregates and the overdue view; admin sees all', async () => {
    const everything = await all('admin')
    const east = everything.filter((row) => row.regionCode === 'EAST')
    expect(east.length).toBeGreaterThan(0)
    expect(east.length).toBeLessThan(everything.length)

    const seen = await all('clerk')
    expect(seen.map((row) => row.shipmentId).sort()).toEqual(east.map((row) => row.shipmentId).sort())
    // the filters of the screen cannot widen it
    expect(await all('clerk', '&regionCode=SOUTH')).toEqual([])

    const other = everything.find((row) => row.regionCode !== 'EAST')!
    expect((await as('clerk', 'GET', `${base}/${String(other.shipmentId)}`)).statusCode).toBe(404)
    expect((await as('admin', 'GET', `${base}/${String(other.shipmentId)}`)).statusCode).toBe(200)

    const counted = (await as('clerk', 'GET', `${base}/aggregate?groupBy=regionCode`)).json() as Array<{
      key: string
      value: number
    }>
    expect(counted).toEqual([{ key: 'EAST', value: east.length }])
    const adminCounted = (await as('admin', 'GET', `${base}/aggregate?groupBy=regionCode`)).json() as Array<{
      key: string
      value: number
    }>
    expect(adminCounted.reduce((sum, row) => sum + Number(row.value), 0)).toBe(everything.length)

    const overdue = rowsOf((await as('clerk', 'GET', '/api/ets/v1/1/shipment-warnings?size=1000')).json())
    expect(overdue.every((row) => row.regionCode === 'EAST')).toBe(true)
    const events = rowsOf((await as('clerk', 'GET', '/api/ets/v1/1/track-events?size=1000')).json())
    const eastIds = new Set(east.map((row) => row.shipmentId))
    expect(events.length).toBeGreaterThan(0)
    expect(events.every((row) => eastIds.has(row.shipmentId))).toBe(true)

    // a user without any logistics permission sees every shipment
    expect((await all('jxs')).length).toBe(everything.length)
  })

  it('a store or shipper grant adds its shipments; disabling every grant shows all again', async () => {
    const everything = await all('admin')
    const outside = everything.find((row) => row.regionCode !== 'EAST' && row.storeCode)!
    const store = await grant('STORE', String(outside.storeCode))
    const seen = await all('clerk')
    expect(seen.some((row) => row.shipmentId === outside.shipmentId)).toBe(true)
    expect(seen.every((row) => row.regionCode === 'EAST' || row.storeCode === outside.storeCode)).toBe(true)

    const shipper = everything.find(
      (row) => row.shipperCode && !seen.some((s) => s.shipperCode === row.shipperCode),
    )
    if (shipper) {
      await grant('SHIPPER', String(shipper.shipperCode))
      expect((await all('clerk')).some((row) => row.shipperCode === shipper.shipperCode)).toBe(true)
    }

    await sql`update ets_user_permission set enabled_flag = 0 where login_name = 'clerk'`.execute(app.db)
    expect((await all('clerk')).length).toBe(everything.length)
    await sql`update ets_user_permission set enabled_flag = 1 where login_name = 'clerk' and scope_type = 'REGION'`.execute(
      app.db,
    )
    expect((await call('DELETE', '/api/ets/v1/1/user-permissions', [store])).statusCode).toBeLessThan(300)
  })
})

describe('logistics routes without a menu permission (CORE-PERM-05)', () => {
  interface Menu {
    route?: string
    subMenus?: Menu[]
  }
  const routesOf = (nodes: Menu[]): string[] =>
    nodes.flatMap((node) => [...(node.route ? [node.route] : []), ...routesOf(node.subMenus ?? [])])
  const pageFiles = readdirSync('schemas/pages/ets').map((name) => `schemas/pages/ets/${name}`)

  it('a role without ets menus (jxs) reads every /ets page and the data its lists and charts load', async () => {
    const jxs = await signIn(app, 'jxs', 'Jxs@12345')
    const as = (method: Method, url: string, payload?: unknown) => injectAs(app, jxs, method, url, payload)
    const menus = routesOf((await as('GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json() as Menu[])
    expect(menus.length).toBeGreaterThan(0)
    expect(menus.filter((route) => route.startsWith('/ets') || route.startsWith('/pub/'))).toEqual([])

    const routes = pageFiles.map(
      (file) => (JSON.parse(readFileSync(file, 'utf8')) as { route: string }).route,
    )
    expect(routes).toContain('/pub/logistics-screen')
    for (const route of routes) {
      const page = await as('GET', `/api/hpfm/v1/page-schemas/page?route=${encodeURIComponent(route)}`)
      expect(page.statusCode, `${route}: ${page.body}`).toBe(200)
    }
    // every list path of the ets pages (the paths without a row id), and the charts' aggregates
    const lists = new Set(
      pageFiles.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/"path": "(\/v1\/\{tenantId\}\/[a-z-]+)"/g)].map(
          (m) => m[1]!,
        ),
      ),
    )
    lists.delete('/v1/{tenantId}/delivery-progress/snapshot')
    expect(lists.size).toBeGreaterThanOrEqual(8)
    for (const path of lists) {
      const url = `/api/ets${path.replace('{tenantId}', '1')}?page=0&size=5`
      const listed = await as('GET', url)
      expect(listed.statusCode, `${url}: ${listed.body}`).toBe(200)
    }
    const aggregate = await as('GET', `${base}/aggregate?groupBy=carrierCode&measure=count`)
    expect(aggregate.statusCode, aggregate.body).toBe(200)
    expect((await as('GET', '/api/ets/v1/1/delivery-area-map')).statusCode).toBe(200)
    expect((await as('GET', '/api/ets/v1/1/express/track?q=NOPE0001')).statusCode).toBe(200)

    // reading is open; writing keeps its permission codes
    const write = await as('POST', '/api/ets/v1/1/delivery-progress', {
      deliveryNum: 'DP-JXS-1',
      storeCode: 'S1',
      warehouseCode: 'W1',
      progressStatus: 'PLANNED',
      plannedDate: '2026-11-30',
    })
    expect(write.statusCode).toBe(403)
    expect(write.json().message).toMatch(/ets\.deliveryProgress\.button\.create/)
    expect((await as('POST', '/api/ets/v1/1/delivery-progress/snapshot', {})).statusCode).toBe(403)
  })
})

describe('delivery progress import from xlsx (template ETS.DELIVERY_PROGRESS)', () => {
  const TITLES = ['配送单号', '门店', '发货仓', '进度', '计划到达', '实际到达', '件数', '备注']

  async function upload(rows: unknown[][], sheetName = 'DeliveryProgress') {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet(sheetName)
    sheet.addRow(TITLES)
    for (const row of rows) sheet.addRow(row)
    const content = Buffer.from(await book.xlsx.writeBuffer())
    const boundary = '----deliveryProgressBoundary'
    return app.inject({
      method: 'POST',
      url: '/api/himp/v1/1/import-templates/ETS.DELIVERY_PROGRESS/upload',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="progress.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
  }

  it('the menu leads to the template; its columns are the model fields; valid rows land, a bad one stays listed', async () => {
    const menus = (await call('GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json() as unknown
    expect(JSON.stringify(menus)).toContain('/ets/delivery-progress/import/ETS.DELIVERY_PROGRESS')
    expect(JSON.stringify(menus)).not.toContain('/ets/delivery-progress/import/WMDM.WAREHOUSE')

    const uploaded = await upload([
      ['DP-IMP-001', 'ST-001', 'WH-N001', 'PLANNED', new Date(Date.UTC(2026, 11, 1)), null, 12, 'first'],
      ['DP-IMP-002', 'ST-002', 'WH-N001', 'ARRIVED', '2026-11-20', '2026-11-21', 3, ''],
      ['DP-IMP-003', 'ST-003', 'WH-N001', 'LOST', '2026-11-22', null, 1, 'bad status'],
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const batch = uploaded.json() as { importId: number; totalCount: number; errorCount: number }
    expect(batch).toMatchObject({ totalCount: 3, errorCount: 1 })
    const lines = (await call('GET', `/api/himp/v1/1/import-batches/${batch.importId}/lines?size=10`)).json()
    const bad = rowsOf(lines).find((line) => line.status !== 'VALID')!
    expect(bad.errorMessage).toMatch(/进度 \(progressStatus\) 'LOST' is not a value of ETS\.PROGRESS_STATUS/)

    const imported = await call('POST', `/api/himp/v1/1/import-batches/${batch.importId}/import`)
    expect(imported.statusCode, imported.body).toBe(200)
    const history = (await call('GET', `/api/himp/v1/1/imports/${batch.importId}`)).json()
    expect(history).toMatchObject({ status: 'IMPORTED', importedCount: 2 })
    const landed = rowsOf(
      (await call('GET', '/api/ets/v1/1/delivery-progress?deliveryNum=DP-IMP&size=10')).json(),
    )
    expect(
      landed.map((row) => [row.deliveryNum, row.progressStatus, row.plannedDate, row.packageCount]).sort(),
    ).toEqual([
      ['DP-IMP-001', 'PLANNED', '2026-12-01', 12],
      ['DP-IMP-002', 'ARRIVED', '2026-11-20', 3],
    ])
  })

  it('a file without the template sheet is refused with the reason', async () => {
    const wrong = await upload([['DP-IMP-009', 'ST-009', 'WH-N001', 'PLANNED', '2026-11-22']], 'Warehouses')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toMatch(/DeliveryProgress/)
  })
})
