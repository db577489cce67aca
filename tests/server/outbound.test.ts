/**
 * Outbound orders (server/modules/outbound): every lifecycle step allowed and refused, the stock and the ledger
 * after allocate / ship / cancel / intercept / return, two clerks allocating the same last stock at once, a
 * failed step rolling back completely, waves, packs, the dealer order shipping with its outbound order and the
 * dealer seeing only their own orders.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
const tokens: Record<string, string> = {}
const api = '/api/wms/v1/1'
const orders = `${api}/outbound-orders`
let warehouseId: number
let goods: Row // a goods of owner OWN-A with stock in WH-E001

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  warehouseId = (await get(`${api}/warehouses?warehouseCode=WH-E001`)).content[0].warehouseId
  goods = (await get(`${api}/goods?goodsCode=SKU00003`)).content[0]
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const get = async (url: string) => (await call('admin', 'GET', url)).json()
const act = (row: Row, action: string, extra: Row = {}, user = 'admin') =>
  call(user, 'POST', `${orders}/${row.outboundOrderId}/${action}`, { ...row, ...extra })

/** On hand / reserved of the goods summed over the warehouse. */
async function stockOf(goodsId = goods.goodsId) {
  const rows: Row[] = (await get(`${api}/stocks?warehouseId=${warehouseId}&goodsId=${goodsId}&size=100`))
    .content
  const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key]), 0)
  return { quantity: sum('quantity'), reserved: sum('reservedQuantity'), locked: sum('lockedQuantity') }
}
const ledger = async (orderNum: string): Promise<Row[]> =>
  (await get(`${api}/stock-transactions?docNum=${orderNum}&size=100`)).content

