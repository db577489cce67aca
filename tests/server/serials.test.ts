/**
 * Serial-tracked units through the outbound order (server/modules/outbound/order-stock.ts, winv/serials.ts):
 * a pick names the units that leave (unknown or not-in-stock ones refused), ship marks them SHIPPED, cancel
 * puts picked units back IN_STOCK, every change is logged in wms/serialTransaction in the step's transaction,
 * and a refused step leaves units and log untouched.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let token: string
const api = '/api/wms/v1/1'
const orders = `${api}/outbound-orders`
let warehouseId: number
let goods: Row // SKU00016: serial tracked, opening stock with serial units in WH-E001

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
  warehouseId = (await get(`${api}/warehouses?warehouseCode=WH-E001`)).content[0].warehouseId
  goods = (await get(`${api}/goods?goodsCode=SKU00016`)).content[0]
  expect(goods.serialManagedFlag).toBe(1)
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)
const get = async (url: string) => (await call('GET', url)).json()
const act = async (row: Row, action: string, extra: Row = {}) => {
  const current = await get(`${orders}/${row.outboundOrderId}`)
  return call('POST', `${orders}/${row.outboundOrderId}/${action}`, { ...current, ...extra })
}
async function step(row: Row, action: string, extra: Row = {}) {
  const response = await act(row, action, extra)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Row
}

async function allocatedOrder(quantities: number[]) {
  const response = await call('POST', `${orders}/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId,
      ownerId: goods.ownerId,
      customerName: 'Serial customer',
      receiverName: 'Li',
      receiverPhone: '13800000001',
      receiverAddress: 'Road 2',
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: quantities.map((quantity, i) => ({
          _status: 'create',
          lineNum: i + 1,
          goodsId: goods.goodsId,
          goodsCode: goods.goodsCode,
          quantity,
        })),
      },
    ],
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  const order = await step(await step(response.json().header, 'submit'), 'allocate')
  const lines: Row[] = (await get(`${api}/outbound-lines?outboundOrderId=${order.outboundOrderId}&size=20`))
    .content
  const tasks: Row[] = (await get(`${api}/outbound-tasks?outboundOrderId=${order.outboundOrderId}&size=20`))
    .content
  return { order, lines: lines.sort((a, b) => a.lineNum - b.lineNum), tasks }
}

/** In-stock units where the tasks of `lineId` take from, one per unit, skipping `skip`. */
async function unitsFor(tasks: Row[], lineId: number, skip: string[] = []): Promise<string[]> {
  const chosen: string[] = []
  for (const task of tasks.filter((t) => t.outboundLineId === lineId)) {
    const units: Row[] = (
      await get(
        `${api}/serial-numbers?goodsId=${goods.goodsId}&locationId=${task.locationId}&serialStatus=IN_STOCK&size=100`,
      )
    ).content
    chosen.push(
      ...units
        .map((u) => u.serialNumber as string)
        .filter((s) => !skip.includes(s) && !chosen.includes(s))
        .slice(0, Number(task.quantity)),
    )
  }
  return chosen
}
const unit = async (serialNumber: string) =>
  (await get(`${api}/serial-numbers?goodsId=${goods.goodsId}&serialNumber=${serialNumber}`)).content.find(
    (u: Row) => u.serialNumber === serialNumber,
  ) as Row
const history = async (serialNumber: string): Promise<Row[]> =>
  (await get(`${api}/serial-transactions?serialNumber=${serialNumber}&sort=serialTransactionId,asc&size=50`))
    .content

