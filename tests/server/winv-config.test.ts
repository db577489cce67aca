/**
 * Warehouse configuration that changes behaviour: function parameters read by the stock ledger, warning rules
 * evaluated into the inbox, replenishment through the ledger, and the supplier appointment lifecycle with
 * its queue numbers and docks.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveStock } from '../../server/modules/stock/ledger.ts'
import { seedSession } from '../../server/seed/demo-data.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string
const base = '/api/wms/v1/1'
const session = seedSession(1, 1, 2, 'tenant-admin')
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, token, method, url, payload)
const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(app.db)).rows[0]!
const warehouse = (code: string) =>
  one(
    sql<{
      warehouseId: number
    }>`select warehouse_id from wmdm_warehouse where warehouse_code = ${code} and tenant_id = 1`,
  )

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

describe('function parameters', () => {
  it('let the ledger go below zero only in a warehouse whose ALLOW_NEGATIVE_STOCK is on', async () => {
    const { warehouseId } = await warehouse('WH-E002')
    const balance = await one(
      sql<{ locationId: number; ownerId: number; goodsId: number; batchCode: string; quantity: number }>`
        select location_id, owner_id, goods_id, batch_code, quantity from winv_stock
        where warehouse_id = ${warehouseId} and quantity > 0 order by stock_id limit 1`,
    )
    const move = { ...balance, warehouseId, quantity: -(balance.quantity + 3), docType: 'TEST' }
    await expect(app.db.transaction().execute((trx) => moveStock(trx, session, move))).rejects.toMatchObject({
      status: 409,
    })
    const created = await call(admin, 'POST', `${base}/function-params`, {
      paramCode: 'ALLOW_NEGATIVE_STOCK',
      warehouseId,
      paramValue: 'Y',
    })
    expect(created.statusCode, created.body).toBe(201)
    const after = await app.db.transaction().execute((trx) => moveStock(trx, session, move))
    expect(after.quantity).toBe(-3)
    const duplicate = await call(admin, 'POST', `${base}/function-params`, {
      paramCode: 'ALLOW_NEGATIVE_STOCK',
      warehouseId,
      paramValue: 'N',
    })
    expect(duplicate.statusCode).toBe(409)
  })
})

describe('warning rules', () => {
  it('evaluates the enabled rules, records the result and sends the warnings to the inbox', async () => {
    const count = async () =>
      (await call(admin, 'GET', '/api/hmsg/v1/1/messages/user/count')).json().unreadMessageCount
    const before = await count()
    const result = await call(admin, 'POST', `${base}/warning-rules/evaluate`, {})
    expect(result.statusCode, result.body).toBe(200)
    const { rules, triggered } = result.json()
    expect(rules).toBe(3)
    expect(triggered).toContainEqual(expect.objectContaining({ ruleCode: 'LOW-SKU1', goodsCode: 'SKU00001' }))
    expect(await count()).toBe(before + 1)
    const rule = (await call(admin, 'GET', `${base}/warning-rules?ruleCode=LOW-SKU1`)).json().content[0]
    expect(rule.lastResult).toMatch(/^1 warning\(s\) at /)
    expect((await call(clerk, 'POST', `${base}/warning-rules/evaluate`, {})).statusCode).toBe(403)
  })
})

describe('replenishment', () => {
  it('fills the pick location up to the maximum from storage, logged, and refuses when not needed', async () => {
    const rule = (await call(admin, 'GET', `${base}/replenishment-rules?size=50`))
      .json()
      .content.find((r: { goodsCode: string }) => r.goodsCode === 'SKU00001')
    const pickQuantity = async () =>
      Number(
        (
          await one(sql<{ total: number }>`select coalesce(sum(quantity), 0) as total from winv_stock
            where location_id = ${rule.pickLocationId} and goods_id = ${rule.goodsId}`)
        ).total,
      )
    const totalBefore = await one(
      sql<{
        total: number
      }>`select sum(quantity) as total from winv_stock where goods_id = ${rule.goodsId} and warehouse_id = ${rule.warehouseId}`,
    )
    expect(await pickQuantity()).toBeLessThan(rule.minQuantity)
    const done = await call(
      admin,
      'POST',
      `${base}/replenishment-rules/${rule.replenishmentRuleId}/replenish`,
      {},
    )
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().pickQuantity).toBe(rule.maxQuantity)
    expect(await pickQuantity()).toBe(rule.maxQuantity)
    const totalAfter = await one(
      sql<{
        total: number
      }>`select sum(quantity) as total from winv_stock where goods_id = ${rule.goodsId} and warehouse_id = ${rule.warehouseId}`,
    )
    expect(Number(totalAfter.total)).toBe(Number(totalBefore.total))
    const logged = await one(
      sql<{
        n: number
      }>`select count(*)::int as n from winv_stock_transaction where doc_type = 'REPLENISH' and doc_id = ${rule.replenishmentRuleId}`,
    )
    expect(logged.n).toBeGreaterThanOrEqual(2)
    const again = await call(
      admin,
      'POST',
      `${base}/replenishment-rules/${rule.replenishmentRuleId}/replenish`,
      {},
    )
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/not below the minimum/)
  })
})

describe('supplier appointments', () => {
  const url = `${base}/supplier-appointments`
  const act = async (row: { supplierAppointmentId: number }, action: string) =>
    call(admin, 'POST', `${url}/${row.supplierAppointmentId}/${action}`, row)

  it('numbers a new appointment, signs trucks in with queue numbers and calls them to free inbound docks', async () => {
    const { warehouseId } = await warehouse('WH-E001')
    const book = async (vehicleNum: string) => {
      const created = await call(admin, 'POST', url, {
        warehouseId,
        supplierName: 'Test supplier',
        appointmentDate: '2026-12-24',
        timeSlot: '08:00-09:00',
        vehicleNum,
      })
      expect(created.statusCode, created.body).toBe(201)
      return created.json()
    }
    const rows = [await book('T-1'), await book('T-2'), await book('T-3')]
    expect(rows[0]).toMatchObject({ appointmentStatus: 'BOOKED' })
    expect(rows[0].appointmentNum).toMatch(/^YY\d{8}\d{4}$/)
    const arrived = []
    for (const row of rows) {
      const confirmed = (await act(row, 'confirm')).json()
      const signed = await act(confirmed, 'sign')
      expect(signed.statusCode, signed.body).toBe(200)
      arrived.push(signed.json())
    }
    expect(arrived.map((r) => r.queueNumber)).toEqual([1, 2, 3])
    const first = (await act(arrived[0], 'call')).json()
    const second = (await act(arrived[1], 'call')).json()
    expect([first.platformCode, second.platformCode]).toEqual(['D01', 'D02'])
    const third = await act(arrived[2], 'call')
    expect(third.statusCode).toBe(409)
    expect(third.json().message).toMatch(/No free inbound dock/)
    expect(
      (await call(admin, 'GET', `${url}/${arrived[2].supplierAppointmentId}`)).json().appointmentStatus,
    ).toBe('ARRIVED')
    const finished = await act(first, 'finish')
    expect(finished.json()).toMatchObject({ appointmentStatus: 'DONE' })
    const nowCalled = (await act(arrived[2], 'call')).json()
    expect(nowCalled).toMatchObject({ appointmentStatus: 'UNLOADING', platformCode: 'D01' })
    const late = await act(finished.json(), 'cancel')
    expect(late.statusCode).toBe(409)
  })
})
