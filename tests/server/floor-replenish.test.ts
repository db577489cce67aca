/**
 * Replenishment by min/max and the carrier at ship (issue 19; schemas/README.md "Replenishment and shipping"):
 * generate plans tasks from reserve stock up to the maximum in the goods' removal order (never QC, held or
 * allocated stock), generating again adds nothing twice, a short reserve is reported, the clerk's confirmation
 * moves the quantity moved through the ledger with who and when; an express order does not ship without its
 * carrier and tracking number, which are stored; another tenant's warehouse and tasks are refused.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectAs, signIn } from '../../server/testing.ts'
import { startWarehouseApp, type WarehouseApp, type WarehouseUser } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
let onHand: WarehouseApp['onHand']
const api = '/api/wms/v1/1'
const ids = {} as Record<
  'warehouse' | 'warehouse2' | 'ownerA' | 'rcv' | 'x' | 'y' | 'z' | 'qc' | 'p5' | 'p6' | 'w2pick',
  number
>

let get: WarehouseApp['get']
const post = async (url: string, body: Row, user: WarehouseUser = 'admin') => {
  const response = await call(user, 'POST', url, body)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json() as Row
}
const day = async (days: number) =>
  (await sql<{ d: string }>`select to_char(current_date + ${days}::int, 'YYYY-MM-DD') as d`.execute(app.db))
    .rows[0]!.d

const newGoods = (code: string, extra: Row = {}) =>
  post(`${api}/goods`, {
    goodsCode: code,
    goodsName: code,
    ownerId: ids.ownerA,
    uomCode: 'EA',
    weight: 1,
    ...extra,
  })

const inboundAct = async (id: number, action: string, body: Row = {}) => {
  const row = await get(`${api}/inbound-orders/${id}`)
  return call('clerk', 'POST', `${api}/inbound-orders/${id}/${action}`, { ...row, ...body })
}

/** Receives one line per lot and puts each away at its `to` location. */
async function stock(
  goods: Row,
  lots: Array<{ batchCode?: string; quantity: number; to: number; expiryDate?: string }>,
) {
  const created = await post(
    `${api}/inbound-orders/with-lines`,
    {
      header: {
        orderType: 'PURCHASE',
        warehouseId: ids.warehouse,
        ownerId: ids.ownerA,
        receivingLocationId: ids.rcv,
      },
      lines: [
        {
          key: 'lines',
          resource: 'inbound-order-lines',
          parentField: 'inboundOrderId',
          rows: lots.map((lot, i) => ({
            _status: 'create',
            lineNum: i + 1,
            goodsId: goods.goodsId,
            quantity: lot.quantity,
            putawayLocationId: lot.to,
          })),
        },
      ],
    },
    'clerk',
  )
  const id = Number(created.header.inboundOrderId)
  expect((await inboundAct(id, 'execute')).statusCode).toBe(200)
  const lines: Row[] = (await get(`${api}/inbound-order-lines?inboundOrderId=${id}&size=50`)).content
  lines.sort((a, b) => a.lineNum - b.lineNum)
  const received = await inboundAct(id, 'receive', {
    lines: lots.map((lot, i) => ({
      inboundLineId: lines[i]!.inboundLineId,
      quantity: lot.quantity,
      batchCode: lot.batchCode,
      expiryDate: lot.expiryDate,
    })),
  })
  expect(received.statusCode, received.body).toBe(200)
  const putaway = await inboundAct(id, 'putaway')
  expect(putaway.statusCode, putaway.body).toBe(200)
}

const orderAct = (order: Row, action: string, body: Row = {}) =>
  call('admin', 'POST', `${api}/outbound-orders/${order.outboundOrderId}/${action}`, { ...order, ...body })

