/**
 * The warehouse floor's flows (issue 19; schemas/README.md "Floor flows"): pick lists in pick path order (the
 * locations' sequence, code order without one), cycle counts whose differences above a threshold need a second
 * person's approval (or a recount), and put-away suggestions with split put-away.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp, type WarehouseUser } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
const api = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'ownerA' | 'rcv' | 'x' | 'y' | 'z', number>

let get: WarehouseApp['get']
let newGoods: WarehouseApp['newGoods']

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
  get = started.get
  newGoods = started.newGoods
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

describe('cycle counts with a second person approving differences above the threshold', () => {
  const counts = `${api}/stock-counts`
  const countAct = async (id: number, action: string, user: WarehouseUser) => {
    const row = await get(`${counts}/${id}`)
    return call(user, 'POST', `${counts}/${id}/${action}`, row)
  }
  const linesOf = async (id: number): Promise<Row[]> =>
    (await get(`${api}/stock-count-lines?stockCountId=${id}&size=100`)).content
  const enter = async (line: Row, countedQuantity: number, user: WarehouseUser) =>
    call(user, 'PUT', `${api}/stock-count-lines`, { ...line, countedQuantity })
  const realName = async (login: string) =>
    (
      await app.db
        .selectFrom('iamUser')
        .select('realName')
        .where('loginName', '=', login)
        .executeTakeFirstOrThrow()
    ).realName as string
  async function setParam(paramCode: string, paramValue: string | null) {
    const found: Row[] = (
      await get(`${api}/function-params?paramCode=${paramCode}&warehouseId=${ids.warehouse}`)
    ).content
    const response = found[0]
      ? await call('admin', 'PUT', `${api}/function-params`, {
          ...found[0],
          paramValue: paramValue ?? found[0].paramValue,
          enabledFlag: paramValue === null ? 0 : 1,
        })
      : await call('admin', 'POST', `${api}/function-params`, {
          paramCode,
          paramValue,
          warehouseId: ids.warehouse,
          enabledFlag: 1,
        })
    expect(response.statusCode, response.body).toBeLessThan(300)
  }

  it('a difference above the percentage waits for a second person: the counter is refused, another approves, the ledger names both', async () => {
    await setParam('COUNT_APPROVAL_PERCENT', '10')
    const small = await newGoods('FF-C1', { unitPrice: 10 })
    const large = await newGoods('FF-C2', { unitPrice: 10 })
    await stockAt(small, 100, ids.z)
    await stockAt(large, 50, ids.z)
    // A cycle count of one location.
    const created = await call('clerk', 'POST', counts, {
      warehouseId: ids.warehouse,
      locationId: ids.z,
      countType: 'CYCLE',
    })
    expect(created.statusCode, created.body).toBe(201)
    const count = created.json() as Row
    expect(count).toMatchObject({ locationCode: 'A03-04' })
    expect((await countAct(count.stockCountId, 'start', 'clerk')).statusCode).toBe(200)
    const lines = await linesOf(count.stockCountId)
    expect(new Set(lines.map((line) => line.locationCode))).toEqual(new Set(['A03-04']))
    const lineOf = async (goods: Row) =>
      (await linesOf(count.stockCountId)).find((line) => line.goodsId === goods.goodsId)!
    // 98 of 100 (2 %) is within 10 %; 40 of 50 (20 %) is not.
    expect((await enter(await lineOf(small), 98, 'clerk')).statusCode).toBe(200)
    expect((await enter(await lineOf(large), 40, 'clerk')).statusCode).toBe(200)
    const clerkName = await realName('clerk')
    expect(await lineOf(large)).toMatchObject({ counterName: clerkName, countedDate: expect.any(String) })

    const posted = await countAct(count.stockCountId, 'post', 'clerk')
    expect(posted.statusCode, posted.body).toBe(200)
    expect(posted.json()).toMatchObject({ countStatus: 'PENDING_APPROVAL', approvalLineCount: 1 })
    expect(await lineOf(large)).toMatchObject({ approvalRequired: 1 })
    expect(await lineOf(small)).toMatchObject({ approvalRequired: 0 })
    // Nothing is posted yet, and the counted quantities are frozen while it waits.
    const onHand = async (goods: Row) =>
      Number((await get(`${api}/stocks?goodsId=${goods.goodsId}&locationId=${ids.z}`)).content[0].quantity)
    expect([await onHand(small), await onHand(large)]).toEqual([100, 50])
    expect((await enter(await lineOf(large), 50, 'clerk')).statusCode).toBe(409)
    // The clerk has no approval permission; the administrator orders a recount of the marked line only.
    expect((await countAct(count.stockCountId, 'approve', 'clerk')).statusCode).toBe(403)
    const recount = await countAct(count.stockCountId, 'recount', 'admin')
    expect(recount.statusCode, recount.body).toBe(200)
    expect(recount.json()).toMatchObject({ countStatus: 'COUNTING', recountCount: 1 })
    expect(await lineOf(large)).toMatchObject({
      countedQuantity: null,
      counterName: null,
      approvalRequired: 0,
    })
    expect(await lineOf(small)).toMatchObject({ countedQuantity: 98 })

    // The administrator counts it again, and may not approve their own count.
    expect((await enter(await lineOf(large), 41, 'admin')).statusCode).toBe(200)
    expect((await countAct(count.stockCountId, 'post', 'admin')).json()).toMatchObject({
      countStatus: 'PENDING_APPROVAL',
    })
    const own = await countAct(count.stockCountId, 'approve', 'admin')
    expect(own.statusCode).toBe(409)
    expect(own.json()).toMatchObject({ code: 'error.count_second_person' })
    expect(own.json().message).toMatch(
      /you counted A03-04 FF-C2, whose difference is above the approval threshold/,
    )
    expect(own.json().message).toMatch(/Ask another user with the approval permission/)
    expect([await onHand(small), await onHand(large)]).toEqual([100, 50])

    // A second person holding the approval permission (granted to the clerk's role) approves: all is posted.
    await sql`insert into iam_role_permission (role_id, code) values (4, 'winv.stockCount.button.approve')
      on conflict do nothing`.execute(app.db)
    const approved = await countAct(count.stockCountId, 'approve', 'clerk')
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({
      countStatus: 'POSTED',
      approvedByName: clerkName,
      differenceCount: 2,
    })
    expect([await onHand(small), await onHand(large)]).toEqual([98, 41])
    const ledger: Row[] = (
      await get(`${api}/stock-transactions?docType=COUNT&docNum=${count.countNum}&size=10`)
    ).content
    const byGoods = (goods: Row) => ledger.find((row) => row.goodsId === goods.goodsId)
    expect(byGoods(large)).toMatchObject({
      quantityChange: -9,
      operatorName: clerkName,
      counterName: await realName('admin'),
    })
    expect(byGoods(small)).toMatchObject({
      quantityChange: -2,
      operatorName: clerkName,
      counterName: clerkName,
    })
  })

  it('posts at once when every difference is within the value threshold; above it waits', async () => {
    await setParam('COUNT_APPROVAL_PERCENT', null)
    await setParam('COUNT_APPROVAL_VALUE', '100')
    const goods = await newGoods('FF-C3', { unitPrice: 10 })
    await stockAt(goods, 30, ids.y)
    const countOf = async () => {
      const created = await call('clerk', 'POST', counts, {
        warehouseId: ids.warehouse,
        goodsId: goods.goodsId,
        countType: 'CYCLE',
      })
      expect(created.statusCode, created.body).toBe(201)
      const count = created.json() as Row
      expect((await countAct(count.stockCountId, 'start', 'clerk')).statusCode).toBe(200)
      const lines = await linesOf(count.stockCountId)
      expect(lines.map((line) => line.goodsCode)).toEqual(['FF-C3'])
      return { count, line: lines[0]! }
    }
    // 5 short × 10 = 50, within 100: posted by the counter at once.
    const within = await countOf()
    expect((await enter(within.line, 25, 'clerk')).statusCode).toBe(200)
    const posted = await countAct(within.count.stockCountId, 'post', 'clerk')
    expect(posted.json()).toMatchObject({ countStatus: 'POSTED', approvalLineCount: 0 })
    // 20 short × 10 = 200, above 100: waits for approval.
    const above = await countOf()
    expect((await enter(above.line, 5, 'clerk')).statusCode).toBe(200)
    const waiting = await countAct(above.count.stockCountId, 'post', 'clerk')
    expect(waiting.json()).toMatchObject({ countStatus: 'PENDING_APPROVAL', approvalLineCount: 1 })
    const cancelled = await countAct(above.count.stockCountId, 'cancel', 'clerk')
    expect(cancelled.json()).toMatchObject({ countStatus: 'CANCELLED' })
  })

  it('refuses a threshold that is not a number, and a count location outside the warehouse', async () => {
    await setParam('COUNT_APPROVAL_VALUE', 'lots')
    const goods = await newGoods('FF-C4')
    await stockAt(goods, 3, ids.y)
    const created = (
      await call('clerk', 'POST', counts, {
        warehouseId: ids.warehouse,
        goodsId: goods.goodsId,
        countType: 'CYCLE',
      })
    ).json() as Row
    expect((await countAct(created.stockCountId, 'start', 'clerk')).statusCode).toBe(200)
    const [line] = await linesOf(created.stockCountId)
    expect((await enter(line!, 2, 'clerk')).statusCode).toBe(200)
    const refused = await countAct(created.stockCountId, 'post', 'clerk')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/COUNT_APPROVAL_VALUE is 'lots', not a number: set it to a number/)
    await setParam('COUNT_APPROVAL_VALUE', null)

    const other = (await get(`${api}/locations?locationCode=A01-01&size=50`)).content.find(
      (location: Row) => location.warehouseId !== ids.warehouse,
    )
    const outside = await call('clerk', 'POST', counts, {
      warehouseId: ids.warehouse,
      locationId: other.locationId,
      countType: 'CYCLE',
    })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().fields).toHaveProperty(['locationId'])
  })
})

describe('put-away suggestions and split put-away', () => {
  const suggestions = async (orderId: number): Promise<Row[]> =>
    (await get(`${api}/inbound-orders/${orderId}/putaway-suggestions`, 'clerk')).lines

  it('suggests the goods’ location with room first, then empty locations of its area; a line splits over several', async () => {
    const goods = await newGoods('FF-PA1')
    // Two new pallet places of the storage area, first on the pick path: 70 of the goods on FF-01 (room for
    // 30 more of its capacity 100), FF-02 empty.
    const storage = (
      await sql<{ whareaId: number }>`select wharea_id from wmdm_wharea
        where warehouse_id = ${ids.warehouse} and area_type = 'STORAGE'`.execute(app.db)
    ).rows[0]!
    const place = async (locationCode: string, pickSequence: number) => {
      const created = await call('admin', 'POST', `${api}/locations`, {
        warehouseId: ids.warehouse,
        whareaId: storage.whareaId,
        locationCode,
        locationType: 'PALLET',
        capacity: 100,
        pickSequence,
      })
      expect(created.statusCode, created.body).toBe(201)
      return created.json() as Row
    }
    const ff01 = await place('FF-01', 0)
    await place('FF-02', 1)
    await stockAt(goods, 70, Number(ff01.locationId))
    const { order, lines } = await inbound([{ goods, quantity: 50 }])
    const received = await inboundAct(order.inboundOrderId, 'receive')
    expect(received.statusCode, received.body).toBe(200)

    const rows = await suggestions(order.inboundOrderId)
    const line = lines[0]!.inboundLineId
    expect(rows.every((row) => row.inboundLineId === line && row.openQuantity === 50)).toBe(true)
    expect(rows[0]).toMatchObject({ rule: 'SAME_GOODS', locationCode: 'FF-01', quantity: 30 })
    // The rest goes to an empty location of the same area, and a blank row is left for the clerk's choice.
    expect(rows[1]).toMatchObject({ rule: 'EMPTY', locationCode: 'FF-02', quantity: 20 })
    expect((await get(`${api}/locations/${rows[1]!.locationId}`)).whareaId).toBe(ff01.whareaId)
    const onEmpty = await get(`${api}/stocks?locationId=${rows[1]!.locationId}&size=50`)
    expect(onEmpty.content.filter((balance: Row) => Number(balance.quantity) > 0)).toEqual([])
    expect(rows.at(-1)).toMatchObject({ rule: 'OTHER', locationCode: null, quantity: null })

    // More than is waiting over the rows of a line: refused on the row that goes over, nothing moves.
    const over = await inboundAct(order.inboundOrderId, 'putaway', {
      lines: [
        { putawayKey: rows[0]!.putawayKey, locationCode: 'FF-01', quantity: 30 },
        { putawayKey: rows.at(-1)!.putawayKey, locationCode: 'A03-02', quantity: 21 },
      ],
    })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({ code: 'error.over_putaway' })
    expect(over.json().message).toMatch(/51 to put away is more than the 50 received and waiting/)
    expect(over.json().fields).toHaveProperty(['lines[1].quantity'])
    const unknown = await inboundAct(order.inboundOrderId, 'putaway', {
      lines: [{ inboundLineId: line, locationCode: 'NOPE-9', quantity: 1 }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().fields).toHaveProperty(['lines[0].locationCode'])

    // The clerk accepts the first suggestion, and puts 15 at another location of their choice: 5 still wait.
    const split = await inboundAct(order.inboundOrderId, 'putaway', {
      lines: [
        { putawayKey: rows[0]!.putawayKey, locationCode: 'FF-01', quantity: 30 },
        { putawayKey: rows.at(-1)!.putawayKey, locationCode: 'A03-02', quantity: 15 },
      ],
    })
    expect(split.statusCode, split.body).toBe(200)
    expect(split.json()).toMatchObject({ orderStatus: 'RECEIVED' })
    const stockOf = async (locationId: number) =>
      Number(
        (await get(`${api}/stocks?locationId=${locationId}&goodsId=${goods.goodsId}`)).content[0]?.quantity ??
          0,
      )
    expect([await stockOf(Number(ff01.locationId)), await stockOf(ids.x), await stockOf(ids.rcv)]).toEqual([
      100, 15, 5,
    ])
    // What is left is suggested again (FF-01 is full now), then put away: the order completes.
    const again = await suggestions(order.inboundOrderId)
    expect(again[0]).toMatchObject({ openQuantity: 5, quantity: 5 })
    expect(again[0]).toMatchObject({ rule: 'EMPTY', locationCode: 'FF-02' })
    const rest = await inboundAct(order.inboundOrderId, 'putaway', {
      lines: [{ inboundLineId: line, locationCode: again[0]!.locationCode, quantity: 5 }],
    })
    expect(rest.json()).toMatchObject({ orderStatus: 'COMPLETED' })
    const records: Row[] = (
      await get(
        `${api}/inbound-receipt-records?inboundOrderId=${order.inboundOrderId}&recordType=PUTAWAY&size=50`,
      )
    ).content
    expect(records.map((record) => Number(record.quantity)).sort((a, b) => a - b)).toEqual([5, 15, 30])
    expect(await suggestions(order.inboundOrderId)).toEqual([])
    // Returning 22 to the supplier takes from the line's put-away places, the last one first (5 at FF-02,
    // then 15 at A03-02, then 2 at FF-01), never from stock the line did not bring.
    const returned = await inboundAct(order.inboundOrderId, 'returnGoods', {
      lines: [{ inboundLineId: line, quantity: 22 }],
    })
    expect(returned.statusCode, returned.body).toBe(200)
    expect([
      await stockOf(Number(ff01.locationId)),
      await stockOf(ids.x),
      await stockOf(again[0]!.locationId),
    ]).toEqual([98, 0, 0])
  })

  it('puts away what came in while the rest of the order is still open (PARTIAL stays PARTIAL)', async () => {
    const goods = await newGoods('FF-PA2')
    const { order, lines } = await inbound([{ goods, quantity: 100, to: ids.y }])
    const first = await inboundAct(order.inboundOrderId, 'receive', {
      lines: [{ inboundLineId: lines[0]!.inboundLineId, quantity: 60 }],
    })
    expect(first.json()).toMatchObject({ orderStatus: 'PARTIAL' })
    const putaway = await inboundAct(order.inboundOrderId, 'putaway', {
      lines: [{ inboundLineId: lines[0]!.inboundLineId, locationCode: 'A03-03', quantity: 60 }],
    })
    expect(putaway.statusCode, putaway.body).toBe(200)
    expect(putaway.json()).toMatchObject({ orderStatus: 'PARTIAL' })
    expect((await inboundAct(order.inboundOrderId, 'receive')).json()).toMatchObject({
      orderStatus: 'RECEIVED',
    })
    expect((await inboundAct(order.inboundOrderId, 'putaway')).json()).toMatchObject({
      orderStatus: 'COMPLETED',
    })
  })
})
