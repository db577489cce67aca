/**
 * Platform settings that change what the platform does (issue 6): the scheduler's stock snapshot records the
 * stock per warehouse and goods.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string
const now = new Date(2026, 10, 21, 8, 0, 30).getTime()

beforeAll(async () => {
  process.env.SCHEDULER_TICK_MS = '0'
  app = await createTestApp({ now: () => now })
  await app.ready()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(async () => {
  await app.close()
  delete process.env.SCHEDULER_TICK_MS
})

async function createJob(code: string, params: string) {
  const response = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', {
    jobCode: code,
    jobName: 'Stock snapshot test',
    jobType: 'STOCK_SNAPSHOT',
    cronExpression: '0 0 1 * * ? *',
    jobParams: params,
    enabledFlag: 0,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { jobId: number }
}

describe('STOCK_SNAPSHOT job', () => {
  it('records on hand, reserved and locked per warehouse and goods at the run time, read by the snapshot list', async () => {
    const expected = await sql<{ warehouseId: number; goodsId: number; quantity: string; count: string }>`
      select warehouse_id, goods_id, sum(quantity) as quantity, count(*) as count from winv_stock
      where tenant_id = 1 group by warehouse_id, goods_id`.execute(app.db)
    expect(expected.rows.length).toBeGreaterThan(0)

    const job = await createJob('T_STOCK_SNAP', '{}')
    const run = await injectAs(app, admin, 'POST', `/api/hsdr/v1/1/jobs/${job.jobId}/run`)
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json()).toMatchObject({ status: 'SUCCESS' })
    expect(run.json().message).toContain(`${expected.rows.length} warehouse/goods row(s)`)

    const list = await injectAs(app, admin, 'GET', '/api/wms/v1/1/stock-snapshots?size=1000')
    expect(list.statusCode, list.body).toBe(200)
    const rows = (list.json() as { content: Array<Record<string, unknown>> }).content
    expect(rows).toHaveLength(expected.rows.length)
    for (const want of expected.rows) {
      const row = rows.find(
        (r) => r.warehouseId === Number(want.warehouseId) && r.goodsId === Number(want.goodsId),
      )
      expect(row, `snapshot of warehouse ${want.warehouseId} goods ${want.goodsId}`).toBeDefined()
      expect(Number(row!.quantity)).toBe(Number(want.quantity))
      expect(row!.balanceCount).toBe(Number(want.count))
      expect(row!.snapshotTime).toBe('2026-11-21 08:00:30')
      expect(row!.goodsCode).toEqual(expect.any(String))
      expect(row!.warehouseCode).toEqual(expect.any(String))
    }
    // Another tenant sees none of them; nobody can write a snapshot through the API.
    const manager = await signIn(app, 'manager', 'Manager@123')
    const other = await injectAs(app, manager, 'GET', '/api/wms/v1/2/stock-snapshots?size=1000')
    expect(other.statusCode, other.body).toBe(200)
    expect(other.json().content).toHaveLength(0)
    // The clerk reads them too, within the warehouses of the clerk's data scope.
    const clerks = await injectAs(app, clerk, 'GET', '/api/wms/v1/1/stock-snapshots?size=1000')
    expect(clerks.statusCode, clerks.body).toBe(200)
    expect(clerks.json().content.length).toBeGreaterThan(0)
    const write = await injectAs(app, admin, 'POST', '/api/wms/v1/1/stock-snapshots', { warehouseId: 1 })
    expect(write.statusCode).toBe(404)
  })

  it('limits the snapshot to the named warehouses and fails naming an unknown code', async () => {
    const warehouse = await sql<{ warehouseId: number; warehouseCode: string }>`
      select w.warehouse_id, w.warehouse_code from wmdm_warehouse w
      where w.tenant_id = 1 and exists (select 1 from winv_stock s where s.warehouse_id = w.warehouse_id)
      order by w.warehouse_id limit 1`.execute(app.db)
    const { warehouseId, warehouseCode } = warehouse.rows[0]!
    await sql`delete from winv_stock_snapshot`.execute(app.db)
    const job = await createJob('T_STOCK_SNAP_ONE', JSON.stringify({ warehouseCodes: [warehouseCode] }))
    const run = await injectAs(app, admin, 'POST', `/api/hsdr/v1/1/jobs/${job.jobId}/run`)
    expect(run.json(), run.body).toMatchObject({ status: 'SUCCESS' })
    const rows = (await injectAs(app, admin, 'GET', '/api/wms/v1/1/stock-snapshots?size=1000')).json()
      .content as Array<{ warehouseId: number }>
    expect(rows.length).toBeGreaterThan(0)
    expect(new Set(rows.map((r) => r.warehouseId))).toEqual(new Set([Number(warehouseId)]))

    const bad = await createJob('T_STOCK_SNAP_BAD', '{"warehouseCodes": ["NO_SUCH_WH"]}')
    const failed = await injectAs(app, admin, 'POST', `/api/hsdr/v1/1/jobs/${bad.jobId}/run`)
    expect(failed.json()).toMatchObject({ status: 'FAILED' })
    expect(failed.json().message).toMatch(/unknown warehouse code\(s\) NO_SUCH_WH/)
    const wrong = await createJob('T_STOCK_SNAP_WRONG', '{"warehouseCodes": "WH01"}')
    const refused = await injectAs(app, admin, 'POST', `/api/hsdr/v1/1/jobs/${wrong.jobId}/run`)
    expect(refused.json().message).toMatch(/must be a list of warehouse codes/)
  })
})

describe('return messages (/hpfm/message)', () => {
  it("an error answer carries the tenant's text for its code in the caller's language, the platform's text kept as details", async () => {
    const missing = await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/messages/987654')
    expect(missing.statusCode).toBe(404)
    const platform = missing.json() as { code: string; message: string }
    const { language } = (await injectAs(app, admin, 'GET', '/api/iam/hzero/v1/users/self')).json() as {
      language: string
    }
    const other = language === 'en_US' ? 'zh_CN' : 'en_US'
    for (const [lang, text] of [
      [language, 'Not here any more ({message})'],
      [other, 'Wrong language'],
    ]) {
      const created = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/messages', {
        messageCode: platform.code,
        lang,
        messageText: text,
        messageType: 'ERROR',
      })
      expect(created.statusCode, created.body).toBe(201)
    }
    const again = await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/messages/987654')
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({
      code: platform.code,
      message: `Not here any more (${platform.message})`,
      detailsMessage: platform.message,
    })
    // Another code keeps the platform's text; another tenant's callers keep it too.
    const bad = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/messages', { messageCode: 'Bad Code!' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('error.validation')
    expect(bad.json().message).not.toContain('Not here')
    const manager = await signIn(app, 'manager', 'Manager@123')
    const elsewhere = await injectAs(app, manager, 'GET', '/api/hpfm/v1/2/messages/987654')
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json().message).not.toContain('Not here')
  })
})

describe('data groups in data permission rules', () => {
  it('IN_DATA_GROUP limits a list to the values of a data group; a rule naming no group is refused', async () => {
    const all = (await injectAs(app, clerk, 'GET', '/api/wms/v1/1/warehouses?size=100')).json() as {
      content: Array<{ warehouseCode: string }>
    }
    expect(all.content.length).toBeGreaterThan(2)
    const members = all.content.slice(0, 2).map((row) => row.warehouseCode)
    const group = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/data-groups', {
      groupCode: 'T_EAST_WH',
      groupName: 'East warehouses',
      enabledFlag: 1,
    })
    expect(group.statusCode, group.body).toBe(201)
    const { dataGroupId } = group.json() as { dataGroupId: number }
    for (const value of members) {
      const line = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/data-group-lines', {
        dataGroupId,
        lineType: 'WAREHOUSE',
        lineValue: value,
      })
      expect(line.statusCode, line.body).toBe(201)
    }

    const refused = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/permission-rules', {
      ruleCode: 'T_GROUP_TYPO',
      ruleName: 'Typo',
      modelKey: 'wms/warehouse',
      fieldName: 'warehouseCode',
      operator: 'IN_DATA_GROUP',
      ruleValue: 'T_EAST_W',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.ruleValue).toMatch(/'T_EAST_W' is not a data group code.*T_EAST_WH/)

    const rule = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/permission-rules', {
      ruleCode: 'T_CLERK_EAST',
      ruleName: 'Clerks see the east warehouses',
      modelKey: 'wms/warehouse',
      roleCode: 'wh-clerk',
      fieldName: 'warehouseCode',
      operator: 'IN_DATA_GROUP',
      ruleValue: 'T_EAST_WH',
    })
    expect(rule.statusCode, rule.body).toBe(201)
    const codes = async () =>
      (
        (await injectAs(app, clerk, 'GET', '/api/wms/v1/1/warehouses?size=100')).json() as {
          content: Array<{ warehouseCode: string }>
        }
      ).content
        .map((row) => row.warehouseCode)
        .sort()
    expect(await codes()).toEqual([...members].sort())

    // The group's lines are read with the rows: a removed member disappears from the next list.
    const lines = (
      await injectAs(app, admin, 'GET', `/api/hpfm/v1/1/data-group-lines?dataGroupId=${dataGroupId}`)
    ).json() as {
      content: Array<{ dataGroupLineId: number; objectVersionNumber: number; lineValue: string }>
    }
    const removed = lines.content.find((line) => line.lineValue === members[1])!
    const deleted = await injectAs(app, admin, 'DELETE', '/api/hpfm/v1/1/data-group-lines', [
      { dataGroupLineId: removed.dataGroupLineId, objectVersionNumber: removed.objectVersionNumber },
    ])
    expect(deleted.statusCode, deleted.body).toBeLessThan(300)
    expect(await codes()).toEqual([members[0]])

    // NOT_IN_DATA_GROUP: everything but the group's values.
    const saved = rule.json() as Record<string, unknown>
    const flipped = await injectAs(app, admin, 'PUT', '/api/hpfm/v1/1/permission-rules', {
      ...saved,
      operator: 'NOT_IN_DATA_GROUP',
    })
    expect(flipped.statusCode, flipped.body).toBe(200)
    const rest = await codes()
    expect(rest).not.toContain(members[0])
    expect(rest).toHaveLength(all.content.length - 1)
    await injectAs(app, admin, 'PUT', '/api/hpfm/v1/1/permission-rules', {
      ...(flipped.json() as object),
      enabledFlag: 0,
    })
  })
})

describe('units of measure and regions feed the warehouse master data', () => {
  it("a goods' unit comes from the tenant's units (Lov HPFM.UOM) and any other is refused", async () => {
    const units = await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/lovs/data?lovCode=HPFM.UOM&size=50')
    expect(units.statusCode, units.body).toBe(200)
    const codes = (units.json() as { content: Array<{ uomCode: string }> }).content.map((row) => row.uomCode)
    expect(codes).toEqual(expect.arrayContaining(['EA', 'BOX', 'KG']))
    const owner = (await injectAs(app, admin, 'GET', '/api/wms/v1/1/owners?size=1')).json().content[0] as {
      ownerId: number
    }
    const goods = { goodsCode: 'T-UOM-1', goodsName: 'Unit test goods', ownerId: owner.ownerId }
    const wrong = await injectAs(app, admin, 'POST', '/api/wms/v1/1/goods', { ...goods, uomCode: 'BARREL' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'error.validation' })
    expect(wrong.json().fields.uomCode).toMatch(
      /'BARREL' is not an enabled unit of measure.*\/hpfm\/mdm\/uom/,
    )
    const created = await injectAs(app, admin, 'POST', '/api/wms/v1/1/goods', { ...goods, uomCode: 'BOX' })
    expect(created.statusCode, created.body).toBe(201)
    // A unit added in /hpfm/mdm/uom can be used at once.
    const unit = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/uoms', {
      uomCode: 'BARREL',
      uomName: 'Barrel',
      uomTypeCode: 'QTY',
      uomTypeName: 'Quantity',
      conversionRate: 1,
      uomPrecision: 0,
    })
    expect(unit.statusCode, unit.body).toBe(201)
    const changed = await injectAs(app, admin, 'PUT', '/api/wms/v1/1/goods', {
      ...(created.json() as object),
      uomCode: 'BARREL',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().uomCode).toBe('BARREL')
  })

  it('a warehouse, customer or vendor region must be a region of the tenant; its name is copied', async () => {
    const regions = await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/lovs/data?lovCode=HPFM.REGION&size=50')
    expect(regions.statusCode, regions.body).toBe(200)
    const region = (
      regions.json() as { content: Array<{ regionCode: string; regionName: string }> }
    ).content.find((row) => row.regionCode === 'CN-31')!
    expect(region.regionName).toBe('上海市')
    for (const [resource, body] of [
      ['warehouses', { warehouseCode: 'T-REG-WH', warehouseName: 'Region test', warehouseType: 'NORMAL' }],
      ['customers', { customerCode: 'T-REG-C', customerName: 'Region test' }],
      ['vendors', { vendorCode: 'T-REG-V', vendorName: 'Region test' }],
    ] as const) {
      const wrong = await injectAs(app, admin, 'POST', `/api/wms/v1/1/${resource}`, {
        ...body,
        regionCode: 'XX-99',
      })
      expect(wrong.statusCode, `${resource}: ${wrong.body}`).toBe(400)
      expect(wrong.json().fields.regionCode).toMatch(/'XX-99' is not an enabled region.*\/hpfm\/mdm\/country/)
      const created = await injectAs(app, admin, 'POST', `/api/wms/v1/1/${resource}`, {
        ...body,
        regionCode: 'CN-31',
        regionName: 'forged',
      })
      expect(created.statusCode, `${resource}: ${created.body}`).toBe(201)
      expect(created.json()).toMatchObject({ regionCode: 'CN-31', regionName: '上海市' })
    }
    // Tenant 2 keeps no regions: tenant 1's code is refused there.
    const manager = await signIn(app, 'manager', 'Manager@123')
    const other = await injectAs(app, manager, 'POST', '/api/wms/v1/2/vendors', {
      vendorCode: 'T-REG-V2',
      vendorName: 'Region test',
      regionCode: 'CN-31',
    })
    expect(other.statusCode).toBe(400)
  })
})

describe('static texts (/hpfm/static-text-org) reach the users', () => {
  it("answers every user of the tenant the enabled texts of the user's language whose dates hold today", async () => {
    const { language } = (await injectAs(app, clerk, 'GET', '/api/iam/hzero/v1/users/self')).json() as {
      language: string
    }
    const other = language === 'en_US' ? 'zh_CN' : 'en_US'
    const base = { title: 'Notice', content: 'Dock 3 is closed.\nUse dock 4.', enabledFlag: 1 }
    for (const row of [
      { ...base, textCode: 'T_NOW', lang: language, startDate: '2026-11-01', endDate: '2026-11-30' },
      { ...base, textCode: 'T_OPEN', lang: language, title: 'Open-ended' },
      { ...base, textCode: 'T_PAST', lang: language, startDate: '2026-01-01', endDate: '2026-11-20' },
      { ...base, textCode: 'T_FUTURE', lang: language, startDate: '2026-11-22' },
      { ...base, textCode: 'T_OFF', lang: language, enabledFlag: 0 },
      { ...base, textCode: 'T_LANG', lang: other },
    ]) {
      const created = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/static-texts', row)
      expect(created.statusCode, created.body).toBe(201)
    }
    const current = await injectAs(app, clerk, 'GET', '/api/hpfm/v1/1/current-static-texts')
    expect(current.statusCode, current.body).toBe(200)
    const codes = (current.json() as Array<{ textCode: string }>)
      .map((row) => row.textCode)
      .filter((code) => code.startsWith('T_')) // the seed has its own texts (terms of use)
    expect(codes).toEqual(['T_NOW', 'T_OPEN'])
    expect(
      (current.json() as Array<{ textCode: string }>).find((row) => row.textCode === 'T_NOW'),
    ).toMatchObject({ title: 'Notice', content: 'Dock 3 is closed.\nUse dock 4.' })
    const manager = await signIn(app, 'manager', 'Manager@123')
    const elsewhere = await injectAs(app, manager, 'GET', '/api/hpfm/v1/1/current-static-texts')
    expect(elsewhere.statusCode).toBe(403)
    const theirs = await injectAs(app, manager, 'GET', '/api/hpfm/v1/2/current-static-texts')
    expect(theirs.json()).toEqual([])
  })
})