/** A submitted outbound order of one line. */
async function outbound(goods: Row, quantity: number, header: Row = {}, line: Row = {}) {
  const created = await post(`${api}/outbound-orders/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      customerName: 'Replenish customer',
      receiverName: 'Li',
      receiverPhone: '13900000000',
      receiverAddress: 'Dock 3',
      ...header,
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: [
          {
            _status: 'create',
            lineNum: 1,
            goodsId: goods.goodsId,
            goodsCode: goods.goodsCode,
            quantity,
            ...line,
          },
        ],
      },
    ],
  })
  const submitted = await orderAct(created.header as Row, 'submit')
  expect(submitted.statusCode, submitted.body).toBe(200)
  return submitted.json() as Row
}

const generate = (warehouseId: number, user: WarehouseUser = 'clerk') =>
  call(user, 'POST', `${api}/stock-replacements/generate`, { warehouseId })

const tasksOf = async (goods: Row, status = 'NEW'): Promise<Row[]> =>
  (
    (await get(`${api}/stock-replacements?goodsId=${goods.goodsId}&replenishStatus=${status}&size=50`))
      .content as Row[]
  ).sort((a, b) => String(a.replenishNum).localeCompare(String(b.replenishNum)))

const confirm = async (task: Row, body: Row = {}, user: WarehouseUser = 'clerk') =>
  call(user, 'POST', `${api}/stock-replacements/${task.stockReplacementId}/handle`, body)

const rule = (goods: Row, pickLocationId: number, min: number, max: number, warehouseId = ids.warehouse) =>
  post(`${api}/replenishment-rules`, {
    warehouseId,
    goodsId: goods.goodsId,
    pickLocationId,
    minQuantity: min,
    maxQuantity: max,
  })

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk', 'jxs'])
  get = started.get
  ;({ app, call, onHand } = started)
  ids.warehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.warehouse2 = await started.idOf('warehouse', "warehouse_code = 'WH-E002'")
  ids.ownerA = await started.idOf('owner', "owner_code = 'OWN-A'")
  const location = (code: string, warehouse = ids.warehouse) =>
    started.idOf('location', `warehouse_id = ${warehouse} and location_code = '${code}'`)
  ids.rcv = await location('RCV-01')
  ids.x = await location('A02-02')
  ids.y = await location('A02-03')
  ids.z = await location('A02-04')
  ids.qc = await location('QC-01')
  ids.p5 = await location('P01-05')
  ids.p6 = await location('P01-06')
  ids.w2pick = await location('A01-01', ids.warehouse2)
})
afterAll(() => app.close())

describe('replenishment by min/max', () => {
  let goods: Row
  let planned: Row[]

  it('plans tasks up to the maximum from reserve in FEFO order, never from QC, held or allocated stock', async () => {
    goods = await newGoods('FR-FEFO', { expiryManagedFlag: 1, removalStrategy: 'FEFO' })
    await stock(goods, [
      { batchCode: 'LATE', quantity: 30, to: ids.x, expiryDate: await day(200) },
      { batchCode: 'SOON', quantity: 20, to: ids.y, expiryDate: await day(100) },
      { batchCode: 'HELD', quantity: 10, to: ids.z, expiryDate: await day(20) },
      { batchCode: 'QCLOT', quantity: 50, to: ids.qc, expiryDate: await day(10) },
    ])
    // HELD is under a quality hold (locked), 5 of SOON are allocated to an order
    const hold = await post(`${api}/quality-checks`, {
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      goodsId: goods.goodsId,
      locationId: ids.z,
      batchCode: 'HELD',
      quantity: 10,
      qcReason: 'Damaged cartons',
    })
    const held = await call('admin', 'POST', `${api}/quality-checks/${hold.qualityCheckId}/hold`, hold)
    expect(held.statusCode, held.body).toBe(200)
    const order = await outbound(goods, 5, {}, { batchCode: 'SOON' })
    const allocated = await orderAct(order, 'allocate')
    expect(allocated.statusCode, allocated.body).toBe(200)
    await rule(goods, ids.p5, 10, 40)

    const answer = await generate(ids.warehouse)
    expect(answer.statusCode, answer.body).toBe(200)
    const mine = (answer.json().tasks as Row[]).filter((task) => task.goodsCode === 'FR-FEFO')
    // SOON (earlier expiry) first, only its 15 available; then LATE for the rest; QC-01 and the held lot never
    expect(
      mine.map((task) => [task.batchCode, task.fromLocationCode, task.toLocationCode, task.quantity]),
    ).toEqual([
      ['SOON', 'A02-03', 'P01-05', 15],
      ['LATE', 'A02-02', 'P01-05', 25],
    ])
    planned = await tasksOf(goods)
    expect(planned).toHaveLength(2)
    expect(planned.every((task) => task.replenishmentRuleId && task.replenishStatus === 'NEW')).toBe(true)
    // nothing moved yet: a task moves stock only when confirmed
    expect(await onHand(ids.p5, goods.goodsId, 'SOON')).toBe(0)
  })

  it('generating again creates no duplicate of the open tasks', async () => {
    const again = await generate(ids.warehouse)
    expect(again.statusCode, again.body).toBe(409)
    expect(await tasksOf(goods)).toHaveLength(2)
  })

  it('confirms a task with the quantity moved (never above planned, never allocated stock), ledger with who and when', async () => {
    const [soon, late] = planned
    const over = await confirm(late!, { confirmedQuantity: 26 })
    expect(over.statusCode).toBe(400)
    expect(over.json().fields).toHaveProperty(['confirmedQuantity'])
    // 3 more of SOON allocated after planning: the task's 15 would take allocated stock
    const order = await outbound(goods, 3, {}, { batchCode: 'SOON' })
    expect((await orderAct(order, 'allocate')).statusCode).toBe(200)
    const taken = await confirm(soon!)
    expect(taken.statusCode).toBe(409)
    expect(await onHand(ids.y, goods.goodsId, 'SOON')).toBe(20)

    const done = await confirm(soon!, { confirmedQuantity: 12 })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ replenishStatus: 'DONE' })
    const read = await get(`${api}/stock-replacements/${soon!.stockReplacementId}`)
    expect(read).toMatchObject({ confirmedQuantity: 12, handledBy: 3 })
    expect(read.handledByName).toBeTruthy()
    expect(await onHand(ids.y, goods.goodsId, 'SOON')).toBe(8)
    expect(await onHand(ids.p5, goods.goodsId, 'SOON')).toBe(12)
    expect((await confirm(late!)).statusCode).toBe(200)
    expect(await onHand(ids.p5, goods.goodsId, 'LATE')).toBe(25)

    const ledger: Row[] = (
      await get(`${api}/stock-transactions?docType=REPLENISH&docNum=${soon!.replenishNum}&size=10`)
    ).content
    expect(ledger.map((row) => Number(row.quantityChange)).sort((a, b) => a - b)).toEqual([-12, 12])
    for (const row of ledger) {
      expect(row.operatorId).toBe(3)
      expect(row.operatorName).toBe(read.handledByName)
      expect(row.transactionDate).toBeTruthy()
    }
    // the pick location now holds 37, above its minimum: nothing more for this goods
    const after = await generate(ids.warehouse)
    if (after.statusCode === 200)
      expect((after.json().tasks as Row[]).some((task) => task.goodsCode === 'FR-FEFO')).toBe(false)
    else expect(after.statusCode).toBe(409)
  })

  it('takes what the reserve has and reports the shortfall; no reserve at all or nothing below minimum is a 409', async () => {
    const short = await newGoods('FR-SHORT')
    await stock(short, [{ quantity: 8, to: ids.x }])
    await rule(short, ids.p6, 5, 20)
    const answer = await generate(ids.warehouse)
    expect(answer.statusCode, answer.body).toBe(200)
    expect((answer.json().tasks as Row[]).filter((task) => task.goodsCode === 'FR-SHORT')).toHaveLength(1)
    expect(answer.json().shortfalls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ goodsCode: 'FR-SHORT', needed: 20, planned: 8, shortfall: 12 }),
      ]),
    )
    expect(answer.json().message).toMatch(/FR-SHORT at P01-06 short by 12/)
    const [task] = await tasksOf(short)
    expect(Number(task!.shortfallQuantity)).toBe(12)

    // WH-E002 has no rule; then a rule whose goods has no stock anywhere
    const none = await generate(ids.warehouse2, 'admin')
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ code: 'error.nothing_to_replenish' })
    expect(none.json().message).toMatch(/no enabled replenishment rule/)
    await rule(await newGoods('FR-EMPTY'), ids.w2pick, 5, 10, ids.warehouse2)
    const empty = await generate(ids.warehouse2, 'admin')
    expect(empty.statusCode).toBe(409)
    expect(empty.json()).toMatchObject({ code: 'error.reserve_short' })
    expect(empty.json().message).toMatch(/FR-EMPTY at A01-01 short by 10/)
  })

  it('refuses a rule whose maximum is below its minimum', async () => {
    const refused = await call('admin', 'POST', `${api}/replenishment-rules`, {
      warehouseId: ids.warehouse,
      goodsId: (await newGoods('FR-RULE')).goodsId,
      pickLocationId: ids.p6,
      minQuantity: 10,
      maxQuantity: 5,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toHaveProperty(['maxQuantity'])
  })
})

describe('carrier and tracking number at ship', () => {
  it('refuses to ship an express order without carrier and tracking number, stores them when given', async () => {
    const goods = await newGoods('FR-SHIP')
    await stock(goods, [{ quantity: 10, to: ids.x }])
    const packed = async (header: Row) => {
      let order = await outbound(goods, 2, header)
      for (const [action, body] of [
        ['allocate', {}],
        ['pick', {}],
        ['pack', { weight: 1 }],
      ] as const) {
        const response = await orderAct(order, action, body)
        expect(response.statusCode, response.body).toBe(200)
        order = response.json()
      }
      return order
    }
    const express = await packed({ deliveryType: 'EXPRESS' })
    const missing = await orderAct(express, 'ship')
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().fields).sort()).toEqual(['carrierId', 'trackingNum'])
    expect(missing.json().message).toMatch(/give the carrier and tracking number/)
    const bad = await orderAct(express, 'ship', { carrierCode: 'SF', trackingNum: 'a!' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty(['trackingNum'])
    const unknown = await orderAct(express, 'ship', { carrierCode: 'NOPE', trackingNum: 'SF123456' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().fields).toHaveProperty(['carrierId'])
    expect((await get(`${api}/outbound-orders/${express.outboundOrderId}`)).orderStatus).toBe('PACKED')

    const carrier = (await get(`${api}/carriers?carrierCode=SF`)).content[0] as Row
    const shipped = await orderAct(express, 'ship', {
      carrierId: carrier.carrierId,
      trackingNum: 'SF 1234 5678',
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(await get(`${api}/outbound-orders/${express.outboundOrderId}`)).toMatchObject({
      orderStatus: 'SHIPPED',
      carrierId: carrier.carrierId,
      carrierCode: 'SF',
      carrierName: carrier.carrierName,
      trackingNum: 'SF12345678',
    })
    const packs: Row[] = (await get(`${api}/outbound-packs?outboundOrderId=${express.outboundOrderId}`))
      .content
    expect(packs.every((pack) => pack.trackingNum === 'SF12345678')).toBe(true)

    // a customer pickup ships without a carrier
    const pickup = await packed({ deliveryType: 'PICKUP' })
    expect((await orderAct(pickup, 'ship')).statusCode).toBe(200)
  })
})

describe('tenants and roles', () => {
  it("refuses another tenant's warehouse and tasks, and a role without the code", async () => {
    const [task] = await tasksOf({
      goodsId: (await get(`${api}/goods?goodsCode=FR-SHORT`)).content[0].goodsId,
    })
    // the administrator of tenant 2: tenant 1's warehouse and task do not exist there, tenant 1 is not theirs
    const manager = await signIn(app, 'manager', 'Manager@123')
    const asManager = (url: string, body: Row) => injectAs(app, manager, 'POST', url, body)
    const generated = await asManager('/api/wms/v1/2/stock-replacements/generate', {
      warehouseId: ids.warehouse,
    })
    expect(generated.statusCode).toBe(404)
    const handled = await asManager(`/api/wms/v1/2/stock-replacements/${task!.stockReplacementId}/handle`, {})
    expect(handled.statusCode).toBe(404)
    expect(
      (await asManager(`${api}/stock-replacements/generate`, { warehouseId: ids.warehouse })).statusCode,
    ).toBe(403)
    expect(
      (await asManager(`${api}/stock-replacements/${task!.stockReplacementId}/handle`, {})).statusCode,
    ).toBe(403)
    // the dealer holds no replenishment code
    expect((await generate(ids.warehouse, 'jxs')).statusCode).toBe(403)
    expect((await get(`${api}/stock-replacements/${task!.stockReplacementId}`)).replenishStatus).toBe('NEW')
  })
})