async function newOrder(quantity: number, extra: Row = {}, user = 'admin') {
  const response = await call(user, 'POST', `${orders}/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId,
      ownerId: goods.ownerId,
      customerName: 'Test customer',
      receiverName: 'Wang',
      receiverPhone: '13800000000',
      receiverAddress: 'Road 1',
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
  return response.json().header as Row
}

async function step(row: Row, action: string, extra: Row = {}) {
  const response = await act(row, action, extra)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Row
}

describe('outbound order lifecycle', () => {
  it('numbers a new order and walks NEW → SUBMITTED → ALLOCATED → PICKED → PACKED → SHIPPED with the stock', async () => {
    const before = await stockOf()
    let order = await newOrder(3)
    expect(order.orderNum).toMatch(/^OUT\d{13}$/)
    expect(order.orderStatus).toBe('NEW')
    order = await step(order, 'submit')
    expect(order).toMatchObject({ orderStatus: 'SUBMITTED', totalQuantity: 3 })
    order = await step(order, 'allocate')
    expect(order.orderStatus).toBe('ALLOCATED')
    expect(await stockOf()).toEqual({ ...before, reserved: before.reserved + 3 })
    const tasks: Row[] = (await get(`${api}/outbound-tasks?outboundOrderId=${order.outboundOrderId}`)).content
    expect(tasks.reduce((s, t) => s + Number(t.quantity), 0)).toBe(3)
    expect(tasks.every((t) => t.taskStatus === 'OPEN')).toBe(true)
    order = await step(order, 'pick')
    const refusedPack = await act(order, 'pack', { weight: 0 })
    expect(refusedPack.statusCode).toBe(400)
    expect(refusedPack.json().message).toMatch(/weight/)
    const noGoodsWeight = await step(await step(await step(await newOrder(1), 'submit'), 'allocate'), 'pick')
    const weighed = await step(noGoodsWeight, 'pack') // theoretical weight of the goods
    expect(weighed.totalWeight).toBeGreaterThan(0)
    await step(weighed, 'cancel')
    order = await step(order, 'pack', { weight: 4.5, packageCount: 2 })
    expect(order).toMatchObject({ orderStatus: 'PACKED', totalWeight: 4.5, packageCount: 2 })
    const packs: Row[] = (await get(`${api}/outbound-packs?outboundOrderId=${order.outboundOrderId}`)).content
    expect(packs.map((p) => p.packStatus)).toEqual(['PACKED', 'PACKED'])
    order = await step(order, 'ship')
    expect(order.orderStatus).toBe('SHIPPED')
    expect(order.shippedDate).toBeTruthy()
    expect(await stockOf()).toEqual({ ...before, quantity: before.quantity - 3 })
    const log = await ledger(order.orderNum)
    const outbound = log.filter((r) => r.docType === 'OUTBOUND')
    expect(outbound.reduce((s, r) => s + Number(r.quantityChange), 0)).toBe(-3)
    expect(outbound.reduce((s, r) => s + Number(r.reservedChange), 0)).toBe(-3)
    expect(log.filter((r) => r.docType === 'OUTBOUND_RESERVE').length).toBeGreaterThan(0)
    const shippedPacks: Row[] = (await get(`${api}/outbound-packs?outboundOrderId=${order.outboundOrderId}`))
      .content
    expect(shippedPacks.every((p) => p.packStatus === 'SHIPPED')).toBe(true)

    // return books the goods back where they left from
    order = await step(order, 'return', { returnReason: 'refused by the customer' })
    expect(order.orderStatus).toBe('RETURNED')
    expect(await stockOf()).toEqual(before)
    expect((await ledger(order.orderNum)).filter((r) => r.docType === 'RETURN').length).toBeGreaterThan(0)
  })

  it('refuses moves outside the transitions with 409 and changes nothing', async () => {
    const order = await newOrder(1)
    for (const action of ['allocate', 'pick', 'pack', 'ship', 'return', 'intercept']) {
      const response = await act(order, action, { weight: 1, interceptReason: 'x' })
      expect(response.statusCode, action).toBe(409)
      expect(response.json().message).toMatch(/is NEW/)
    }
    const submitted = await step(order, 'submit')
    expect((await act(submitted, 'ship')).statusCode).toBe(409)
    expect((await act(submitted, 'submit')).statusCode).toBe(409)
    const serverKept = [
      'waveId',
      'sortingPosition',
      'totalQuantity',
      'totalWeight',
      'packageCount',
      'shippedDate',
      'interceptReason',
    ]
    const editable = Object.fromEntries(
      Object.entries(submitted).filter(([key]) => !serverKept.includes(key)),
    )
    const edit = await call('admin', 'PUT', orders, { ...editable, remark: 'late' })
    expect(edit.statusCode, edit.body).toBe(409)
    // readOnly fields a client echoes back are ignored, never written
    const fresh = await newOrder(1)
    const echoed = await call('admin', 'PUT', orders, {
      ...fresh,
      totalQuantity: 999,
      waveId: 5,
      remark: 'ok',
    })
    expect(echoed.statusCode, echoed.body).toBe(200)
    // totalQuantity is the lines' sum (header.totals), never the echoed 999
    expect(echoed.json()).toMatchObject({ remark: 'ok', totalQuantity: 1, waveId: null })
  })

  it('changes lines only while the order is NEW', async () => {
    const order = await newOrder(1)
    const line = (await get(`${api}/outbound-lines?outboundOrderId=${order.outboundOrderId}`)).content[0]
    const whileNew = await call('admin', 'PUT', `${api}/outbound-lines`, { ...line, quantity: 2 })
    expect(whileNew.statusCode, whileNew.body).toBe(200)
    await step(await get(`${orders}/${order.outboundOrderId}`), 'submit')
    const late = await call('admin', 'PUT', `${api}/outbound-lines`, {
      ...(whileNew.json() as Row),
      quantity: 5,
    })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toMatch(/lines can be changed only while NEW/)
    const added = await call('admin', 'POST', `${api}/outbound-lines`, {
      outboundOrderId: order.outboundOrderId,
      goodsId: goods.goodsId,
      quantity: 1,
    })
    expect(added.statusCode).toBe(409)
    const removed = await call('admin', 'DELETE', `${api}/outbound-lines`, whileNew.json())
    expect(removed.statusCode).toBe(409)
  })

  it('refuses to submit an order without lines', async () => {
    const response = await call('admin', 'POST', orders, {
      orderType: 'NORMAL',
      warehouseId,
      ownerId: goods.ownerId,
      customerName: 'No lines',
      receiverName: 'Li',
      receiverPhone: '1',
      receiverAddress: 'x',
    })
    const refused = await act(response.json(), 'submit')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/no lines/)
  })

  it('cancel releases every reservation and logs it', async () => {
    const before = await stockOf()
    let order = await step(await newOrder(2), 'submit')
    order = await step(order, 'allocate')
    order = await step(order, 'pick')
    expect((await stockOf()).reserved).toBe(before.reserved + 2)
    order = await step(order, 'cancel')
    expect(order.orderStatus).toBe('CANCELLED')
    expect(await stockOf()).toEqual(before)
    const released = (await ledger(order.orderNum)).filter((r) => r.docType === 'OUTBOUND_RELEASE')
    expect(released.reduce((s, r) => s + Number(r.reservedChange), 0)).toBe(-2)
    const tasks: Row[] = (await get(`${api}/outbound-tasks?outboundOrderId=${order.outboundOrderId}`)).content
    expect(tasks.every((t) => t.taskStatus === 'CANCELLED')).toBe(true)
    expect((await act(order, 'cancel')).statusCode).toBe(409)
  })

  it('intercept stops a packed order and releases its stock', async () => {
    const before = await stockOf()
    let order = await step(await newOrder(1), 'submit')
    order = await step(order, 'allocate')
    order = await step(order, 'pick')
    order = await step(order, 'pack', { weight: 1 })
    order = await step(order, 'intercept', { interceptReason: 'address wrong' })
    expect(order).toMatchObject({ orderStatus: 'INTERCEPTED', interceptReason: 'address wrong' })
    expect(await stockOf()).toEqual(before)
    const packs: Row[] = (await get(`${api}/outbound-packs?outboundOrderId=${order.outboundOrderId}`)).content
    expect(packs.every((p) => p.packStatus === 'UNPACKED')).toBe(true)
  })

  it('a short allocation is refused with 409 and changes nothing; allowPartial ends PARTIAL', async () => {
    const before = await stockOf()
    const available = before.quantity - before.reserved - before.locked
    const order = await step(await newOrder(available + 5), 'submit')
    const refused = await act(order, 'allocate')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/Not enough stock/)
    expect(await stockOf()).toEqual(before)
    expect((await ledger(order.orderNum)).length).toBe(0)
    expect((await get(`${orders}/${order.outboundOrderId}`)).orderStatus).toBe('SUBMITTED')
    const partial = await step(order, 'allocate', { allowPartial: true })
    expect(partial.orderStatus).toBe('PARTIAL')
    expect((await stockOf()).reserved).toBe(before.reserved + available)
    await step(partial, 'cancel')
    expect(await stockOf()).toEqual(before)
  })

  it('two clerks allocating the same last stock at once: exactly one wins, the other gets 409', async () => {
    const other = (await get(`${api}/goods?goodsCode=SKU00005`)).content[0]
    const before = await stockOf(other.goodsId)
    const available = before.quantity - before.reserved - before.locked
    const make = async () => {
      const response = await call('admin', 'POST', `${orders}/with-lines`, {
        header: {
          orderType: 'NORMAL',
          warehouseId,
          ownerId: other.ownerId,
          customerName: 'Race',
          receiverName: 'R',
          receiverPhone: '1',
          receiverAddress: 'r',
        },
        lines: [
          {
            key: 'lines',
            resource: 'outbound-lines',
            parentField: 'outboundOrderId',
            rows: [{ _status: 'create', goodsId: other.goodsId, quantity: available }],
          },
        ],
      })
      return step(response.json().header, 'submit')
    }
    const [a, b] = [await make(), await make()]
    const results = await Promise.all([act(a, 'allocate', {}, 'admin'), act(b, 'allocate', {}, 'clerk')])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const after = await stockOf(other.goodsId)
    expect(after.reserved).toBe(before.reserved + available)
    expect(after.quantity - after.reserved).toBe(0)
    const loser = results[0]!.statusCode === 409 ? a : b
    expect((await get(`${orders}/${loser.outboundOrderId}`)).orderStatus).toBe('SUBMITTED')
    expect((await ledger(loser.orderNum)).length).toBe(0)
    // release again for the other tests
    const winner = loser === a ? b : a
    await step(await get(`${orders}/${winner.outboundOrderId}`), 'cancel')
  })

  it('two clerks picking the same order at once: exactly one wins, the other gets 409, the stock moves once', async () => {
    const before = await stockOf()
    const order = await step(await step(await newOrder(2), 'submit'), 'allocate')
    const results = await Promise.all([act(order, 'pick', {}, 'admin'), act(order, 'pick', {}, 'clerk')])
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBeTruthy()
    const picked = await get(`${orders}/${order.outboundOrderId}`)
    expect(picked.orderStatus).toBe('PICKED')
    const lines: Row[] = (await get(`${api}/outbound-lines?outboundOrderId=${order.outboundOrderId}`)).content
    expect(lines.map((l) => Number(l.pickedQuantity))).toEqual([2])
    const shipped = await step(await step(picked, 'pack', { weight: 1, packageCount: 1 }), 'ship')
    expect(await stockOf()).toEqual({ ...before, quantity: before.quantity - 2 })
    const outbound = (await ledger(shipped.orderNum)).filter((r) => r.docType === 'OUTBOUND')
    expect(outbound.reduce((sum, r) => sum + Number(r.quantityChange), 0)).toBe(-2)
  })

  it('guards the actions with their permission codes', async () => {
    const order = await step(await newOrder(1), 'submit')
    const byDealer = await act(order, 'allocate', {}, 'jxs')
    expect(byDealer.statusCode).toBe(403)
    // a dealer sees their own dealer orders, not the warehouse's outbound documents
    expect((await call('jxs', 'GET', orders)).statusCode).toBe(403)
    expect((await call('jxs', 'GET', `${api}/outbound-tasks`)).statusCode).toBe(403)
    expect((await call('clerk', 'GET', orders)).statusCode).toBe(200)
  })
})

describe('waves and packs', () => {
  it('releases a wave: takes the matching SUBMITTED orders, numbers sorting positions and allocates them', async () => {
    const mould = (
      await call('admin', 'POST', `${api}/wave-moulds`, {
        mouldCode: 'TEST-WAVE',
        mouldName: 'Test',
        warehouseId,
        orderType: 'PROCUREMENT',
        maxOrders: 2,
      })
    ).json()
    const emptyWave = (
      await call('admin', 'POST', `${api}/wave-orders`, { mouldId: mould.mouldId, warehouseId })
    ).json()
    const empty = await call('admin', 'POST', `${api}/wave-orders/${emptyWave.waveId}/release`, emptyWave)
    expect(empty.statusCode).toBe(409)
    expect(empty.json().message).toMatch(/No SUBMITTED order/)
    for (let i = 0; i < 3; i += 1) await step(await newOrder(1, { orderType: 'PROCUREMENT' }), 'submit')
    const wave = (
      await call('admin', 'POST', `${api}/wave-orders`, { mouldId: mould.mouldId, warehouseId })
    ).json()
    expect(wave).toMatchObject({ waveStatus: 'NEW' })
    expect(wave.waveNum).toMatch(/^WAVE/)
    const released = await call('admin', 'POST', `${api}/wave-orders/${wave.waveId}/release`, wave)
    expect(released.statusCode, released.body).toBe(200)
    expect(released.json()).toMatchObject({ waveStatus: 'RELEASED', orderCount: 2, totalQuantity: 2 })
    const inWave: Row[] = (await get(`${orders}?waveId=${wave.waveId}`)).content
    expect(inWave.map((o) => o.orderStatus)).toEqual(['ALLOCATED', 'ALLOCATED'])
    expect(inWave.map((o) => o.sortingPosition).sort()).toEqual([1, 2])
    const picked = await call('admin', 'POST', `${api}/wave-orders/${wave.waveId}/pick`, released.json())
    expect(picked.json().waveStatus).toBe('PICKED')
    expect(
      ((await get(`${orders}?waveId=${wave.waveId}`)).content as Row[]).every(
        (o) => o.orderStatus === 'PICKED',
      ),
    ).toBe(true)
  })

  it('loads a pack only with a load number and cannot unpack a shipped one', async () => {
    let order = await step(await newOrder(1), 'submit')
    order = await step(await step(order, 'allocate'), 'pick')
    order = await step(order, 'pack', { weight: 2 })
    const [pack] = (await get(`${api}/outbound-packs?outboundOrderId=${order.outboundOrderId}`))
      .content as Row[]
    const noLoad = await call('admin', 'POST', `${api}/outbound-packs/${pack!.packId}/load`, pack)
    expect(noLoad.statusCode).toBe(400)
    const loaded = await call('admin', 'POST', `${api}/outbound-packs/${pack!.packId}/load`, {
      ...pack,
      loadNum: 'TRUCK-1',
    })
    expect(loaded.json()).toMatchObject({ packStatus: 'LOADED', loadNum: 'TRUCK-1' })
    await step(order, 'ship')
    const shipped = (await get(`${api}/outbound-packs/${pack!.packId}`)) as Row
    expect(shipped.packStatus).toBe('SHIPPED')
    expect(
      (await call('admin', 'POST', `${api}/outbound-packs/${pack!.packId}/unpack`, shipped)).statusCode,
    ).toBe(409)
  })

  it('recomputes the inventory forecast from the ledger', async () => {
    const response = await call('admin', 'POST', `${api}/inventory-forecasts/recompute`, { windowDays: 30 })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().rows).toBeGreaterThan(0)
    const rows: Row[] = (
      await get(`${api}/inventory-forecasts?goodsId=${goods.goodsId}&warehouseId=${warehouseId}`)
    ).content
    expect(rows[0]!.outboundQuantity).toBeGreaterThan(0)
    expect(rows[0]!.daysOfCover).toBeGreaterThan(0)
    expect(
      (await call('admin', 'POST', `${api}/inventory-forecasts/recompute`, { windowDays: 0 })).statusCode,
    ).toBe(400)
    expect((await call('jxs', 'POST', `${api}/inventory-forecasts/recompute`, {})).statusCode).toBe(403)
  })
})

describe('dealer orders', () => {
  it('a dealer order ships with its outbound order; the dealer sees only their own orders', async () => {
    const jxsOrders = `${api}/jxs-outbound-orders`
    const mine = (
      await call('jxs', 'POST', jxsOrders, {
        customerName: 'Dealer customer',
        receiverName: 'Z',
        receiverPhone: '13900000000',
        receiverAddress: 'Road 9',
      })
    ).json()
    const submitted = (await call('jxs', 'POST', `${jxsOrders}/${mine.outboundOrderId}/submit`, mine)).json()
    const listed: Row[] = (await call('jxs', 'GET', `${jxsOrders}?size=200`)).json().content
    const jxsUser = mine.createdBy
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.every((r) => r.createdBy === jxsUser)).toBe(true)
    const all: Row[] = (await get(`${jxsOrders}?size=200`)).content
    expect(all.some((r) => r.createdBy !== jxsUser)).toBe(true)
    const foreign = all.find((r) => r.createdBy !== jxsUser)!
    expect((await call('jxs', 'GET', `${jxsOrders}/${foreign.outboundOrderId}`)).statusCode).toBe(404)

    // the dealer's create page saves the order and its lines in one request
    const withLines = await call('jxs', 'POST', `${jxsOrders}/with-lines`, {
      header: { customerName: 'C', receiverName: 'R', receiverPhone: '13900000001', receiverAddress: 'A' },
      lines: [
        {
          key: 'lines',
          resource: 'jxs-outbound-lines',
          parentField: 'outboundOrderId',
          rows: [{ _status: 'create', lineNum: 1, itemCode: 'SKU00001', quantity: 3 }],
        },
      ],
    })
    expect(withLines.statusCode, withLines.body).toBeLessThan(300)
    const savedId = withLines.json().header.outboundOrderId
    const savedLines = (
      await call('jxs', 'GET', `${api}/jxs-outbound-lines?outboundOrderId=${savedId}`)
    ).json()
    expect(savedLines.content).toHaveLength(1)

    let order = await newOrder(1, { orderType: 'DEALER', jxsOrderId: submitted.outboundOrderId })
    order = await step(order, 'submit')
    const twice = await act(await newOrder(1, { jxsOrderId: submitted.outboundOrderId }), 'submit')
    expect(twice.statusCode).toBe(409)
    order = await step(await step(await step(order, 'allocate'), 'pick'), 'pack', { weight: 1 })
    // SHIPPED comes only through the documented transition, with the outbound order: on its own it is refused
    const early = await call('admin', 'POST', `${jxsOrders}/${mine.outboundOrderId}/ship`, {})
    expect(early.statusCode, early.body).toBe(409)
    expect(early.json().message).toMatch(/ships only with the outbound order made for it/)
    await step(order, 'ship')
    const shipped = (await call('jxs', 'GET', `${jxsOrders}/${mine.outboundOrderId}`)).json()
    expect(shipped.orderStatus).toBe('SHIPPED')
    expect(shipped.objectVersionNumber).toBe(submitted.objectVersionNumber + 1)
  })

  it('a clerk not granted the customer of a dealer order still ships the outbound order made for it', async () => {
    const jxsOrders = `${api}/jxs-outbound-orders`
    await sql`insert into iam_role_permission (role_id, code) values (4, 'winv.outboundOrder.button.ship')
      on conflict do nothing`.execute(app.db)
    const cus2 = (await get(`${api}/customers?customerCode=CUS-002`)).content[0]
    const created = (
      await call('admin', 'POST', jxsOrders, {
        customerId: cus2.customerId,
        customerName: cus2.customerName,
        receiverName: 'X',
        receiverPhone: '13900000003',
        receiverAddress: 'Road 11',
      })
    ).json()
    const submitted = (
      await call('admin', 'POST', `${jxsOrders}/${created.outboundOrderId}/submit`, created)
    ).json()
    expect(submitted.orderStatus).toBe('SUBMITTED')
    // the clerk (granted CUS-001 and CUS-003 only, and no dealer screen) does not see the dealer order …
    expect([403, 404]).toContain(
      (await call('clerk', 'GET', `${jxsOrders}/${created.outboundOrderId}`)).statusCode,
    )
    let order = await newOrder(1, { orderType: 'DEALER', jxsOrderId: submitted.outboundOrderId })
    order = await step(await step(await step(await step(order, 'submit'), 'allocate'), 'pick'), 'pack', {
      weight: 1,
    })
    // … yet shipping the outbound order (a typed customer: theirs) carries the dealer order to SHIPPED
    const shipped = await act(order, 'ship', {}, 'clerk')
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect((await get(`${jxsOrders}/${created.outboundOrderId}`)).orderStatus).toBe('SHIPPED')
  })

  it('a dealer cannot cancel a SUBMITTED order a live outbound order carries; after the warehouse cancels it, can', async () => {
    const jxsOrders = `${api}/jxs-outbound-orders`
    const created = (
      await call('jxs', 'POST', jxsOrders, {
        customerName: 'Dealer customer',
        receiverName: 'Y',
        receiverPhone: '13900000002',
        receiverAddress: 'Road 10',
      })
    ).json()
    const submitted = (
      await call('jxs', 'POST', `${jxsOrders}/${created.outboundOrderId}/submit`, created)
    ).json()
    expect(submitted.orderStatus).toBe('SUBMITTED')
    const outbound = await step(
      await newOrder(1, { orderType: 'DEALER', jxsOrderId: submitted.outboundOrderId }),
      'submit',
    )
    const refused = await call('jxs', 'POST', `${jxsOrders}/${submitted.outboundOrderId}/cancel`, submitted)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().message).toContain(
      `already on outbound order ${String(outbound.orderNum)} (SUBMITTED)`,
    )
    expect(refused.json().message).toMatch(/ask the warehouse to cancel or intercept/)
    expect((await call('jxs', 'GET', `${jxsOrders}/${submitted.outboundOrderId}`)).json().orderStatus).toBe(
      'SUBMITTED',
    )

    await step(outbound, 'cancel')
    const cancelled = await call('jxs', 'POST', `${jxsOrders}/${submitted.outboundOrderId}/cancel`, submitted)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().orderStatus).toBe('CANCELLED')
    // and the warehouse cannot ship against it any more
    const again = await act(await newOrder(1, { jxsOrderId: submitted.outboundOrderId }), 'submit')
    expect(again.statusCode).toBe(409)
  })
})

describe('document numbers come from the code rules', () => {
  it('refuses a number sent by the client (400 naming the field and the rule); an empty one is numbered', async () => {
    const body = (orderNum: unknown) => ({
      header: {
        orderType: 'NORMAL',
        warehouseId,
        ownerId: goods.ownerId,
        customerName: 'Numbers',
        receiverName: 'N',
        receiverPhone: '13800000009',
        receiverAddress: 'Road 2',
        orderNum,
      },
      lines: [],
    })
    const forged = await call('admin', 'POST', `${orders}/with-lines`, body('OUT-FORGED-1'))
    expect(forged.statusCode, forged.body).toBe(400)
    expect(forged.json().message).toMatch(
      /orderNum 'OUT-FORGED-1' cannot be chosen: .*code rule WINV\.OUTBOUND.*Leave orderNum empty/,
    )
    expect(forged.json().fields).toHaveProperty('orderNum')
    expect((await get(`${orders}?orderNum=OUT-FORGED-1`)).totalElements).toBe(0)

    // the plain create and batch-save refuse it too; a clerk is no exception
    const location = (await get(`${api}/locations?warehouseId=${warehouseId}&size=1`)).content[0]
    const plain = await call('clerk', 'POST', `${api}/inbound-orders`, {
      orderType: 'PURCHASE',
      warehouseId,
      ownerId: goods.ownerId,
      receivingLocationId: location.locationId,
      orderNum: 'RK-FORGED',
    })
    expect(plain.statusCode, plain.body).toBe(400)
    expect(plain.json().message).toMatch(/orderNum 'RK-FORGED' cannot be chosen/)
    const batch = await call('admin', 'POST', `${api}/stock-counts/batch-save`, [
      { _status: 'create', warehouseId, countType: 'FULL', countNum: 'PD-FORGED' },
    ])
    expect(batch.statusCode, batch.body).toBe(400)
    expect(batch.json().message).toMatch(/countNum 'PD-FORGED' cannot be chosen/)

    for (const empty of ['', null]) {
      const numbered = await call('admin', 'POST', `${orders}/with-lines`, body(empty))
      expect(numbered.statusCode, numbered.body).toBeLessThan(300)
      expect(numbered.json().header.orderNum).toMatch(/^[A-Z]+\d+/)
    }
  })
})
