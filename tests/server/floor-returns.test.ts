/**
 * Returns (issue 19; schemas/README.md "Returns (issue 19)"): a customer return against a shipped outbound order
 * is received into the warehouse's QC location, never allocated from there, and each line's QC decision
 * releases it to storage, scraps it or keeps it blocked; a vendor return takes stock out of a location, never
 * more than its inbound order received. Every move is a ledger row with who and when.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp, type WarehouseUser } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
let onHand: WarehouseApp['onHand']
const api = '/api/wms/v1/1'
const ids = {} as Record<
  'warehouse' | 'noQcWarehouse' | 'hiddenWarehouse' | 'ownerA' | 'rcv' | 'x' | 'qc',
  number
>

let get: WarehouseApp['get']
let newGoods: WarehouseApp['newGoods']

let act: WarehouseApp['act']
let newInboundOrder: WarehouseApp['inboundOrder']

/** Goods received and put away at `to` through an inbound order; answers the order. */
async function stockAt(goods: Row, quantity: number, to: number) {
  const order = await newInboundOrder(goods, quantity, to, {
    warehouseId: ids.warehouse,
    ownerId: ids.ownerA,
    receivingLocationId: ids.rcv,
  })
  for (const action of ['execute', 'receive', 'putaway']) {
    const done = await act('inbound-orders', order.inboundOrderId, action)
    expect(done.statusCode, done.body).toBe(200)
  }
  return order
}

