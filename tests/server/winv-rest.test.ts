/**
 * In-warehouse documents (server/modules/winv/warehouse-documents.ts): transfers move stock out of the source and into
 * the target with two ledger rows, a shortage is refused with 409 and changes nothing, quality holds lock and
 * unlock, requisitions issue stock, inbound notices create an inbound order, and invalid transitions are 409.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token = ''
const base = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'owner' | 'sku' | 'from' | 'to' | 'rcv', number>

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)
const balance = async (locationId: number) => {
  const row = (
    await sql<{ quantity: string; lockedQuantity: string }>`select quantity, locked_quantity from winv_stock
      where tenant_id = 1 and location_id = ${locationId} and goods_id = ${ids.sku} and batch_code = ''`.execute(
      app.db,
    )
  ).rows[0]
  return { quantity: Number(row?.quantity ?? 0), locked: Number(row?.lockedQuantity ?? 0) }
}
const ledger = async (docType: string, docId: number) =>
  (
    await sql<{ quantityChange: string; lockedChange: string | null }>`select * from winv_stock_transaction
      where tenant_id = 1 and doc_type = ${docType} and doc_id = ${docId} order by transaction_id`.execute(
      app.db,
    )
  ).rows
const idOf = async (table: string, where: string) =>
  (
    await sql
      .raw<{ id: number }>(`select ${table}_id as id from wmdm_${table} where tenant_id = 1 and ${where}`)
      .execute(app.db)
  ).rows[0]!.id
const create = async (resource: string, body: Record<string, unknown>) => {
  const response = await call('POST', `${base}/${resource}`, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Record<string, unknown>
}
const act = async (resource: string, id: unknown, action: string) => {
  const row = (await call('GET', `${base}/${resource}/${String(id)}`)).json()
  return call('POST', `${base}/${resource}/${String(id)}/${action}`, row)
}

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
  ids.warehouse = await idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.owner = await idOf('owner', "owner_code = 'OWN-A'")
  ids.sku = await idOf('goods', "goods_code = 'SKU00005'")
  ids.from = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'A02-03'`)
  ids.to = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'A02-04'`)
  ids.rcv = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'RCV-01'`)
  // 30 on hand at the source, through an approved stock adjustment.
  const adjust = await call('POST', `${base}/stock-adjusts/with-lines`, {
    header: { warehouseId: ids.warehouse, ownerId: ids.owner, adjustReason: 'CORRECTION' },
    lines: [
      {
        key: 'lines',
        resource: 'stock-adjust-lines',
        parentField: 'stockAdjustId',
        rows: [{ goodsId: ids.sku, locationId: ids.from, quantityChange: 30, _status: 'create' }],
      },
    ],
  })
  expect(adjust.statusCode, adjust.body).toBe(200)
  const header = (adjust.json().header ?? adjust.json()) as { stockAdjustId: number }
  expect((await act('stock-adjusts', header.stockAdjustId, 'approve')).statusCode).toBe(200)
})
afterAll(() => app.close())

const transferBody = (quantity: number) => ({
  transferType: 'WHAREA',
  ownerId: ids.owner,
  goodsId: ids.sku,
  fromWarehouseId: ids.warehouse,
  fromLocationId: ids.from,
  toWarehouseId: ids.warehouse,
  toLocationId: ids.to,
  quantity,
})

describe('inventory transfer', () => {
  it('posts: stock leaves the source and enters the target, two ledger rows', async () => {
    const before = [await balance(ids.from), await balance(ids.to)]
    const doc = await create('inventory-transfers', transferBody(10))
    expect(doc).toMatchObject({
      transferStatus: 'NEW',
      transferNum: expect.stringMatching(/^TR/),
      fromLocationCode: 'A02-03',
    })
    const posted = await act('inventory-transfers', doc.inventoryTransferId, 'post')
    expect(posted.statusCode, posted.body).toBe(200)
    expect(posted.json()).toMatchObject({ transferStatus: 'POSTED' })
    expect((await balance(ids.from)).quantity).toBe(before[0]!.quantity - 10)
    expect((await balance(ids.to)).quantity).toBe(before[1]!.quantity + 10)
    const rows = await ledger('TRANSFER', Number(doc.inventoryTransferId))
    expect(rows.map((r) => Number(r.quantityChange))).toEqual([-10, 10])
    expect((await act('inventory-transfers', doc.inventoryTransferId, 'post')).statusCode).toBe(409)
    expect((await act('inventory-transfers', doc.inventoryTransferId, 'cancel')).statusCode).toBe(409)
  })

  it('refuses a transfer of more than is on hand with 409, changing nothing', async () => {
    const before = [await balance(ids.from), await balance(ids.to)]
    const doc = await create('inventory-transfers', transferBody(1000))
    const refused = await act('inventory-transfers', doc.inventoryTransferId, 'post')
    expect(refused.statusCode, refused.body).toBe(409)
    expect([await balance(ids.from), await balance(ids.to)]).toEqual(before)
    expect(await ledger('TRANSFER', Number(doc.inventoryTransferId))).toEqual([])
    expect(
      (await call('GET', `${base}/inventory-transfers/${String(doc.inventoryTransferId)}`)).json(),
    ).toMatchObject({
      transferStatus: 'NEW',
    })
  })
})

describe('quality hold', () => {
  it('hold locks, release unlocks; reject removes the quantity', async () => {
    const body = {
      warehouseId: ids.warehouse,
      ownerId: ids.owner,
      goodsId: ids.sku,
      locationId: ids.from,
      qcReason: 'test',
    }
    const before = await balance(ids.from)
    const hold = await create('quality-checks', { ...body, quantity: 3 })
    expect((await act('quality-checks', hold.qualityCheckId, 'release')).statusCode).toBe(409)
    expect((await act('quality-checks', hold.qualityCheckId, 'hold')).json()).toMatchObject({
      qcStatus: 'HELD',
    })
    expect(await balance(ids.from)).toEqual({ quantity: before.quantity, locked: before.locked + 3 })
    expect((await act('quality-checks', hold.qualityCheckId, 'release')).json()).toMatchObject({
      qcStatus: 'RELEASED',
    })
    expect(await balance(ids.from)).toEqual(before)

    const reject = await create('quality-checks', { ...body, quantity: 2 })
    await act('quality-checks', reject.qualityCheckId, 'hold')
    expect((await act('quality-checks', reject.qualityCheckId, 'reject')).json()).toMatchObject({
      qcStatus: 'REJECTED',
    })
    expect(await balance(ids.from)).toEqual({ quantity: before.quantity - 2, locked: before.locked })
  })
})

describe('requisition note', () => {
  it('submit then handle issues the goods; handle before submit is 409', async () => {
    const before = await balance(ids.from)
    const note = await create('requisition-notes', {
      warehouseId: ids.warehouse,
      ownerId: ids.owner,
      department: 'QA',
      requester: 'Tester',
      goodsId: ids.sku,
      locationId: ids.from,
      quantity: 4,
    })
    expect((await act('requisition-notes', note.requisitionNoteId, 'handle')).statusCode).toBe(409)
    expect((await act('requisition-notes', note.requisitionNoteId, 'submit')).statusCode).toBe(200)
    const handled = await act('requisition-notes', note.requisitionNoteId, 'handle')
    expect(handled.statusCode, handled.body).toBe(200)
    expect(handled.json()).toMatchObject({ requisitionStatus: 'DONE', handledAt: expect.any(String) })
    expect((await balance(ids.from)).quantity).toBe(before.quantity - 4)
    expect(
      (await ledger('REQUISITION', Number(note.requisitionNoteId))).map((r) => Number(r.quantityChange)),
    ).toEqual([-4])
  })
})

describe('replenishment and inbound notice', () => {
  it('handles a replenishment like a transfer', async () => {
    const task = await create('stock-replacements', {
      warehouseId: ids.warehouse,
      ownerId: ids.owner,
      goodsId: ids.sku,
      fromLocationId: ids.from,
      toLocationId: ids.to,
      quantity: 1,
    })
    expect((await act('stock-replacements', task.stockReplacementId, 'handle')).json()).toMatchObject({
      replenishStatus: 'DONE',
    })
    expect(
      (await ledger('REPLENISH', Number(task.stockReplacementId))).map((r) => Number(r.quantityChange)),
    ).toEqual([-1, 1])
  })

  it('executes a confirmed notice into an inbound order', async () => {
    const notice = await create('inbound-notice-orders', {
      warehouseId: ids.warehouse,
      ownerId: ids.owner,
      supplierName: 'ACME',
      expectedDate: '2026-12-10',
      goodsId: ids.sku,
      quantity: 5,
      receivingLocationId: ids.rcv,
    })
    expect((await act('inbound-notice-orders', notice.inboundNoticeOrderId, 'execute')).statusCode).toBe(409)
    await act('inbound-notice-orders', notice.inboundNoticeOrderId, 'confirm')
    const executed = await act('inbound-notice-orders', notice.inboundNoticeOrderId, 'execute')
    expect(executed.statusCode, executed.body).toBe(200)
    const row = executed.json() as { noticeStatus: string; inboundOrderNum: string; executedAt: string }
    expect(row).toMatchObject({
      noticeStatus: 'EXECUTED',
      inboundOrderNum: expect.any(String),
      executedAt: expect.any(String),
    })
    const orders = (await call('GET', `${base}/inbound-orders?orderNum=${row.inboundOrderNum}`)).json()
      .content
    expect(orders[0]).toMatchObject({ orderStatus: 'NEW', sourceNum: notice.noticeNum })
  })

  it('lists the pending documents and unadjusted count lines (views)', async () => {
    const pending = await call('GET', `${base}/pending-transactions?docType=TRANSFER`)
    expect(pending.statusCode, pending.body).toBe(200)
    expect(pending.json().content.length).toBeGreaterThan(0)
    expect((await call('GET', `${base}/unadjusted-count-lines`)).statusCode).toBe(200)
    // the seed's documents (server/seed/data/rows/6x-winv-rest-*.json) are there on a fresh install
    const seeded = (await call('GET', `${base}/inbound-notice-orders?noticeStatus=CONFIRMED`)).json().content
    expect(seeded).toEqual(
      expect.arrayContaining([expect.objectContaining({ supplierName: 'Shanghai Packaging Co.' })]),
    )
    for (const resource of [
      'inventory-transfers',
      'stock-replacements',
      'quality-checks',
      'requisition-notes',
    ])
      expect((await call('GET', `${base}/${resource}`)).json().content.length, resource).toBeGreaterThan(0)
  })
})
