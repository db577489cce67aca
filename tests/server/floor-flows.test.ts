/**
 * The warehouse floor's flows (issue 19; schemas/README.md "Floor flows"): pick lists in pick path order (the
 * locations' sequence, code order without one), cycle counts whose differences above a threshold need a second
 * person's approval (or a recount), and put-away suggestions with split put-away.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp, type WarehouseUser } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
const api = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'ownerA' | 'rcv' | 'x' | 'y' | 'z', number>

const get = async (url: string, user: WarehouseUser = 'admin') => {
  const response = await call(user, 'GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

async function newGoods(code: string, extra: Row = {}) {
  const response = await call('admin', 'POST', `${api}/goods`, {
    goodsCode: code,
    goodsName: `${code} name`,
    ownerId: ids.ownerA,
    uomCode: 'EA',
    weight: 1,
    ...extra,
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json() as Row
}

const inboundAct = async (id: number, action: string, body: Row = {}, user: WarehouseUser = 'clerk') => {
  const row = await get(`${api}/inbound-orders/${id}`)
  return call(user, 'POST', `${api}/inbound-orders/${id}/${action}`, { ...row, ...body })
}

/** An executed inbound order, one line per entry (goods, quantity, the line's putaway location). */
async function inbound(lines: Array<{ goods: Row; quantity: number; to?: number }>) {
  const created = await call('clerk', 'POST', `${api}/inbound-orders/with-lines`, {
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
        rows: lines.map((line, i) => ({
          _status: 'create',
          lineNum: i + 1,
          goodsId: line.goods.goodsId,
          quantity: line.quantity,
          putawayLocationId: line.to ?? null,
        })),
      },
    ],
  })
  expect(created.statusCode, created.body).toBe(200)
  const order = created.json().header as Row
  const executed = await inboundAct(order.inboundOrderId, 'execute')
  expect(executed.statusCode, executed.body).toBe(200)
  const rows: Row[] = (await get(`${api}/inbound-order-lines?inboundOrderId=${order.inboundOrderId}&size=50`))
    .content
  return { order, lines: rows.sort((a, b) => a.lineNum - b.lineNum) }
}

/** Goods received and put away at `to`. */
async function stockAt(goods: Row, quantity: number, to: number) {
  const { order } = await inbound([{ goods, quantity, to }])
  expect((await inboundAct(order.inboundOrderId, 'receive')).statusCode).toBe(200)
  const putaway = await inboundAct(order.inboundOrderId, 'putaway')
  expect(putaway.statusCode, putaway.body).toBe(200)
}

const orderAct = (order: Row, action: string, body: Row = {}) =>
  call('admin', 'POST', `${api}/outbound-orders/${order.outboundOrderId}/${action}`, { ...order, ...body })

/** A submitted outbound order with one line per entry, in that order. */
async function outbound(lines: Array<{ goods: Row; quantity: number }>) {
  const response = await call('admin', 'POST', `${api}/outbound-orders/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      customerName: 'Floor customer',
      receiverName: 'Li',
      receiverPhone: '13900000000',
      receiverAddress: 'Dock 3',
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: lines.map((line, i) => ({
          _status: 'create',
          lineNum: i + 1,
          goodsId: line.goods.goodsId,
          goodsCode: line.goods.goodsCode,
          quantity: line.quantity,
        })),
      },
    ],
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  const submitted = await orderAct(response.json().header as Row, 'submit')
  expect(submitted.statusCode, submitted.body).toBe(200)
  return submitted.json() as Row
}

async function setSequence(locationId: number, pickSequence: number | null) {
  const location = await get(`${api}/locations/${locationId}`)
  const saved = await call('admin', 'PUT', `${api}/locations`, { ...location, pickSequence })
  expect(saved.statusCode, saved.body).toBe(200)
}

const readPage = (file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/pages', file), 'utf8')) as Row

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk'])
  ;({ app, call } = started)
  ids.warehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.ownerA = await started.idOf('owner', "owner_code = 'OWN-A'")
  const location = (code: string) =>
    started.idOf('location', `warehouse_id = ${ids.warehouse} and location_code = '${code}'`)
  ids.rcv = await location('RCV-01')
  ids.x = await location('A03-02')
  ids.y = await location('A03-03')
  ids.z = await location('A03-04')
})
afterAll(() => app.close())

describe('pick lists in pick path order', () => {
  it("lists an order's picking tasks by the locations' pick path sequence, code order without one, live", async () => {
    const [first, second, third] = [await newGoods('FF-P1'), await newGoods('FF-P2'), await newGoods('FF-P3')]
    await stockAt(first!, 5, ids.y)
    await stockAt(second!, 5, ids.x)
    await stockAt(third!, 5, ids.z)
    // Order lines in the order first (at y), second (at x), third (at z).
    const order = await outbound([
      { goods: first!, quantity: 2 },
      { goods: second!, quantity: 2 },
      { goods: third!, quantity: 2 },
    ])
    expect((await orderAct(order, 'allocate')).statusCode).toBe(200)
    const pickList = async () =>
      (
        (await get(`${api}/pick-list-lines?outboundOrderId=${order.outboundOrderId}&size=50`, 'clerk'))
          .content as Row[]
      ).map((line) => line.locationCode)

    // No sequence anywhere: the walk is the location code order, not the order's line order.
    expect(await pickList()).toEqual(['A03-02', 'A03-03', 'A03-04'])
    // z first, then x; y has none, so it comes after the sequenced ones.
    await setSequence(ids.z, 10)
    await setSequence(ids.x, 20)
    expect(await pickList()).toEqual(['A03-04', 'A03-02', 'A03-03'])
    // A new sequence applies to the open pick list at once (the list reads the location, not a copy).
    await setSequence(ids.y, 5)
    const lines: Row[] = (await get(`${api}/pick-list-lines?outboundOrderId=${order.outboundOrderId}`))
      .content
    expect(
      lines.map((line) => [line.pickSequence, line.locationCode, line.goodsCode, Number(line.quantity)]),
    ).toEqual([
      [5, 'A03-03', 'FF-P1', 2],
      [10, 'A03-04', 'FF-P3', 2],
      [20, 'A03-02', 'FF-P2', 2],
    ])
    expect(lines[0]).toMatchObject({ goodsName: 'FF-P1 name', orderNum: order.orderNum, taskStatus: 'OPEN' })
    // The printed lists and the wave's task screen read the same view in the same order.
    for (const file of ['winv/outbound-pick-list-print.page.json', 'winv/wave-pick-list-print.page.json'])
      expect(readPage(file).props.lines).toMatchObject({
        path: '/v1/{tenantId}/pick-list-lines',
        sort: 'pickPath,asc',
      })
    expect(readPage('winv/wave-order-detail.page.json').dataSource.model).toBe('wms/pick-list-line')
  })

  it('refuses a pick path sequence out of range with a message naming the field', async () => {
    const location = await get(`${api}/locations/${ids.x}`)
    const refused = await call('admin', 'PUT', `${api}/locations`, { ...location, pickSequence: -1 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toHaveProperty(['pickSequence'])
  })
})
