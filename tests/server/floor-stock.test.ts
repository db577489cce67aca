/**
 * The warehouse floor's stock rules (issue 19; schemas/README.md "Floor stock"): lots with production and
 * expiry dates entered at receiving and shown on the balances, allocation by the goods' removal strategy
 * (FEFO, FIFO, a rule's LIFO), expired stock never allocated, partial allocation with a backorder, a wave
 * releasing what it can and reporting what it left out, who and when on every move, and one winner for the last
 * unexpired unit.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
const api = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'ownerA' | 'ownerC' | 'rcv' | 'x' | 'y' | 'z', number>
let firstMove = 0
let firstRecord = 0

const get = async (url: string) => {
  const response = await call('admin', 'GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
/** A date `days` from the database's today, as YYYY-MM-DD. */
const day = async (days: number) =>
  (await sql<{ d: string }>`select to_char(current_date + ${days}::int, 'YYYY-MM-DD') as d`.execute(app.db))
    .rows[0]!.d

async function newGoods(code: string, ownerId: number, extra: Row = {}) {
  const response = await call('admin', 'POST', `${api}/goods`, {
    goodsCode: code,
    goodsName: code,
    ownerId,
    uomCode: 'EA',
    weight: 1,
    ...extra,
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json() as Row
}

/** An executed inbound order of one line per lot, each to be put away at its `to` location. */
async function inbound(goods: Row, lots: Array<{ quantity: number; to: number }>) {
  const created = await call('clerk', 'POST', `${api}/inbound-orders/with-lines`, {
    header: {
      orderType: 'PURCHASE',
      warehouseId: ids.warehouse,
      ownerId: goods.ownerId,
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
  })
  expect(created.statusCode, created.body).toBe(200)
  const order = created.json().header as Row
  const executed = await inboundAct(order.inboundOrderId, 'execute')
  expect(executed.statusCode, executed.body).toBe(200)
  const lines: Row[] = (
    await get(`${api}/inbound-order-lines?inboundOrderId=${order.inboundOrderId}&size=50`)
  ).content
  return { order, lines: lines.sort((a, b) => a.lineNum - b.lineNum) }
}
const inboundAct = async (id: number, action: string, body: Row = {}) => {
  const row = await get(`${api}/inbound-orders/${id}`)
  return call('clerk', 'POST', `${api}/inbound-orders/${id}/${action}`, { ...row, ...body })
}

/** Receives lots (batch and dates per line) and puts them away; returns the inbound order. */
async function receiveLots(
  goods: Row,
  lots: Array<{
    batchCode: string
    quantity: number
    to: number
    productionDate?: string
    expiryDate?: string
  }>,
) {
  const { order, lines } = await inbound(goods, lots)
  const received = await inboundAct(order.inboundOrderId, 'receive', {
    lines: lots.map((lot, i) => ({
      inboundLineId: lines[i]!.inboundLineId,
      quantity: lot.quantity,
      batchCode: lot.batchCode,
      productionDate: lot.productionDate,
      expiryDate: lot.expiryDate,
    })),
  })
  expect(received.statusCode, received.body).toBe(200)
  const putaway = await inboundAct(order.inboundOrderId, 'putaway')
  expect(putaway.statusCode, putaway.body).toBe(200)
  return order
}

async function outbound(goods: Row, quantity: number, extra: Row = {}) {
  const response = await call('admin', 'POST', `${api}/outbound-orders/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId: ids.warehouse,
      ownerId: goods.ownerId,
      customerName: 'Floor customer',
      receiverName: 'Li',
      receiverPhone: '13900000000',
      receiverAddress: 'Dock 3',
      ...extra,
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
  const submitted = await orderAct(order, 'submit')
  expect(submitted.statusCode, submitted.body).toBe(200)
  return submitted.json() as Row
}
const orderAct = (order: Row, action: string, body: Row = {}, user: 'admin' | 'clerk' = 'admin') =>
  call(user, 'POST', `${api}/outbound-orders/${order.outboundOrderId}/${action}`, { ...order, ...body })
/** The picking tasks of an order in the order allocation made them. */
const tasksOf = async (order: Row): Promise<Row[]> =>
  (
    (await get(`${api}/outbound-tasks?outboundOrderId=${order.outboundOrderId}&size=50`)).content as Row[]
  ).sort((a, b) => String(a.taskNum).localeCompare(String(b.taskNum)))

/** The balances of goods in the warehouse: quantity, reserved, per lot. */
async function balances(goods: Row): Promise<Row[]> {
  return (await get(`${api}/stocks?warehouseId=${ids.warehouse}&goodsId=${goods.goodsId}&size=100`)).content
}

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk'])
  ;({ app, call } = started)
  ids.warehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.ownerA = await started.idOf('owner', "owner_code = 'OWN-A'")
  ids.ownerC = await started.idOf('owner', "owner_code = 'OWN-C'")
  const location = (code: string) =>
    started.idOf('location', `warehouse_id = ${ids.warehouse} and location_code = '${code}'`)
  ids.rcv = await location('RCV-01')
  ids.x = await location('A03-02')
  ids.y = await location('A03-03')
  ids.z = await location('A03-04')
  const max = async (table: string, key: string) =>
    Number(
      (await sql.raw<{ n: string }>(`select coalesce(max(${key}), 0) as n from ${table}`).execute(app.db))
        .rows[0]!.n,
    )
  firstMove = await max('winv_stock_transaction', 'transaction_id')
  firstRecord = await max('winv_inbound_receipt_record', 'receipt_record_id')
})
afterAll(() => app.close())

describe('lots at receiving', () => {
  it('needs the lot and its expiry date for expiry-tracked goods, derives it from production + shelf life, refuses bad dates', async () => {
    const goods = await newGoods('FS-LOTS', ids.ownerA, {
      batchManagedFlag: 1,
      expiryManagedFlag: 1,
      shelfLifeDays: 30,
    })
    const { order, lines } = await inbound(goods, [{ quantity: 10, to: ids.x }])
    const line = lines[0]!.inboundLineId
    const receive = (extra: Row) =>
      inboundAct(order.inboundOrderId, 'receive', { lines: [{ inboundLineId: line, quantity: 4, ...extra }] })
    const refusals: Array<[Row, number, string, RegExp]> = [
      [{}, 400, 'lines[0].batchCode', /batch tracked: give the batch \(batchCode\)/],
      [{ batchCode: 'L1' }, 400, 'lines[0].expiryDate', /tracked by expiry: give the lot's expiry date/],
      [{ batchCode: 'L1', expiryDate: '2027-02-30' }, 400, 'lines[0].expiryDate', /YYYY-MM-DD/],
      [
        { batchCode: 'L1', productionDate: '2027-03-01', expiryDate: '2027-01-01' },
        400,
        'lines[0].productionDate',
        /after the expiry date/,
      ],
    ]
    for (const [extra, status, field, message] of refusals) {
      const refused = await receive(extra)
      expect(refused.statusCode, refused.body).toBe(status)
      expect(refused.json().message).toMatch(message)
      expect(refused.json().fields).toHaveProperty([field])
    }
    const production = await day(-5)
    const first = await receive({ batchCode: 'L1', productionDate: production })
    expect(first.statusCode, first.body).toBe(200)
    const lot = (await get(`${api}/lots?goodsId=${goods.goodsId}`)).content[0]
    expect(lot).toMatchObject({ batchCode: 'L1', productionDate: production, expiryDate: await day(25) })
    // The lot's dates are fixed: the same lot with other dates is refused, without dates it is taken as it is.
    const clash = await receive({ batchCode: 'L1', expiryDate: await day(90) })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({ code: 'error.lot_dates' })
    expect(clash.json().message).toMatch(/give the same dates/)
    expect((await receive({ batchCode: 'L1' })).statusCode).toBe(200)
    // One lot per line: another lot on the same line goes on another line.
    const other = await receive({ batchCode: 'L2', quantity: 1, expiryDate: await day(90) })
    expect(other.statusCode).toBe(409)
    expect(other.json().fields).toHaveProperty(['lines[0].batchCode'])
    expect((await receive({ batchCode: 'L1', quantity: 2 })).statusCode).toBe(200)
    const putaway = await inboundAct(order.inboundOrderId, 'putaway')
    expect(putaway.statusCode, putaway.body).toBe(200)
    // The balances carry the lot's dates, at the receiving location and where it was put away.
    const stock = await balances(goods)
    expect(stock.length).toBeGreaterThan(0)
    for (const balance of stock)
      expect(balance).toMatchObject({
        batchCode: 'L1',
        productionDate: production,
        expiryDate: await day(25),
      })
    expect(stock.find((b) => b.locationId === ids.x)).toMatchObject({ quantity: 10 })
    const records: Row[] = (
      await get(`${api}/inbound-receipt-records?inboundOrderId=${order.inboundOrderId}&size=50`)
    ).content
    expect(records.map((r) => r.recordType).sort()).toEqual(['PUTAWAY', 'RECEIVE', 'RECEIVE', 'RECEIVE'])
    for (const record of records) expect(record).toMatchObject({ expiryDate: await day(25) })
  })

  it('takes no dates for goods that do not track lots', async () => {
    const plain = await newGoods('FS-PLAIN', ids.ownerA)
    const { order, lines } = await inbound(plain, [{ quantity: 2, to: ids.x }])
    const refused = await inboundAct(order.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: lines[0]!.inboundLineId, expiryDate: await day(10) }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/not tracked by lot: leave the production and expiry dates out/)
  })
})

describe('allocation by removal strategy', () => {
  it('FEFO takes the lot that expires first, wherever and whenever it came in, and never expired stock', async () => {
    const goods = await newGoods('FS-FEFO', ids.ownerA, {
      batchManagedFlag: 1,
      expiryManagedFlag: 1,
      removalStrategy: 'FEFO',
    })
    await receiveLots(goods, [{ batchCode: 'A-LATE', quantity: 5, to: ids.x, expiryDate: await day(200) }])
    await receiveLots(goods, [{ batchCode: 'B-SOON', quantity: 5, to: ids.y, expiryDate: await day(100) }])
    await receiveLots(goods, [{ batchCode: 'C-GONE', quantity: 5, to: ids.z, expiryDate: await day(-1) }])
    const order = await outbound(goods, 7)
    const allocated = await orderAct(order, 'allocate')
    expect(allocated.statusCode, allocated.body).toBe(200)
    const tasks = await tasksOf(order)
    expect(tasks.map((t) => [t.batchCode, Number(t.quantity)])).toEqual([
      ['B-SOON', 5],
      ['A-LATE', 2],
    ])
    // 3 unexpired left, 5 expired: an order of 4 is short, and the message says why and what to do.
    const short = await orderAct(await outbound(goods, 4), 'allocate')
    expect(short.statusCode).toBe(409)
    expect(short.json().message).toMatch(/3 available in the warehouse \(5 more expired, never allocated\)/)
    expect(short.json().message).toMatch(/"Backorder the rest"/)
    const expired = (await balances(goods)).find((b) => b.batchCode === 'C-GONE' && b.locationId === ids.z)
    expect(expired).toMatchObject({ quantity: 5, reservedQuantity: 0 })
  })

  it('FIFO takes the lot received first, not the lowest lot code; an allocation rule (LIFO) applies when the goods name none', async () => {
    const goods = await newGoods('FS-FIFO', ids.ownerC, { batchManagedFlag: 1 })
    await receiveLots(goods, [{ batchCode: 'Z-OLD', quantity: 3, to: ids.x }])
    await receiveLots(goods, [{ batchCode: 'A-NEW', quantity: 3, to: ids.y }])
    // Z-OLD came in ten days earlier (a receipt of another day; the lot keeps its first receipt).
    await sql`update winv_lot set received_date = received_date - interval '10 days'
      where goods_id = ${goods.goodsId} and batch_code = 'Z-OLD'`.execute(app.db)
    await sql`update winv_stock set in_date = in_date - interval '10 days'
      where goods_id = ${goods.goodsId} and batch_code = 'Z-OLD'`.execute(app.db)
    const fifo = await outbound(goods, 2)
    const fifoAllocated = await orderAct(fifo, 'allocate')
    expect(fifoAllocated.statusCode).toBe(200)
    expect((await tasksOf(fifo)).map((t) => t.batchCode)).toEqual(['Z-OLD'])
    const cancelled = await orderAct(fifoAllocated.json(), 'cancel')
    expect(cancelled.statusCode, cancelled.body).toBe(200)

    const rule = await call('admin', 'POST', `${api}/rules`, {
      ruleCode: 'FS-LIFO-C',
      ruleName: 'Newest first for owner C',
      ruleType: 'ALLOCATION',
      warehouseId: ids.warehouse,
      ownerCode: 'OWN-C',
      priority: 1,
      strategyCode: 'LIFO',
      enabledFlag: 1,
    })
    expect(rule.statusCode, rule.body).toBeLessThan(300)
    const lifo = await outbound(goods, 2)
    expect((await orderAct(lifo, 'allocate')).statusCode).toBe(200)
    expect((await tasksOf(lifo)).map((t) => t.batchCode)).toEqual(['A-NEW'])
    // The goods' own strategy wins over the rule.
    const own = await call('admin', 'PUT', `${api}/goods`, {
      ...(await get(`${api}/goods/${goods.goodsId}`)),
      removalStrategy: 'FIFO',
    })
    expect(own.statusCode, own.body).toBe(200)
    const again = await outbound(goods, 1)
    expect((await orderAct(again, 'allocate')).statusCode).toBe(200)
    expect((await tasksOf(again)).map((t) => t.batchCode)).toEqual(['Z-OLD'])
  })
  it('stock keeps its age where it is put away, so FIFO takes it before stock received later', async () => {
    const goods = await newGoods('FS-AGE', ids.ownerA)
    const first = await inbound(goods, [{ quantity: 2, to: ids.z }])
    expect((await inboundAct(first.order.inboundOrderId, 'receive')).statusCode).toBe(200)
    // It waited five days at receiving before put-away.
    await sql`update winv_stock set in_date = in_date - interval '5 days'
      where goods_id = ${goods.goodsId} and location_id = ${ids.rcv}`.execute(app.db)
    const received = (await balances(goods)).find((b) => b.locationId === ids.rcv)!.inDate as string
    expect((await inboundAct(first.order.inboundOrderId, 'putaway')).statusCode).toBe(200)
    expect((await balances(goods)).find((b) => b.locationId === ids.z)).toMatchObject({ inDate: received })
    const later = await inbound(goods, [{ quantity: 2, to: ids.x }])
    expect((await inboundAct(later.order.inboundOrderId, 'receive')).statusCode).toBe(200)
    expect((await inboundAct(later.order.inboundOrderId, 'putaway')).statusCode).toBe(200)
    const order = await outbound(goods, 2)
    expect((await orderAct(order, 'allocate')).statusCode).toBe(200)
    expect((await tasksOf(order)).map((t) => t.locationId)).toEqual([ids.z])
  })
})

describe('partial allocation with a backorder', () => {
  it('allocates what there is, moves the rest to a SUBMITTED backorder, and the original goes on', async () => {
    const goods = await newGoods('FS-BACK', ids.ownerA)
    const { order: receipt } = await inbound(goods, [{ quantity: 6, to: ids.x }])
    expect((await inboundAct(receipt.inboundOrderId, 'receive')).statusCode).toBe(200)
    expect((await inboundAct(receipt.inboundOrderId, 'putaway')).statusCode).toBe(200)
    const order = await outbound(goods, 10)
    const refused = await orderAct(order, 'allocate')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/allocate again with "Backorder the rest"/)
    const allocated = await orderAct(order, 'allocate', { backorder: true })
    expect(allocated.statusCode, allocated.body).toBe(200)
    const original = allocated.json() as Row
    expect(original).toMatchObject({ orderStatus: 'ALLOCATED', totalQuantity: 6 })
    expect(original.backorderNum).toMatch(/^OUT/)
    const backorder = (await get(`${api}/outbound-orders?orderNum=${original.backorderNum}`))
      .content[0] as Row
    expect(backorder).toMatchObject({
      orderStatus: 'SUBMITTED',
      totalQuantity: 4,
      backorderOfId: order.outboundOrderId,
      backorderOfNum: order.orderNum,
      customerName: 'Floor customer',
      waveId: null,
    })
    const lines: Row[] = (await get(`${api}/outbound-lines?outboundOrderId=${backorder.outboundOrderId}`))
      .content
    expect(lines.map((l) => [l.goodsId, Number(l.quantity), Number(l.allocatedQuantity ?? 0)])).toEqual([
      [goods.goodsId, 4, 0],
    ])
    // The original ships its 6; the stock is right after every step.
    let row = original
    for (const action of ['pick', 'pack', 'ship']) {
      const stepped = await orderAct(row, action, action === 'pack' ? { weight: 3 } : {})
      expect(stepped.statusCode, stepped.body).toBe(200)
      row = stepped.json()
    }
    expect(row.orderStatus).toBe('SHIPPED')
    const left = await balances(goods)
    expect(left.reduce((s, b) => s + Number(b.quantity), 0)).toBe(0)
    expect(left.reduce((s, b) => s + Number(b.reservedQuantity), 0)).toBe(0)
    // Nothing left to allocate for the backorder: refused with the reason, it stays SUBMITTED.
    const none = await orderAct(backorder, 'allocate', { backorder: true })
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toMatch(/No stock at all/)
  })

  it('every page that allocates an outbound order offers the backorder choice the messages point to', () => {
    const dir = join(process.cwd(), 'schemas/pages/winv')
    const offered: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.page.json'))) {
      const text = readFileSync(join(dir, file), 'utf8')
      const actions: Row[] = []
      JSON.parse(text, (_key, value: unknown) => {
        const row = value as Row
        if (row && typeof row === 'object' && (typeof row.path === 'string' || row.transition))
          actions.push(row)
        return value
      })
      // written in full, or naming the outbound order's allocate transition (its path comes from the model)
      const allocates = (a: Row) =>
        a.transition === 'allocate' || /\/outbound-orders\/\{\w+\}\/allocate$/.test(String(a.path))
      for (const action of actions.filter(allocates)) {
        expect(
          action.dialog?.fields?.backorder,
          `${file}: allocate without the backorder choice`,
        ).toBeTruthy()
        offered.push(file)
      }
    }
    expect(offered.length).toBeGreaterThanOrEqual(4)
  })
})

describe('wave release', () => {
  it('releases the orders it can, in part with a backorder, and reports the ones it left out with why', async () => {
    const goods = await newGoods('FS-WAVE', ids.ownerA)
    const empty = await newGoods('FS-NONE', ids.ownerA)
    const { order: receipt } = await inbound(goods, [{ quantity: 5, to: ids.y }])
    expect((await inboundAct(receipt.inboundOrderId, 'receive')).statusCode).toBe(200)
    expect((await inboundAct(receipt.inboundOrderId, 'putaway')).statusCode).toBe(200)
    const mould = (
      await call('admin', 'POST', `${api}/wave-moulds`, {
        mouldCode: 'FS-WAVE',
        mouldName: 'Floor wave',
        warehouseId: ids.warehouse,
        orderType: 'PROCUREMENT',
        maxOrders: 10,
      })
    ).json()
    const newWave = async () =>
      (
        await call('admin', 'POST', `${api}/wave-orders`, {
          mouldId: mould.mouldId,
          warehouseId: ids.warehouse,
        })
      ).json() as Promise<Row>
    const release = async (wave: Row) =>
      call('admin', 'POST', `${api}/wave-orders/${wave.waveId}/release`, wave)

    // Only an order without stock: nothing released, the wave and the order as they were.
    const lonely = await outbound(empty, 2, { orderType: 'PROCUREMENT' })
    const refusedWave = await newWave()
    const refused = await release(refusedWave)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(new RegExp(`${lonely.orderNum}: left out`))
    expect((await get(`${api}/wave-orders/${refusedWave.waveId}`)).waveStatus).toBe('NEW')
    expect(await get(`${api}/outbound-orders/${lonely.outboundOrderId}`)).toMatchObject({
      orderStatus: 'SUBMITTED',
      waveId: null,
    })

    const full = await outbound(goods, 2, { orderType: 'PROCUREMENT' })
    const partly = await outbound(goods, 4, { orderType: 'PROCUREMENT' })
    const wave = await newWave()
    const released = await release(wave)
    expect(released.statusCode, released.body).toBe(200)
    expect(released.json()).toMatchObject({ waveStatus: 'RELEASED', orderCount: 2, leftOutCount: 1 })
    const note = String(released.json().releaseNote)
    expect(note).toMatch(new RegExp(`${lonely.orderNum}: left out, still SUBMITTED\\. No stock at all`))
    expect(note).toMatch(new RegExp(`${partly.orderNum}: released in part \\(allocated FS-WAVE 3 of 4\\)`))
    const inWave: Row[] = (await get(`${api}/outbound-orders?waveId=${wave.waveId}&size=10`)).content
    expect(inWave.map((o) => [o.orderNum, o.orderStatus, Number(o.totalQuantity)]).sort()).toEqual(
      [
        [full.orderNum, 'ALLOCATED', 2],
        [partly.orderNum, 'ALLOCATED', 3],
      ].sort(),
    )
    const backorderNum = inWave.find((o) => o.orderNum === partly.orderNum)!.backorderNum as string
    expect(note).toMatch(new RegExp(`backorder ${backorderNum}`))
    expect((await get(`${api}/outbound-orders?orderNum=${backorderNum}`)).content[0]).toMatchObject({
      orderStatus: 'SUBMITTED',
      totalQuantity: 1,
      waveId: null,
    })
    expect(await get(`${api}/outbound-orders/${lonely.outboundOrderId}`)).toMatchObject({
      orderStatus: 'SUBMITTED',
      waveId: null,
    })
    const stock = await balances(goods)
    expect(stock.reduce((s, b) => s + Number(b.reservedQuantity), 0)).toBe(5)
  })
})

describe('concurrency', () => {
  it('two clerks allocating the last unexpired unit at once: one wins, the other gets 409, stock never below zero', async () => {
    const goods = await newGoods('FS-LAST', ids.ownerA, {
      batchManagedFlag: 1,
      expiryManagedFlag: 1,
      removalStrategy: 'FEFO',
    })
    await receiveLots(goods, [
      { batchCode: 'OK-1', quantity: 1, to: ids.x, expiryDate: await day(30) },
      { batchCode: 'OLD-1', quantity: 3, to: ids.y, expiryDate: await day(-2) },
    ])
    for (const backorder of [false, true]) {
      const orders = [await outbound(goods, 1), await outbound(goods, 1)]
      const answers = await Promise.all([
        orderAct(orders[0]!, 'allocate', { backorder }, 'admin'),
        orderAct(orders[1]!, 'allocate', { backorder }, 'clerk'),
      ])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
      const stock = await balances(goods)
      for (const balance of stock) {
        expect(Number(balance.quantity)).toBeGreaterThanOrEqual(0)
        expect(Number(balance.reservedQuantity)).toBeLessThanOrEqual(Number(balance.quantity))
      }
      expect(stock.find((b) => b.batchCode === 'OLD-1' && b.locationId === ids.y)).toMatchObject({
        reservedQuantity: 0,
      })
      // Free the unit for the second round.
      const winner = orders[answers.findIndex((a) => a.statusCode === 200)]!
      expect(
        (await orderAct(await get(`${api}/outbound-orders/${winner.outboundOrderId}`), 'cancel')).statusCode,
      ).toBe(200)
    }
  })
})

describe('who and when', () => {
  it('every stock move and receipt record of these flows names its user and time, on the ledger screens too', async () => {
    const moves = await sql<{ n: number; bad: number }>`select count(*)::int as n,
        count(*) filter (where operator_id is null or operator_name is null or transaction_date is null)::int as bad
      from winv_stock_transaction where transaction_id > ${firstMove}`.execute(app.db)
    expect(moves.rows[0]!.n).toBeGreaterThan(20)
    expect(moves.rows[0]!.bad).toBe(0)
    const records = await sql<{ n: number; bad: number }>`select count(*)::int as n,
        count(*) filter (where operator_id is null or operator_name is null or record_date is null)::int as bad
      from winv_inbound_receipt_record where receipt_record_id > ${firstRecord}`.execute(app.db)
    expect(records.rows[0]!.n).toBeGreaterThan(5)
    expect(records.rows[0]!.bad).toBe(0)
    const clerk = (
      await sql<{ id: number; realName: string }>`select id, real_name from iam_user
      where login_name = 'clerk'`.execute(app.db)
    ).rows[0]!
    const ledger: Row[] = (await get(`${api}/stock-transactions?operatorId=${clerk.id}&size=5`)).content
    expect(ledger.length).toBeGreaterThan(0)
    for (const row of ledger)
      expect(row).toMatchObject({ operatorName: clerk.realName, transactionDate: expect.any(String) })
    const receipts: Row[] = (await get(`${api}/inbound-receipt-records?operatorId=${clerk.id}&size=5`))
      .content
    for (const row of receipts)
      expect(row).toMatchObject({ operatorName: clerk.realName, recordDate: expect.any(String) })
    // Every ledger screen (a list over the stock ledger) and the receipt record screen show both columns.
    const dir = join(process.cwd(), 'schemas/pages/winv')
    let screens = 0
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.page.json'))) {
      const page = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Row
      const model = page.dataSource?.model
      const when = { 'wms/stock-transaction': 'transactionDate', 'wms/inbound-receipt-record': 'recordDate' }[
        String(model)
      ]
      if (page.kind !== 'list' || !when) continue
      const columns = (page.table.columns as Row[]).map((c) => c.field)
      expect(columns, file).toEqual(expect.arrayContaining(['operatorName', when]))
      screens += 1
    }
    expect(screens).toBeGreaterThanOrEqual(5)
  })
})
