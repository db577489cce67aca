/**
 * Inbound orders (server/modules/winv/inbound.ts): NEW → execute → EXECUTING → receive → PARTIAL | RECEIVED →
 * putaway → COMPLETED, returnGoods, cancel; stock and ledger after every step, refused steps roll back.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp, type WarehouseUser } from './support/warehouse-app.ts'

let app: FastifyInstance
let call: WarehouseApp['call']
let onHand: WarehouseApp['onHand']
const base = '/api/wms/v1/1/inbound-orders'
const ids = {} as Record<
  | 'a0101'
  | 'otherRcv'
  | 'otherWarehouse'
  | 'ownerA'
  | 'ownerB'
  | 'ownerC'
  | 'rcv'
  | 'sku1'
  | 'sku15'
  | 'sku16'
  | 'sku2'
  | 'sku8'
  | 'warehouse',
  number
>

const ledger = async (orderId: number) =>
  (
    await sql<{
      docType: string
      quantityChange: string
      locationId: number
    }>`select doc_type, quantity_change, location_id
      from winv_stock_transaction where doc_id = ${orderId} and doc_type in ('INBOUND', 'PUTAWAY', 'INBOUND_RETURN')
      order by transaction_id`.execute(app.db)
  ).rows.map((r) => ({ ...r, quantityChange: Number(r.quantityChange) }))

beforeAll(async () => {
  // The clerk receives goods of all three owners here (startWarehouseApp grants OWN-C).
  const started = await startWarehouseApp(['admin', 'clerk', 'jxs'])
  ;({ app, call, onHand } = started)
  const { idOf } = started
  ids.warehouse = await idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.otherWarehouse = await idOf('warehouse', "warehouse_code = 'WH-E002'")
  ids.ownerA = await idOf('owner', "owner_code = 'OWN-A'")
  ids.ownerB = await idOf('owner', "owner_code = 'OWN-B'")
  ids.ownerC = await idOf('owner', "owner_code = 'OWN-C'")
  ids.rcv = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'RCV-01'`)
  ids.a0101 = await idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'A01-01'`)
  ids.otherRcv = await idOf('location', `warehouse_id = ${ids.otherWarehouse} and location_code = 'RCV-01'`)
  ids.sku1 = await idOf('goods', "goods_code = 'SKU00001'")
  ids.sku2 = await idOf('goods', "goods_code = 'SKU00002'")
  ids.sku8 = await idOf('goods', "goods_code = 'SKU00008'")
  ids.sku15 = await idOf('goods', "goods_code = 'SKU00015'")
  ids.sku16 = await idOf('goods', "goods_code = 'SKU00016'")
})
afterAll(() => app.close())

async function newOrder(
  ownerId: number,
  lines: Array<Record<string, unknown>>,
  user: WarehouseUser = 'clerk',
) {
  const response = await call(user, 'POST', `${base}/with-lines`, {
    header: {
      orderType: 'PURCHASE',
      warehouseId: ids.warehouse,
      ownerId,
      receivingLocationId: ids.rcv,
      supplierName: 'Test supplier',
    },
    lines: [
      {
        key: 'lines',
        resource: 'inbound-order-lines',
        parentField: 'inboundOrderId',
        rows: lines.map((l) => ({ ...l, _status: 'create' })),
      },
    ],
  })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json()
  return (body.header ?? body) as Record<string, unknown> & { inboundOrderId: number }
}
const get = async (id: number) => (await call('clerk', 'GET', `${base}/${id}`)).json()
const act = (
  id: number,
  action: string,
  extra: Record<string, unknown> = {},
  user: WarehouseUser = 'clerk',
) => get(id).then((row) => call(user, 'POST', `${base}/${id}/${action}`, { ...row, ...extra }))
const linesOf = async (id: number) =>
  (await call('clerk', 'GET', `/api/wms/v1/1/inbound-order-lines?inboundOrderId=${id}&size=50`)).json()
    .content

describe('inbound order', () => {
  it('numbers a new order from the code rule, fills names and starts NEW', async () => {
    const order = await newOrder(ids.ownerA, [
      { lineNum: 1, goodsId: ids.sku1, quantity: 10, putawayLocationId: ids.a0101 },
    ])
    const row = await get(order.inboundOrderId)
    expect(row).toMatchObject({
      orderStatus: 'NEW',
      receivingLocationCode: 'RCV-01',
      ownerName: expect.any(String),
    })
    expect(row.orderNum).toMatch(/^RK\d{8}\d{5}$/)
    const [line] = await linesOf(order.inboundOrderId)
    expect(line).toMatchObject({
      goodsCode: 'SKU00001',
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      putawayLocationCode: 'A01-01',
    })
  })

  it('refuses goods of another owner, a location of another warehouse, and receiving before execute', async () => {
    const wrongOwner = await call('clerk', 'POST', `${base}/with-lines`, {
      header: {
        orderType: 'PURCHASE',
        warehouseId: ids.warehouse,
        ownerId: ids.ownerB,
        receivingLocationId: ids.rcv,
      },
      lines: [
        {
          key: 'lines',
          resource: 'inbound-order-lines',
          parentField: 'inboundOrderId',
          rows: [{ goodsId: ids.sku1, quantity: 1, _status: 'create' }],
        },
      ],
    })
    expect(wrongOwner.statusCode).toBe(400)
    expect(wrongOwner.json().message).toMatch(/another owner/)
    const wrongLocation = await call('clerk', 'POST', base, {
      orderType: 'PURCHASE',
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      receivingLocationId: ids.otherRcv,
    })
    expect(wrongLocation.statusCode).toBe(400)
    expect(wrongLocation.json().message).toMatch(/not in warehouse/)
    const order = await newOrder(ids.ownerA, [{ goodsId: ids.sku1, quantity: 1 }])
    const early = await act(order.inboundOrderId, 'receive')
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/is NEW: 'receive' needs EXECUTING or PARTIAL/)
  })

  it('refuses to execute an order without lines', async () => {
    const empty = (
      await call('clerk', 'POST', base, {
        orderType: 'PURCHASE',
        warehouseId: ids.warehouse,
        ownerId: ids.ownerA,
        receivingLocationId: ids.rcv,
      })
    ).json()
    const refused = await act(empty.inboundOrderId, 'execute')
    expect(refused.statusCode).toBe(400)
    expect((await get(empty.inboundOrderId)).orderStatus).toBe('NEW')
  })

  it('receives partly, then the rest, books stock into the receiving location, puts it away and completes', async () => {
    const order = await newOrder(ids.ownerA, [
      { lineNum: 1, goodsId: ids.sku1, quantity: 10, putawayLocationId: ids.a0101 },
      { lineNum: 2, goodsId: ids.sku2, quantity: 5, putawayLocationId: ids.a0101 },
    ])
    const id = order.inboundOrderId
    const rcv1 = await onHand(ids.rcv, ids.sku1)
    const store1 = await onHand(ids.a0101, ids.sku1)
    expect((await act(id, 'execute')).json()).toMatchObject({ orderStatus: 'EXECUTING', totalQuantity: 15 })
    // Lines are fixed once executing.
    const [line1, line2] = await linesOf(id)
    const edit = await call('clerk', 'PUT', '/api/wms/v1/1/inbound-order-lines', { ...line1, quantity: 99 })
    expect(edit.statusCode, edit.body).toBe(409)
    const partial = await act(id, 'receive', { lines: [{ inboundLineId: line1.inboundLineId, quantity: 4 }] })
    expect(partial.json()).toMatchObject({ orderStatus: 'PARTIAL', receivedQuantity: 4 })
    expect(await onHand(ids.rcv, ids.sku1)).toBe(rcv1 + 4)
    const over = await act(id, 'receive', { lines: [{ inboundLineId: line1.inboundLineId, quantity: 7 }] })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toMatch(/more than the 6 still open/)
    expect(await onHand(ids.rcv, ids.sku1)).toBe(rcv1 + 4)
    const rest = await act(id, 'receive')
    expect(rest.json()).toMatchObject({ orderStatus: 'RECEIVED', receivedQuantity: 15 })
    expect(await onHand(ids.rcv, ids.sku1)).toBe(rcv1 + 10)
    const records = (
      await call('clerk', 'GET', `/api/wms/v1/1/inbound-receipt-records?inboundOrderId=${id}&size=50`)
    ).json().content
    expect(records.filter((r: { recordType: string }) => r.recordType === 'RECEIVE')).toHaveLength(3)
    const done = await act(id, 'putaway')
    expect(done.json()).toMatchObject({ orderStatus: 'COMPLETED' })
    expect(await onHand(ids.rcv, ids.sku1)).toBe(rcv1)
    expect(await onHand(ids.a0101, ids.sku1)).toBe(store1 + 10)
    expect((await linesOf(id)).map((l: { putawayQuantity: number }) => l.putawayQuantity)).toEqual([10, 5])
    expect(await ledger(id)).toEqual([
      { docType: 'INBOUND', quantityChange: 4, locationId: ids.rcv },
      { docType: 'INBOUND', quantityChange: 6, locationId: ids.rcv },
      { docType: 'INBOUND', quantityChange: 5, locationId: ids.rcv },
      { docType: 'PUTAWAY', quantityChange: -10, locationId: ids.rcv },
      { docType: 'PUTAWAY', quantityChange: 10, locationId: ids.a0101 },
      { docType: 'PUTAWAY', quantityChange: -5, locationId: ids.rcv },
      { docType: 'PUTAWAY', quantityChange: 5, locationId: ids.a0101 },
    ])
    expect(line2.goodsCode).toBe('SKU00002')
    // Return part of it from storage; never more than received.
    const tooMuch = await act(id, 'returnGoods', {
      lines: [{ inboundLineId: line1.inboundLineId, quantity: 11 }],
    })
    expect(tooMuch.statusCode).toBe(409)
    const back = await act(id, 'returnGoods', {
      lines: [{ inboundLineId: line1.inboundLineId, quantity: 3 }],
    })
    expect(back.json()).toMatchObject({ orderStatus: 'COMPLETED', receivedQuantity: 12 })
    expect(await onHand(ids.a0101, ids.sku1)).toBe(store1 + 7)
  })

  it('needs a batch for batch-tracked goods and one serial number per unit for serial-tracked goods', async () => {
    const batch = await newOrder(ids.ownerB, [{ goodsId: ids.sku8, quantity: 3 }])
    await act(batch.inboundOrderId, 'execute')
    const noBatch = await act(batch.inboundOrderId, 'receive')
    expect(noBatch.statusCode).toBe(400)
    expect(noBatch.json().message).toMatch(/batch tracked/)
    const [line] = await linesOf(batch.inboundOrderId)
    const withBatch = await act(batch.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: line.inboundLineId, batchCode: 'B-TEST-1' }],
    })
    expect(withBatch.json().orderStatus).toBe('RECEIVED')
    expect(await onHand(ids.rcv, ids.sku8, 'B-TEST-1')).toBe(3)

    const serialBefore = await onHand(ids.rcv, ids.sku16)
    const serial = await newOrder(ids.ownerC, [{ goodsId: ids.sku16, quantity: 2 }])
    await act(serial.inboundOrderId, 'execute')
    const [sline] = await linesOf(serial.inboundOrderId)
    const missing = await act(serial.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: sline.inboundLineId, quantity: 2, serialNumbers: ['SN-1'] }],
    })
    expect(missing.statusCode).toBe(400)
    const ok = await act(serial.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: sline.inboundLineId, serialNumbers: ['SN-T1', 'SN-T2'] }],
    })
    expect(ok.json().orderStatus).toBe('RECEIVED')
    const serials = (
      await call('clerk', 'GET', `/api/wms/v1/1/serial-numbers?inboundOrderId=${serial.inboundOrderId}`)
    ).json().content
    expect(serials.map((s: { serialNumber: string }) => s.serialNumber).sort()).toEqual(['SN-T1', 'SN-T2'])
    const again = await newOrder(ids.ownerC, [{ goodsId: ids.sku16, quantity: 1 }])
    await act(again.inboundOrderId, 'execute')
    const [aline] = await linesOf(again.inboundOrderId)
    const dup = await act(again.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: aline.inboundLineId, serialNumbers: ['SN-T1'] }],
    })
    expect(dup.statusCode).toBe(409)
    expect(await onHand(ids.rcv, ids.sku16)).toBe(serialBefore + 2)
  })

  it('refuses the line bodies a receiving dialog can get wrong, naming the field and the fix', async () => {
    const before = await onHand(ids.rcv, ids.sku16)
    const serial = await newOrder(ids.ownerC, [{ goodsId: ids.sku16, quantity: 3 }])
    await act(serial.inboundOrderId, 'execute')
    const [sline] = await linesOf(serial.inboundOrderId)
    const short = await act(serial.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: sline.inboundLineId, quantity: 3, serialNumbers: ['SN-D1', 'SN-D2'] }],
    })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      code: 'error.validation',
      fields: { 'lines[0].serialNumbers': 'one per unit' },
    })
    expect(short.json().message).toContain('give one serial number per unit (3 units, 2 numbers)')
    const zero = await act(serial.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: sline.inboundLineId, quantity: 0 }],
    })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().fields).toEqual({ 'lines[0].quantity': 'must be above 0' })
    expect(await onHand(ids.rcv, ids.sku16)).toBe(before)

    const plain = await newOrder(ids.ownerA, [{ goodsId: ids.sku1, quantity: 2 }])
    await act(plain.inboundOrderId, 'execute')
    const [pline] = await linesOf(plain.inboundOrderId)
    const plainBefore = await onHand(ids.rcv, ids.sku1)
    const serialsOnPlain = await act(plain.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: pline.inboundLineId, quantity: 2, serialNumbers: ['X1', 'X2'] }],
    })
    expect(serialsOnPlain.statusCode).toBe(400)
    expect(serialsOnPlain.json().message).toMatch(
      /is not serial tracked: leave the serial numbers out \(2 given\)/,
    )
    expect(serialsOnPlain.json().fields).toEqual({ 'lines[0].serialNumbers': 'not serial tracked' })
    expect(await onHand(ids.rcv, ids.sku1)).toBe(plainBefore)
    const received = await act(plain.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: pline.inboundLineId, quantity: 2 }],
    })
    expect(received.json().orderStatus).toBe('RECEIVED')
    const returnSerials = await act(plain.inboundOrderId, 'returnGoods', {
      lines: [{ inboundLineId: pline.inboundLineId, serialNumbers: ['X1'] }],
    })
    expect(returnSerials.statusCode).toBe(400)
    expect(returnSerials.json().fields).toEqual({ 'lines[0].serialNumbers': 'not serial tracked' })
    const nothing = await act(plain.inboundOrderId, 'returnGoods', {
      lines: [{ inboundLineId: pline.inboundLineId }],
    })
    expect(nothing.statusCode).toBe(400)
    expect(nothing.json().message).toMatch(/give the quantity to return\.$/)
    expect(await onHand(ids.rcv, ids.sku1)).toBe(plainBefore + 2)
  })

  it('answers the open lines a whole-order receive asks about, and names the refused line of a many-line receive', async () => {
    const order = await newOrder(ids.ownerA, [
      { lineNum: 1, goodsId: ids.sku1, quantity: 10 },
      { lineNum: 2, goodsId: ids.sku2, quantity: 5 },
    ])
    const id = order.inboundOrderId
    await act(id, 'execute')
    const [line1, line2] = await linesOf(id)
    await act(id, 'receive', { lines: [{ inboundLineId: line1.inboundLineId, quantity: 4 }] })
    const open = await call('clerk', 'GET', `${base}/${id}/receive-lines`)
    expect(open.statusCode, open.body).toBe(200)
    expect(open.json().lines).toEqual([
      expect.objectContaining({
        inboundLineId: line1.inboundLineId,
        lineNum: 1,
        goodsCode: 'SKU00001',
        quantity: 10,
        receivedQuantity: 4,
        openQuantity: 6,
        batchManaged: false,
        serialManaged: false,
      }),
      expect.objectContaining({ inboundLineId: line2.inboundLineId, openQuantity: 5 }),
    ])
    const before = await onHand(ids.rcv, ids.sku1)
    // the second line asks for more than is open: nothing of the first line is booked either
    const over = await act(id, 'receive', {
      lines: [
        { inboundLineId: line1.inboundLineId, quantity: 6 },
        { inboundLineId: line2.inboundLineId, quantity: 9 },
      ],
    })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      code: 'error.over_receipt',
      fields: { 'lines[1].quantity': 'at most 5' },
    })
    expect(over.json().message).toMatch(/line 2 \(SKU00002\): 9 is more than the 5 still open/)
    expect(await onHand(ids.rcv, ids.sku1)).toBe(before)
    const both = await act(id, 'receive', {
      lines: [
        { inboundLineId: line1.inboundLineId, quantity: 6 },
        { inboundLineId: line2.inboundLineId, quantity: 5 },
      ],
    })
    expect(both.json()).toMatchObject({ orderStatus: 'RECEIVED', receivedQuantity: 15 })
    expect((await call('clerk', 'GET', `${base}/${id}/receive-lines`)).json()).toEqual({ lines: [] })
    const tooMuch = await act(id, 'returnGoods', {
      lines: [
        { inboundLineId: line2.inboundLineId, quantity: 1 },
        { inboundLineId: line1.inboundLineId, quantity: 11 },
      ],
    })
    expect(tooMuch.json().fields).toEqual({ 'lines[1].quantity': 'at most 10' })

    const missing = await call('clerk', 'GET', `${base}/999999999/receive-lines`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ failed: true, code: 'error.not_found' })
    expect(missing.json().message).toMatch(/reload the list/)
    const bad = await call('clerk', 'GET', `${base}/abc/receive-lines`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().failed).toBe(true)
    const noRight = await call('jxs', 'GET', `${base}/${id}/receive-lines`)
    expect(noRight.statusCode).toBe(403)

    // outside the clerk's data scope (owner OWN-C not granted): 404, as the order's own GET
    const foreign = await newOrder(ids.ownerC, [{ goodsId: ids.sku16, quantity: 1 }])
    const grants = (await call('admin', 'GET', '/api/wms/v1/1/user-owners?loginName=clerk&size=50')).json()
      .content as Array<Record<string, unknown>>
    const grant = grants.find((g) => g.ownerCode === 'OWN-C')!
    expect((await call('admin', 'DELETE', '/api/wms/v1/1/user-owners', grant)).statusCode).toBeLessThan(300)
    try {
      const hidden = await call('clerk', 'GET', `${base}/${foreign.inboundOrderId}/receive-lines`)
      expect(hidden.statusCode).toBe(404)
      expect(hidden.json().message).toMatch(/does not exist \(or is not yours\)/)
    } finally {
      const back = await call('admin', 'POST', '/api/wms/v1/1/user-owners', {
        userId: grant.userId,
        loginName: 'clerk',
        ownerId: grant.ownerId,
        ownerCode: 'OWN-C',
      })
      expect(back.statusCode, back.body).toBe(201)
    }
    const seen = await call('clerk', 'GET', `${base}/${foreign.inboundOrderId}/receive-lines`)
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json().lines).toEqual([expect.objectContaining({ openQuantity: 1, serialManaged: true })])
  })

  it('rolls a failed receipt back completely: no stock, no ledger, no record, no status change', async () => {
    const order = await newOrder(ids.ownerA, [
      { goodsId: ids.sku1, quantity: 2 },
      { goodsId: ids.sku2, quantity: 2 },
    ])
    await act(order.inboundOrderId, 'execute')
    const [l1, l2] = await linesOf(order.inboundOrderId)
    const before = await onHand(ids.rcv, ids.sku1)
    const failed = await act(order.inboundOrderId, 'receive', {
      lines: [
        { inboundLineId: l1.inboundLineId, quantity: 2 },
        { inboundLineId: l2.inboundLineId, quantity: 9 },
      ],
    })
    expect(failed.statusCode).toBe(409)
    expect(await onHand(ids.rcv, ids.sku1)).toBe(before)
    expect(await ledger(order.inboundOrderId)).toEqual([])
    expect((await get(order.inboundOrderId)).orderStatus).toBe('EXECUTING')
    expect((await linesOf(order.inboundOrderId))[0].receivedQuantity).toBe(0)
  })

  it('cancels only from NEW, and checks the permission of each action', async () => {
    const order = await newOrder(ids.ownerA, [{ goodsId: ids.sku1, quantity: 1 }])
    const byDealer = await act(order.inboundOrderId, 'execute', {}, 'jxs')
    expect([403, 404]).toContain(byDealer.statusCode)
    expect((await act(order.inboundOrderId, 'cancel')).json().orderStatus).toBe('CANCELLED')
    expect((await act(order.inboundOrderId, 'execute')).statusCode).toBe(409)
  })

  it('serves two concurrent receipts of the same line one after the other, never over the expected quantity', async () => {
    const order = await newOrder(ids.ownerC, [{ goodsId: ids.sku15, quantity: 5 }])
    await act(order.inboundOrderId, 'execute')
    const row = await get(order.inboundOrderId)
    const [line] = await linesOf(order.inboundOrderId)
    const before = await onHand(ids.rcv, ids.sku15)
    const body = { ...row, lines: [{ inboundLineId: line.inboundLineId, quantity: 4 }] }
    const results = await Promise.all([
      call('clerk', 'POST', `${base}/${order.inboundOrderId}/receive`, body),
      call('admin', 'POST', `${base}/${order.inboundOrderId}/receive`, body),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await onHand(ids.rcv, ids.sku15)).toBe(before + 4)
  })

  it('answers the public stock query without a token, with non-sensitive fields only', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/wms/v1/pub/1/stock-query?code=6900000000001',
    })
    expect(response.statusCode).toBe(200)
    const [goods] = response.json()
    expect(goods).toMatchObject({ goodsCode: 'SKU00001', available: expect.any(Number) })
    expect(Object.keys(goods).sort()).toEqual([
      'available',
      'barcode',
      'goodsCode',
      'goodsName',
      'inQc',
      'specification',
      'uomCode',
      'warehouses',
    ])
    expect(JSON.stringify(goods)).not.toMatch(/ownerId|locationId|unitPrice/)
    const unknown = await app.inject({ method: 'GET', url: '/api/wms/v1/pub/1/stock-query?code=NOPE' })
    expect(unknown.statusCode).toBe(404)
  })
})