/** A submitted outbound order of one line. */
async function outbound(goods: Row, quantity: number) {
  const response = await call('admin', 'POST', `${api}/outbound-orders/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      customerName: 'Returns customer',
      receiverName: 'Li',
      receiverPhone: '13900000000',
      receiverAddress: 'Dock 3',
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: [
          { _status: 'create', lineNum: 1, goodsId: goods.goodsId, goodsCode: goods.goodsCode, quantity },
        ],
      },
    ],
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  const order = response.json().header as Row
  expect((await act('outbound-orders', order.outboundOrderId, 'submit', {}, 'admin')).statusCode).toBe(200)
  return order
}

async function shipped(goods: Row, quantity: number) {
  const order = await outbound(goods, quantity)
  for (const action of ['allocate', 'pick', 'pack', 'ship']) {
    const done = await act(
      'outbound-orders',
      order.outboundOrderId,
      action,
      action === 'pack' ? { weight: 3 } : {},
      'admin',
    )
    expect(done.statusCode, done.body).toBe(200)
  }
  return order
}

/** A NEW customer return with its lines (saved together, as the document page does). */
async function customerReturn(header: Row, lines: Row[], user: WarehouseUser = 'clerk') {
  return call(user, 'POST', `${api}/customer-returns/with-lines`, {
    header: { warehouseId: ids.warehouse, ownerId: ids.ownerA, returnReason: 'Damaged box', ...header },
    lines: [
      {
        key: 'lines',
        resource: 'customer-return-lines',
        parentField: 'customerReturnId',
        rows: lines.map((line) => ({ _status: 'create', ...line })), // the server numbers the lines
      },
    ],
  })
}

const returnLines = async (id: number) =>
  ((await get(`${api}/customer-return-lines?customerReturnId=${id}&size=50`)).content as Row[]).sort(
    (a, b) => a.lineNum - b.lineNum,
  )

const ledger = async (docNum: string) =>
  (
    await sql<{
      docType: string
      locationId: number
      quantityChange: string
      operatorName: string | null
      transactionDate: Date | null
    }>`select doc_type, location_id, quantity_change, operator_name, transaction_date from winv_stock_transaction
      where tenant_id = 1 and doc_num = ${docNum} order by transaction_id`.execute(app.db)
  ).rows.map((row) => ({ ...row, quantityChange: Number(row.quantityChange) }))

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk'])
  act = started.act
  newInboundOrder = started.inboundOrder
  get = started.get
  newGoods = started.newGoods
  ;({ app, call, onHand } = started)
  ids.warehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.noQcWarehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E003'")
  ids.hiddenWarehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E002'")
  ids.ownerA = await started.idOf('owner', "owner_code = 'OWN-A'")
  const location = (code: string) =>
    started.idOf('location', `warehouse_id = ${ids.warehouse} and location_code = '${code}'`)
  ids.rcv = await location('RCV-01')
  ids.x = await location('A03-02')
  ids.qc = await location('QC-01')
})
afterAll(() => app.close())

describe('customer returns into QC', () => {
  it('receives a return of a shipped order into the QC location, releases it to storage, stock and ledger right', async () => {
    const goods = await newGoods('FR-C1')
    await stockAt(goods, 10, ids.x)
    const order = await shipped(goods, 6)
    expect(await onHand(ids.x, goods.goodsId)).toBe(4)

    const created = await customerReturn({ outboundOrderId: order.outboundOrderId }, [
      { goodsId: goods.goodsId, quantity: 2 },
      { goodsId: goods.goodsId, quantity: 1 },
    ])
    expect(created.statusCode, created.body).toBe(200)
    const header = created.json().header as Row
    expect(header).toMatchObject({
      returnStatus: 'NEW',
      outboundOrderNum: order.orderNum,
      customerName: 'Returns customer',
      totalQuantity: 3,
    })
    expect(header.returnNum).toMatch(/^CR/)

    const received = await act('customer-returns', header.customerReturnId, 'receive')
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json()).toMatchObject({
      returnStatus: 'IN_QC',
      qcLocationCode: 'QC-01',
      receivedByName: expect.any(String),
    })
    expect(await onHand(ids.qc, goods.goodsId)).toBe(3)
    const lines = await returnLines(header.customerReturnId)
    expect(
      lines.map((line) => [line.lineNum, line.qcStatus, line.qcLocationCode, line.outboundLineId !== null]),
    ).toEqual([
      [1, 'PENDING', 'QC-01', true],
      [2, 'PENDING', 'QC-01', true],
    ])
    const outboundLine = (await get(`${api}/outbound-lines?outboundOrderId=${order.outboundOrderId}`))
      .content[0]
    expect(Number(outboundLine.returnedQuantity)).toBe(3)

    // A release needs a storage location, never a QC one; then QC → storage in one ledger pair.
    const noTarget = await act('customer-return-lines', lines[0]!.returnLineId, 'release')
    expect(noTarget.statusCode).toBe(400)
    expect(noTarget.json().fields).toHaveProperty('locationCode')
    const intoQc = await act('customer-return-lines', lines[0]!.returnLineId, 'release', {
      locationCode: 'QC-01',
    })
    expect(intoQc.statusCode).toBe(400)
    expect(intoQc.json().message).toMatch(/QC area/)
    const released = await act('customer-return-lines', lines[0]!.returnLineId, 'release', {
      locationCode: 'A03-02',
    })
    expect(released.statusCode, released.body).toBe(200)
    expect(released.json()).toMatchObject({ qcStatus: 'RELEASED', releaseLocationCode: 'A03-02' })
    expect(await onHand(ids.x, goods.goodsId)).toBe(6)
    expect(await onHand(ids.qc, goods.goodsId)).toBe(1)
    expect((await get(`${api}/customer-returns/${header.customerReturnId}`)).returnStatus).toBe('IN_QC')

    // The last decision (scrap) closes the return.
    const scrapped = await act('customer-return-lines', lines[1]!.returnLineId, 'scrap')
    expect(scrapped.statusCode, scrapped.body).toBe(200)
    expect(await onHand(ids.qc, goods.goodsId)).toBe(0)
    const closed = await get(`${api}/customer-returns/${header.customerReturnId}`)
    expect(closed).toMatchObject({ returnStatus: 'CLOSED', closedDate: expect.any(String) })
    expect(
      (await act('customer-return-lines', lines[1]!.returnLineId, 'release', { locationCode: 'A03-02' }))
        .statusCode,
    ).toBe(409)

    const moves = await ledger(header.returnNum)
    expect(moves.map((move) => [move.docType, move.locationId, move.quantityChange])).toEqual([
      ['CUSTOMER_RETURN', ids.qc, 2],
      ['CUSTOMER_RETURN', ids.qc, 1],
      ['RETURN_RELEASE', ids.qc, -2],
      ['RETURN_RELEASE', ids.x, 2],
      ['RETURN_SCRAP', ids.qc, -1],
    ])
    for (const move of moves) {
      expect(move.operatorName).toBeTruthy()
      expect(move.transactionDate).toBeTruthy()
    }
    // The outbound order's own Return would book the shipped quantity back a second time.
    const again = await act('outbound-orders', order.outboundOrderId, 'return', {}, 'admin')
    expect(again.statusCode).toBe(409)
  })

  it('never allocates stock waiting in QC; a blocked line stays there until released', async () => {
    const goods = await newGoods('FR-C2')
    await stockAt(goods, 4, ids.x)
    const order = await shipped(goods, 4)
    const created = await customerReturn({ outboundOrderId: order.outboundOrderId }, [
      { goodsId: goods.goodsId, quantity: 3 },
    ])
    const header = created.json().header as Row
    expect((await act('customer-returns', header.customerReturnId, 'receive')).statusCode).toBe(200)
    const [line] = await returnLines(header.customerReturnId)
    const blocked = await act('customer-return-lines', line!.returnLineId, 'block', { remark: 'Seal broken' })
    expect(blocked.statusCode, blocked.body).toBe(200)
    expect(blocked.json()).toMatchObject({ qcStatus: 'BLOCKED', decidedByName: expect.any(String) })
    expect((await get(`${api}/customer-returns/${header.customerReturnId}`)).returnStatus).toBe('CLOSED')
    expect(await onHand(ids.qc, goods.goodsId)).toBe(3)

    const wanting = await outbound(goods, 1)
    const refused = await act('outbound-orders', wanting.outboundOrderId, 'allocate', {}, 'admin')
    expect(refused.statusCode).toBe(409)
    expect(await onHand(ids.qc, goods.goodsId)).toBe(3)

    // Released later, the stock is allocatable again.
    expect(
      (await act('customer-return-lines', line!.returnLineId, 'release', { locationCode: 'A03-02' }))
        .statusCode,
    ).toBe(200)
    const allocated = await act('outbound-orders', wanting.outboundOrderId, 'allocate', {}, 'admin')
    expect(allocated.statusCode, allocated.body).toBe(200)
  })

  it('refuses an over-return, a return of an unshipped order and a receive without a QC location', async () => {
    const goods = await newGoods('FR-C3')
    await stockAt(goods, 5, ids.x)
    const order = await shipped(goods, 2)
    const tooMany = await customerReturn({ outboundOrderId: order.outboundOrderId }, [
      { goodsId: goods.goodsId, quantity: 3 },
    ])
    expect(tooMany.statusCode, tooMany.body).toBe(200)
    const over = await act('customer-returns', tooMany.json().header.customerReturnId, 'receive')
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      code: 'error.over_return',
      fields: { 'lines[0].quantity': 'at most 2' },
    })
    expect(await onHand(ids.qc, goods.goodsId)).toBe(0)
    // Two returns of one order share what it shipped.
    const first = (
      await customerReturn({ outboundOrderId: order.outboundOrderId }, [
        { goodsId: goods.goodsId, quantity: 2 },
      ])
    ).json()
    expect((await act('customer-returns', first.header.customerReturnId, 'receive')).statusCode).toBe(200)
    const second = (
      await customerReturn({ outboundOrderId: order.outboundOrderId }, [
        { goodsId: goods.goodsId, quantity: 1 },
      ])
    ).json()
    expect((await act('customer-returns', second.header.customerReturnId, 'receive')).statusCode).toBe(409)

    const open = await outbound(goods, 1)
    const unshipped = await customerReturn({ outboundOrderId: open.outboundOrderId }, [
      { goodsId: goods.goodsId, quantity: 1 },
    ])
    expect(unshipped.statusCode).toBe(400)
    expect(unshipped.json().fields).toHaveProperty('outboundOrderId')
    const otherGoods = await newGoods('FR-C3B')
    const notOnOrder = await customerReturn({ outboundOrderId: order.outboundOrderId }, [
      { goodsId: otherGoods.goodsId, quantity: 1 },
    ])
    expect(notOnOrder.statusCode).toBe(400)

    const notQc = await customerReturn({ qcLocationId: ids.x }, [{ goodsId: goods.goodsId, quantity: 1 }])
    expect(notQc.statusCode).toBe(400)
    expect(notQc.json().fields).toHaveProperty('qcLocationId')
    const noQc = (
      await customerReturn({ warehouseId: ids.noQcWarehouse }, [{ goodsId: goods.goodsId, quantity: 1 }])
    ).json()
    const refused = await act('customer-returns', noQc.header.customerReturnId, 'receive')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'error.no_qc_location' })

    const empty = (await customerReturn({}, [])).json()
    expect((await act('customer-returns', empty.header.customerReturnId, 'receive')).statusCode).toBe(409)
    // a free return (no order) has no shipped limit; its lines change only while it is NEW
    const free = (await customerReturn({}, [{ goodsId: goods.goodsId, quantity: 7 }])).json()
    expect((await act('customer-returns', free.header.customerReturnId, 'receive')).statusCode).toBe(200)
    expect(await onHand(ids.qc, goods.goodsId)).toBe(9)
    const [line] = await returnLines(free.header.customerReturnId)
    const edited = await call('clerk', 'PUT', `${api}/customer-return-lines`, { ...line, quantity: 1 })
    expect(edited.statusCode).toBe(409)
  })

  it("refuses another tenant's and another scope's returns", async () => {
    const goods = await newGoods('FR-C4')
    const hidden = await customerReturn(
      { warehouseId: ids.hiddenWarehouse },
      [{ goodsId: goods.goodsId, quantity: 1 }],
      'admin',
    )
    expect(hidden.statusCode, hidden.body).toBe(200)
    const id = hidden.json().header.customerReturnId as number
    // the clerk is not granted WH-E002: the return is not theirs to see or receive
    expect((await call('clerk', 'GET', `${api}/customer-returns/${id}`)).statusCode).toBe(404)
    const row = await get(`${api}/customer-returns/${id}`)
    expect((await call('clerk', 'POST', `${api}/customer-returns/${id}/receive`, row)).statusCode).toBe(404)
    const [line] = await returnLines(id)
    expect(
      (
        await call('clerk', 'POST', `${api}/customer-return-lines/${line!.returnLineId}/release`, {
          ...line,
          locationCode: 'A03-02',
        })
      ).statusCode,
    ).toBe(404)
    // tenant 1's users reach nothing of tenant 2
    const other = await call('admin', 'GET', '/api/wms/v1/2/customer-returns')
    expect([401, 403, 404]).toContain(other.statusCode)
    const cross = await call('clerk', 'POST', `/api/wms/v1/2/customer-returns/${id}/receive`, row)
    expect([401, 403, 404]).toContain(cross.statusCode)
    expect((await get(`${api}/customer-returns/${id}`)).returnStatus).toBe('NEW')
  })
})

describe('vendor returns', () => {
  const create = (body: Row, user: WarehouseUser = 'clerk') =>
    call(user, 'POST', `${api}/vendor-returns`, {
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      locationId: ids.x,
      returnReason: 'Wrong goods',
      ...body,
    })

  it('takes stock out of the location with a ledger row, never more than the inbound order received', async () => {
    const goods = await newGoods('FR-V1')
    const inbound = await stockAt(goods, 5, ids.x)
    const made = await create({ inboundOrderId: inbound.inboundOrderId, goodsId: goods.goodsId, quantity: 3 })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({
      returnStatus: 'NEW',
      inboundOrderNum: inbound.orderNum,
      goodsCode: 'FR-V1',
      locationCode: 'A03-02',
    })
    const shippedBack = await act('vendor-returns', made.json().vendorReturnId, 'ship')
    expect(shippedBack.statusCode, shippedBack.body).toBe(200)
    expect(shippedBack.json()).toMatchObject({ returnStatus: 'SHIPPED', shippedByName: expect.any(String) })
    expect(await onHand(ids.x, goods.goodsId)).toBe(2)
    const moves = await ledger(made.json().returnNum)
    expect(moves).toEqual([
      expect.objectContaining({ docType: 'VENDOR_RETURN', locationId: ids.x, quantityChange: -3 }),
    ])
    expect(moves[0]!.operatorName).toBeTruthy()

    // 3 of 5 went back: 3 more is an over-return, though 2 are on hand.
    await stockAt(goods, 4, ids.x)
    const over = (
      await create({ inboundOrderId: inbound.inboundOrderId, goodsId: goods.goodsId, quantity: 3 })
    ).json()
    const refused = await act('vendor-returns', over.vendorReturnId, 'ship')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'error.over_return', fields: { quantity: 'at most 2' } })
    expect(await onHand(ids.x, goods.goodsId)).toBe(6)

    // A free return is limited by the stock at the location.
    const free = (await create({ goodsId: goods.goodsId, quantity: 7 })).json()
    const short = await act('vendor-returns', free.vendorReturnId, 'ship')
    expect(short.statusCode).toBe(409)
    expect(await onHand(ids.x, goods.goodsId)).toBe(6)
    const other = await newGoods('FR-V2')
    const notOnOrder = await create({
      inboundOrderId: inbound.inboundOrderId,
      goodsId: other.goodsId,
      quantity: 1,
    })
    expect(notOnOrder.statusCode).toBe(400)
    expect(notOnOrder.json().fields).toHaveProperty('goodsId')
  })

  it("refuses another scope's vendor return", async () => {
    const goods = await newGoods('FR-V3')
    const location = (
      await sql<{ id: number }>`select location_id as id from wmdm_location where tenant_id = 1
        and warehouse_id = ${ids.hiddenWarehouse} order by location_code limit 1`.execute(app.db)
    ).rows[0]!.id
    const made = await create(
      { warehouseId: ids.hiddenWarehouse, locationId: location, goodsId: goods.goodsId, quantity: 1 },
      'admin',
    )
    expect(made.statusCode, made.body).toBe(201)
    const row = made.json()
    expect(
      (await call('clerk', 'POST', `${api}/vendor-returns/${row.vendorReturnId}/ship`, row)).statusCode,
    ).toBe(404)
    expect(
      (
        await create({
          warehouseId: ids.hiddenWarehouse,
          locationId: location,
          goodsId: goods.goodsId,
          quantity: 1,
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400)
  })
})