describe('serial numbers through the outbound order', () => {
  it('pick names the units, ship marks them SHIPPED, and each change is logged with document and user', async () => {
    const { order, lines, tasks } = await allocatedOrder([2])
    const lineId = lines[0]!.outboundLineId as number

    const none = await act(order, 'pick')
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toMatch(/serial tracked: name the 2 serial numbers/)

    const unknown = await act(order, 'pick', {
      lines: [{ outboundLineId: lineId, serialNumbers: ['NO-SUCH-UNIT', 'NO-SUCH-UNIT-2'] }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/NO-SUCH-UNIT, NO-SUCH-UNIT-2 is not a known unit of SKU00016/)

    const stray = await act(order, 'pick', { lines: [{ outboundLineId: 999999, serialNumbers: ['X'] }] })
    expect(stray.statusCode).toBe(400)

    const serials = await unitsFor(tasks, lineId)
    expect(serials).toHaveLength(2)
    const picked = await step(order, 'pick', { lines: [{ outboundLineId: lineId, serialNumbers: serials }] })
    expect(picked.orderStatus).toBe('PICKED')
    for (const s of serials)
      expect(await unit(s)).toMatchObject({
        serialStatus: 'PICKED',
        outboundOrderId: order.outboundOrderId,
        outboundOrderNum: order.orderNum,
      })

    // a unit held by this order cannot leave with another one
    const other = await allocatedOrder([1])
    const taken = await act(other.order, 'pick', {
      lines: [{ outboundLineId: other.lines[0]!.outboundLineId, serialNumbers: [serials[0]] }],
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toContain(`${serials[0]} (PICKED)`)
    await step(other.order, 'cancel')

    const shipped = await step(await step(picked, 'pack', { weight: 1 }), 'ship')
    expect(shipped.orderStatus).toBe('SHIPPED')
    for (const s of serials) {
      expect((await unit(s)).serialStatus).toBe('SHIPPED')
      const log = await history(s)
      // the unit's whole life: opening stock (the seeded orders may have moved it since), then this order
      expect(log[0]).toMatchObject({ fromStatus: null, toStatus: 'IN_STOCK', docType: 'OPENING' })
      expect(log.slice(-2).map((r) => [r.fromStatus, r.toStatus, r.docType, r.docNum])).toEqual([
        ['IN_STOCK', 'PICKED', 'PICK', order.orderNum],
        ['PICKED', 'SHIPPED', 'OUTBOUND', order.orderNum],
      ])
      expect(log.at(-1)).toMatchObject({
        docNum: order.orderNum,
        docId: order.outboundOrderId,
        warehouseId,
        operatorName: expect.any(String),
        transactionDate: expect.any(String),
      })
      expect(log.at(-1)!.operatorId).toBeGreaterThan(0)
    }
    const shippedAgain = await allocatedOrder([1])
    const gone = await act(shippedAgain.order, 'pick', {
      lines: [{ outboundLineId: shippedAgain.lines[0]!.outboundLineId, serialNumbers: [serials[1]] }],
    })
    expect(gone.statusCode).toBe(409)
    expect(gone.json().message).toMatch(/\(SHIPPED\).*not in stock/)
    await step(shippedAgain.order, 'cancel')

    // a return books the units back in stock
    await step(shipped, 'return', { returnReason: 'wrong size' })
    expect((await unit(serials[0]!)).serialStatus).toBe('IN_STOCK')
    expect((await history(serials[0]!)).at(-1)).toMatchObject({
      fromStatus: 'SHIPPED',
      toStatus: 'IN_STOCK',
      docType: 'RETURN',
    })
  })

  it('a refused pick rolls the units back too: no status change, no log row', async () => {
    const { order, lines, tasks } = await allocatedOrder([1, 1])
    const first = await unitsFor(tasks, lines[0]!.outboundLineId)
    const before = await history(first[0]!)
    const refused = await act(order, 'pick', {
      lines: [
        { outboundLineId: lines[0]!.outboundLineId, serialNumbers: first },
        { outboundLineId: lines[1]!.outboundLineId, serialNumbers: ['NOT-A-UNIT'] },
      ],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/NOT-A-UNIT is not a known unit/)
    expect((await unit(first[0]!)).serialStatus).toBe('IN_STOCK')
    expect(await history(first[0]!)).toEqual(before)
    expect((await get(`${orders}/${order.outboundOrderId}`)).orderStatus).toBe('ALLOCATED')

    // cancel after a pick: the units go back IN_STOCK, logged as a release
    const second = await unitsFor(tasks, lines[1]!.outboundLineId, first)
    await step(order, 'pick', {
      lines: [
        { outboundLineId: lines[0]!.outboundLineId, serialNumbers: first },
        { outboundLineId: lines[1]!.outboundLineId, serialNumbers: second },
      ],
    })
    expect((await unit(second[0]!)).serialStatus).toBe('PICKED')
    await step(order, 'cancel')
    expect(await unit(second[0]!)).toMatchObject({ serialStatus: 'IN_STOCK', outboundOrderId: null })
    expect((await history(second[0]!)).at(-1)).toMatchObject({
      fromStatus: 'PICKED',
      toStatus: 'IN_STOCK',
      docType: 'OUTBOUND_RELEASE',
    })
  })

  it('refuses serial numbers for a line whose goods are not serial tracked', async () => {
    const plain = (await get(`${api}/goods?goodsCode=SKU00003`)).content[0]
    const response = await call('POST', `${orders}/with-lines`, {
      header: {
        orderType: 'NORMAL',
        warehouseId,
        ownerId: plain.ownerId,
        customerName: 'Plain',
        receiverName: 'Li',
        receiverPhone: '13800000001',
        receiverAddress: 'Road 2',
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
              goodsId: plain.goodsId,
              goodsCode: plain.goodsCode,
              quantity: 1,
            },
          ],
        },
      ],
    })
    const order = await step(await step(response.json().header, 'submit'), 'allocate')
    const [line] = (await get(`${api}/outbound-lines?outboundOrderId=${order.outboundOrderId}`)).content
    const refused = await act(order, 'pick', {
      lines: [{ outboundLineId: line.outboundLineId, serialNumbers: ['SN-1'] }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/not serial tracked/)
  })
})

describe('what a pick must name (pick-serials)', () => {
  it('lists the serial-tracked lines to pick with their units in stock, and nothing once picked', async () => {
    const { order, lines, tasks } = await allocatedOrder([2, 1])
    const response = await call('GET', `${orders}/${order.outboundOrderId}/pick-serials`)
    expect(response.statusCode, response.body).toBe(200)
    const listed: Row[] = response.json().lines
    expect(listed.map((l) => [l.outboundLineId, l.orderNum, l.lineNum, l.goodsCode, l.quantity])).toEqual(
      lines.map((l) => [l.outboundLineId, order.orderNum, l.lineNum, 'SKU00016', Number(l.quantity)]),
    )
    expect(listed[0]!.places.reduce((sum: number, p: Row) => sum + p.quantity, 0)).toBe(2)
    // the units the pick may name are offered, and only units in stock
    const first = await unitsFor(tasks, lines[0]!.outboundLineId)
    const second = await unitsFor(tasks, lines[1]!.outboundLineId, first)
    for (const s of first) expect(listed[0]!.inStock).toContain(s)
    for (const s of second) expect(listed[1]!.inStock).toContain(s)
    for (const s of listed[0]!.inStock) expect((await unit(s)).serialStatus).toBe('IN_STOCK')

    await step(order, 'pick', {
      lines: [
        { outboundLineId: lines[0]!.outboundLineId, serialNumbers: first },
        { outboundLineId: lines[1]!.outboundLineId, serialNumbers: second },
      ],
    })
    expect((await get(`${orders}/${order.outboundOrderId}/pick-serials`)).lines).toEqual([])
    // another order of the same goods is no longer offered the picked units
    const other = await allocatedOrder([1])
    const offered: string[] = (await get(`${orders}/${other.order.outboundOrderId}/pick-serials`)).lines[0]
      .inStock
    for (const s of [...first, ...second]) expect(offered).not.toContain(s)
    await step(other.order, 'cancel')
    await step(order, 'cancel')
  })

  it('an order of plain goods needs no serial numbers; an unknown order is 404 with the reason', async () => {
    const plain = (await get(`${api}/goods?goodsCode=SKU00003`)).content[0]
    const created = await call('POST', `${orders}/with-lines`, {
      header: {
        orderType: 'NORMAL',
        warehouseId,
        ownerId: plain.ownerId,
        customerName: 'Plain',
        receiverName: 'Li',
        receiverPhone: '13800000001',
        receiverAddress: 'Road 2',
      },
      lines: [
        {
          key: 'lines',
          resource: 'outbound-lines',
          parentField: 'outboundOrderId',
          rows: [{ _status: 'create', lineNum: 1, goodsId: plain.goodsId, quantity: 1 }],
        },
      ],
    })
    const order = await step(await step(created.json().header, 'submit'), 'allocate')
    expect((await get(`${orders}/${order.outboundOrderId}/pick-serials`)).lines).toEqual([])
    await step(order, 'cancel')

    const missing = await call('GET', `${orders}/999999/pick-serials`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'error.not_found' })
    expect(missing.json().message).toMatch(/Outbound order 999999 does not exist/)
    const wave = await call('GET', `${api}/wave-orders/999999/pick-serials`)
    expect(wave.statusCode).toBe(404)
    expect((await call('GET', `${orders}/abc/pick-serials`)).statusCode).toBe(400)
  })

  it("a clerk without the order's owner granted does not see what it holds (404), with it granted does", async () => {
    const { order } = await allocatedOrder([1])
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    const asClerk = (url: string) => injectAs(app, clerk, 'GET', url)
    const hidden = await asClerk(`${orders}/${order.outboundOrderId}/pick-serials`)
    expect(hidden.statusCode).toBe(404)
    const grant = await call('POST', `${api}/user-owners`, {
      userId: 3,
      loginName: 'clerk',
      ownerId: goods.ownerId,
      ownerCode: 'OWN-C',
    })
    expect(grant.statusCode, grant.body).toBe(201)
    try {
      const seen = await asClerk(`${orders}/${order.outboundOrderId}/pick-serials`)
      expect(seen.statusCode, seen.body).toBe(200)
      expect(seen.json().lines).toHaveLength(1)
    } finally {
      await call('DELETE', `${api}/user-owners`, grant.json())
      await step(order, 'cancel')
    }
  })
})
