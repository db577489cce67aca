/**
 * Stock adjustments (NEW → approve → POSTED, cancel) and stock counts (NEW → start → COUNTING → post → POSTED,
 * cancel) (server/modules/winv/inventory.ts): stock and ledger after each step, refused steps roll back, and
 * concurrent adjustments of the same balance never take it below zero.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedLarge } from '../../server/seed/large-seed.ts'
import { startWarehouseApp, type WarehouseApp, type WarehouseUser } from './support/warehouse-app.ts'

let app: FastifyInstance
let call: WarehouseApp['call']
let onHand: WarehouseApp['onHand']
const adjusts = '/api/wms/v1/1/stock-adjusts'
const counts = '/api/wms/v1/1/stock-counts'
const ids = {} as Record<'area' | 'ownerA' | 'qc' | 'rtn' | 'sku1' | 'sku3' | 'warehouse', number>

const ledger = async (docType: string, docId: number) =>
  (
    await sql<{ quantityChange: string; quantityAfter: string }>`select quantity_change, quantity_after
      from winv_stock_transaction where doc_type = ${docType} and doc_id = ${docId} order by transaction_id`.execute(
      app.db,
    )
  ).rows.map((r) => Number(r.quantityChange))
beforeAll(async () => {
  // The clerk counts every owner's stock here (startWarehouseApp grants OWN-C).
  const started = await startWarehouseApp(['admin', 'clerk'])
  ;({ app, call, onHand } = started)
  const { idOf } = started
  ids.warehouse = await idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.ownerA = await idOf('owner', "owner_code = 'OWN-A'")
  ids.sku1 = await idOf('goods', "goods_code = 'SKU00001'")
  ids.sku3 = await idOf('goods', "goods_code = 'SKU00003'")
  ids.qc = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'QC-01'`)
  ids.rtn = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'RTN-01'`)
  ids.area = (
    await sql<{
      id: number
    }>`select wharea_id as id from wmdm_wharea where warehouse_id = ${ids.warehouse} and wharea_code = 'STO'`.execute(
      app.db,
    )
  ).rows[0]!.id
})
afterAll(() => app.close())

async function newAdjust(lines: Array<Record<string, unknown>>, user: WarehouseUser = 'clerk') {
  const response = await call(user, 'POST', `${adjusts}/with-lines`, {
    header: { warehouseId: ids.warehouse, ownerId: ids.ownerA, adjustReason: 'CORRECTION' },
    lines: [
      {
        key: 'lines',
        resource: 'stock-adjust-lines',
        parentField: 'stockAdjustId',
        rows: lines.map((l) => ({ ...l, _status: 'create' })),
      },
    ],
  })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json()
  return (body.header ?? body) as Record<string, unknown> & { stockAdjustId: number }
}
const act = async (base: string, id: number, action: string, user: WarehouseUser = 'clerk') => {
  const row = (await call(user, 'GET', `${base}/${id}`)).json()
  return call(user, 'POST', `${base}/${id}/${action}`, row)
}

describe('stock adjustment', () => {
  it('posts + and - lines through the ledger on approve, and is fixed afterwards', async () => {
    await newAdjust([{ goodsId: ids.sku1, locationId: ids.qc, quantityChange: 20 }]).then((a) =>
      act(adjusts, a.stockAdjustId, 'approve', 'admin'),
    )
    const before = await onHand(ids.qc, ids.sku1)
    const adjust = await newAdjust([
      { goodsId: ids.sku1, locationId: ids.qc, quantityChange: -5 },
      { goodsId: ids.sku3, locationId: ids.qc, quantityChange: 7 },
    ])
    expect(adjust).toMatchObject({ adjustStatus: 'NEW', adjustNum: expect.stringMatching(/^TZ/) })
    const byClerk = await act(adjusts, adjust.stockAdjustId, 'approve')
    expect(byClerk.statusCode).toBe(403)
    const posted = await act(adjusts, adjust.stockAdjustId, 'approve', 'admin')
    expect(posted.json()).toMatchObject({ adjustStatus: 'POSTED', postedDate: expect.any(String) })
    expect(await onHand(ids.qc, ids.sku1)).toBe(before - 5)
    expect(await ledger('ADJUST', adjust.stockAdjustId)).toEqual([-5, 7])
    expect((await act(adjusts, adjust.stockAdjustId, 'cancel')).statusCode).toBe(409)
    const lines = (
      await call('clerk', 'GET', `/api/wms/v1/1/stock-adjust-lines?stockAdjustId=${adjust.stockAdjustId}`)
    ).json().content
    const change = await call('clerk', 'PUT', '/api/wms/v1/1/stock-adjust-lines', {
      ...lines[0],
      quantityChange: -1,
    })
    expect(change.statusCode).toBe(409)
  })

  it('refuses a zero change and a line going below zero, rolling back every line', async () => {
    const zero = await call('clerk', 'POST', `${adjusts}/with-lines`, {
      header: { warehouseId: ids.warehouse, ownerId: ids.ownerA, adjustReason: 'LOSS' },
      lines: [
        {
          key: 'lines',
          resource: 'stock-adjust-lines',
          parentField: 'stockAdjustId',
          rows: [{ goodsId: ids.sku1, locationId: ids.qc, quantityChange: 0, _status: 'create' }],
        },
      ],
    })
    expect(zero.statusCode).toBe(400)
    const before1 = await onHand(ids.rtn, ids.sku3)
    const adjust = await newAdjust([
      { goodsId: ids.sku3, locationId: ids.rtn, quantityChange: 3 },
      { goodsId: ids.sku1, locationId: ids.rtn, quantityChange: -1000000 },
    ])
    const refused = await act(adjusts, adjust.stockAdjustId, 'approve', 'admin')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/Not enough stock/)
    expect(await onHand(ids.rtn, ids.sku3)).toBe(before1)
    expect(await ledger('ADJUST', adjust.stockAdjustId)).toEqual([])
    expect((await call('clerk', 'GET', `${adjusts}/${adjust.stockAdjustId}`)).json().adjustStatus).toBe('NEW')
    expect((await act(adjusts, adjust.stockAdjustId, 'cancel')).json().adjustStatus).toBe('CANCELLED')
  })

  it('serves concurrent adjustments of the same balance one after the other, never below zero', async () => {
    const seed = await newAdjust([{ goodsId: ids.sku3, locationId: ids.qc, quantityChange: 10 }])
    await act(adjusts, seed.stockAdjustId, 'approve', 'admin')
    const start = await onHand(ids.qc, ids.sku3)
    const takers = await Promise.all(
      [1, 2, 3].map(() =>
        newAdjust([{ goodsId: ids.sku3, locationId: ids.qc, quantityChange: -Math.ceil(start / 2) }]),
      ),
    )
    const results = await Promise.all(takers.map((t) => act(adjusts, t.stockAdjustId, 'approve', 'admin')))
    const ok = results.filter((r) => r.statusCode === 200).length
    expect(ok).toBeGreaterThanOrEqual(1)
    expect(results.filter((r) => r.statusCode === 409).length).toBe(3 - ok)
    expect(await onHand(ids.qc, ids.sku3)).toBe(start - ok * Math.ceil(start / 2))
    expect(await onHand(ids.qc, ids.sku3)).toBeGreaterThanOrEqual(0)
  })
})

describe('stock lock', () => {
  it('locks available stock through the ledger, refuses more than available, and releases it', async () => {
    const locks = '/api/wms/v1/1/stock-locks'
    const balance = async () =>
      (
        await sql<{
          quantity: string
          locked: string
          reserved: string
        }>`select quantity, locked_quantity as locked,
          reserved_quantity as reserved from winv_stock where location_id = ${ids.qc} and goods_id = ${ids.sku1}
          and batch_code = ''`.execute(app.db)
      ).rows[0]!
    const start = await balance()
    const available = Number(start.quantity) - Number(start.locked) - Number(start.reserved)
    const create = (quantity: number) =>
      call('clerk', 'POST', locks, {
        warehouseId: ids.warehouse,
        ownerId: ids.ownerA,
        goodsId: ids.sku1,
        locationId: ids.qc,
        quantity,
        lockReason: 'QUALITY',
      })
    const tooMuch = (await create(available + 1)).json()
    const refused = await act(locks, tooMuch.stockLockId, 'lock')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/Not enough available stock/)
    const lock = (await create(1)).json()
    expect(lock).toMatchObject({ lockStatus: 'NEW', goodsCode: 'SKU00001', locationCode: 'QC-01' })
    expect((await act(locks, lock.stockLockId, 'lock')).json().lockStatus).toBe('LOCKED')
    expect(Number((await balance()).locked)).toBe(Number(start.locked) + 1)
    expect((await act(locks, lock.stockLockId, 'lock')).statusCode).toBe(409)
    expect((await act(locks, lock.stockLockId, 'unlock')).json().lockStatus).toBe('RELEASED')
    expect(Number((await balance()).locked)).toBe(Number(start.locked))
    const moves = (
      await sql<{
        docType: string
        lockedChange: string
      }>`select doc_type, locked_change from winv_stock_transaction
        where doc_id = ${lock.stockLockId} and doc_type in ('LOCK', 'UNLOCK') order by transaction_id`.execute(
        app.db,
      )
    ).rows.map((r) => [r.docType, Number(r.lockedChange)])
    expect(moves).toEqual([
      ['LOCK', 1],
      ['UNLOCK', -1],
    ])
  })
})

describe('stock and ledger labels', () => {
  it('shows and searches balances and log rows by goods and location code', async () => {
    const stock = (await call('clerk', 'GET', '/api/wms/v1/1/stocks?goodsCode=SKU00001&size=100')).json()
      .content
    expect(stock.length).toBeGreaterThan(0)
    for (const row of stock)
      expect(row).toMatchObject({
        goodsCode: 'SKU00001',
        goodsName: expect.any(String),
        locationCode: expect.any(String),
      })
    const logs = (
      await call('admin', 'GET', '/api/wms/v1/1/stock-transactions?goodsCode=SKU00001&size=5')
    ).json().content
    expect(logs[0]).toMatchObject({ goodsCode: 'SKU00001', locationCode: expect.any(String) })
  })
})

describe('stock count', () => {
  it('snapshots book quantities on start, takes counted quantities while COUNTING and posts the differences', async () => {
    const created = await call('clerk', 'POST', counts, {
      warehouseId: ids.warehouse,
      whareaId: ids.area,
      countType: 'CYCLE',
    })
    expect(created.statusCode, created.body).toBe(201)
    const count = created.json()
    expect(count).toMatchObject({
      countStatus: 'NEW',
      countNum: expect.stringMatching(/^PD/),
      whareaName: expect.any(String),
    })
    const early = await act(counts, count.stockCountId, 'post')
    expect(early.statusCode).toBe(409)
    const started = await act(counts, count.stockCountId, 'start')
    expect(started.json().countStatus).toBe('COUNTING')
    const lines = (
      await call(
        'clerk',
        'GET',
        `/api/wms/v1/1/stock-count-lines?stockCountId=${count.stockCountId}&size=1000`,
      )
    ).json().content
    expect(lines.length).toBe(started.json().lineCount)
    expect(lines.length).toBeGreaterThan(2)
    const stockNow = await onHand(lines[0].locationId, lines[0].goodsId, lines[0].batchCode)
    expect(lines[0].bookQuantity).toBe(stockNow)
    const addLine = await call('clerk', 'POST', '/api/wms/v1/1/stock-count-lines', {
      ...lines[0],
      countLineId: undefined,
    })
    expect(addLine.statusCode).toBe(409)
    const badCount = await call('clerk', 'PUT', '/api/wms/v1/1/stock-count-lines', {
      ...lines[0],
      countedQuantity: -1,
    })
    expect(badCount.statusCode).toBe(400)
    // Counted: line 0 two fewer, line 1 as booked, line 2 three more, the rest not counted.
    const first = (
      await call('clerk', 'PUT', '/api/wms/v1/1/stock-count-lines', {
        ...lines[0],
        bookQuantity: 999999,
        countedQuantity: lines[0].bookQuantity - 2,
      })
    ).json()
    expect(first).toMatchObject({ differenceQuantity: -2, bookQuantity: lines[0].bookQuantity })
    await call('clerk', 'PUT', '/api/wms/v1/1/stock-count-lines', {
      ...lines[1],
      countedQuantity: lines[1].bookQuantity,
    })
    await call('clerk', 'PUT', '/api/wms/v1/1/stock-count-lines', {
      ...lines[2],
      countedQuantity: lines[2].bookQuantity + 3,
    })
    const before = await Promise.all(
      lines
        .slice(0, 4)
        .map((l: { locationId: number; goodsId: number; batchCode: string }) =>
          onHand(l.locationId, l.goodsId, l.batchCode),
        ),
    )
    const posted = await act(counts, count.stockCountId, 'post')
    expect(posted.json()).toMatchObject({ countStatus: 'POSTED', differenceCount: 2 })
    const after = await Promise.all(
      lines
        .slice(0, 4)
        .map((l: { locationId: number; goodsId: number; batchCode: string }) =>
          onHand(l.locationId, l.goodsId, l.batchCode),
        ),
    )
    expect(after).toEqual([before[0]! - 2, before[1], before[2]! + 3, before[3]])
    expect((await ledger('COUNT', count.stockCountId)).sort((a, b) => a - b)).toEqual([-2, 3])
    const late = await call('clerk', 'PUT', '/api/wms/v1/1/stock-count-lines', {
      ...lines[3],
      countedQuantity: 1,
    })
    expect(late.statusCode).toBe(409)
    expect((await act(counts, count.stockCountId, 'cancel')).statusCode).toBe(409)
  })

  it('refuses to post a count nobody counted, and cancels from COUNTING without touching stock', async () => {
    const count = (
      await call('clerk', 'POST', counts, { warehouseId: ids.warehouse, countType: 'FULL' })
    ).json()
    await act(counts, count.stockCountId, 'start')
    const refused = await act(counts, count.stockCountId, 'post')
    expect(refused.statusCode).toBe(400)
    expect((await call('clerk', 'GET', `${counts}/${count.stockCountId}`)).json().countStatus).toBe(
      'COUNTING',
    )
    expect((await act(counts, count.stockCountId, 'cancel')).json().countStatus).toBe('CANCELLED')
    expect(await ledger('COUNT', count.stockCountId)).toEqual([])
  })
})

describe('large seed (SEED_SIZE=large)', () => {
  it('writes goods, balances, ledger rows and orders in bulk, the ledger adding up to every balance', async () => {
    await seedLarge(app.db, 0.01)
    const counts = (
      await sql<{ goods: number; stock: number; ledger: number; orders: number; lines: number }>`select
        (select count(*)::int from wmdm_goods where goods_code like 'LG%') as goods,
        (select count(*)::int from winv_stock where goods_code like 'LG%') as stock,
        (select count(*)::int from winv_stock_transaction where doc_num like 'BENCH-%') as ledger,
        (select count(*)::int from winv_inbound_order where order_num like 'RKB%') as orders,
        (select count(*)::int from winv_inbound_order_line l join winv_inbound_order o using (inbound_order_id)
          where o.order_num like 'RKB%') as lines`.execute(app.db)
    ).rows[0]!
    expect(counts).toEqual({ goods: 200, stock: 2000, ledger: 10000, orders: 500, lines: 500 })
    const mismatched = await sql`select s.stock_id from winv_stock s
      join (select location_id, goods_id, sum(quantity_change) as total from winv_stock_transaction
            where doc_num like 'BENCH-%' group by location_id, goods_id) t using (location_id, goods_id)
      where s.goods_code like 'LG%' and s.quantity <> t.total`.execute(app.db)
    expect(mismatched.rows).toEqual([])
  })
})
