/**
 * The stock ledger (server/modules/stock/ledger.ts): balances change only with a log row in the same
 * transaction, never below zero, and two takers of the same stock at once cannot both have it.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveStock, type StockKey } from '../../server/modules/stock/ledger.ts'
import { seedSession } from '../../server/seed/demo-data.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let key: StockKey
const session = seedSession(1, 1, 2, 'tenant-admin')

const balance = async () =>
  (
    await sql<{
      quantity: number
      reservedQuantity: number
    }>`select quantity, reserved_quantity from winv_stock
      where tenant_id = 1 and location_id = ${key.locationId} and goods_id = ${key.goodsId}
        and owner_id = ${key.ownerId} and batch_code = ${key.batchCode ?? ''}`.execute(app.db)
  ).rows[0]!
const logRows = async () =>
  Number(
    (
      await sql<{
        n: number
      }>`select count(*)::int as n from winv_stock_transaction where tenant_id = 1`.execute(app.db)
    ).rows[0]!.n,
  )

beforeAll(async () => {
  app = await createTestApp()
  const row = (
    await sql<StockKey>`select warehouse_id, location_id, owner_id, goods_id, batch_code from winv_stock
      where tenant_id = 1 and quantity >= 100 order by stock_id limit 1`.execute(app.db)
  ).rows[0]!
  key = row
})
afterAll(() => app.close())

describe('stock ledger', () => {
  it('seeds opening balances whose log adds up to every balance', async () => {
    const mismatches = await sql`select s.stock_id from winv_stock s
      left join (select warehouse_id, location_id, owner_id, goods_id, batch_code, sum(quantity_change) as total
                 from winv_stock_transaction where tenant_id = 1
                 group by warehouse_id, location_id, owner_id, goods_id, batch_code) t
        using (warehouse_id, location_id, owner_id, goods_id, batch_code)
      where s.tenant_id = 1 and s.quantity <> coalesce(t.total, 0)`.execute(app.db)
    expect(await logRows()).toBeGreaterThan(20)
    expect(mismatches.rows).toEqual([])
  })

  it('writes a log row with every change and refuses to go below zero, changing nothing', async () => {
    const before = await balance()
    const logsBefore = await logRows()
    await app.db
      .transaction()
      .execute((trx) => moveStock(trx, session, { ...key, quantity: -1, docType: 'TEST' }))
    expect((await balance()).quantity).toBe(before.quantity - 1)
    expect(await logRows()).toBe(logsBefore + 1)
    const tooMuch = app.db
      .transaction()
      .execute((trx) =>
        moveStock(trx, session, { ...key, quantity: -(before.quantity + 5), docType: 'TEST', docNum: 'T-1' }),
      )
    await expect(tooMuch).rejects.toMatchObject({ status: 409, code: 'error.stock_shortage' })
    await expect(tooMuch).rejects.toThrow(/Not enough stock of goods .* needs/)
    expect((await balance()).quantity).toBe(before.quantity - 1)
    expect(await logRows()).toBe(logsBefore + 1)
  })

  it('rolls the balance and its log back together when the document fails later', async () => {
    const before = await balance()
    const logsBefore = await logRows()
    await expect(
      app.db.transaction().execute(async (trx) => {
        await moveStock(trx, session, { ...key, quantity: -2, docType: 'TEST' })
        throw new Error('a later step of the document failed')
      }),
    ).rejects.toThrow('a later step')
    expect(await balance()).toEqual(before)
    expect(await logRows()).toBe(logsBefore)
  })

  it('lets exactly one of two clerks reserve the same last stock at once', async () => {
    const { quantity, reservedQuantity } = await balance()
    const available = quantity - reservedQuantity
    const take = Math.floor(available * 0.6)
    const attempt = () =>
      app.db
        .transaction()
        .execute((trx) => moveStock(trx, session, { ...key, reserved: take, docType: 'PICK' }))
    const results = await Promise.allSettled([attempt(), attempt()])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ status: 409 })
    expect((await balance()).reservedQuantity).toBe(reservedQuantity + take)
  })

  it('offers balances and the log read-only over the API', async () => {
    const token = await signIn(app, 'admin', 'Admin@123')
    const list = await injectAs(app, token, 'GET', '/api/wms/v1/1/stocks?size=5')
    expect(list.statusCode).toBe(200)
    expect(list.json().totalElements).toBeGreaterThan(0)
    const write = await injectAs(app, token, 'POST', '/api/wms/v1/1/stocks', { ...key, quantity: 1e6 })
    expect(write.statusCode).toBe(404)
    const log = await injectAs(app, token, 'GET', '/api/wms/v1/1/stock-transactions?docType=OPENING&size=1')
    expect(log.json().content[0]).toMatchObject({ docType: 'OPENING', docNum: 'OPENING-2026' })
  })
})
