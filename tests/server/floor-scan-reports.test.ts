/**
 * Scanning and floor reports (issue 19; schemas/README.md "Scanning and floor reports"): the order's pick action
 * confirmed with the scans of the handheld's scan station refuses a wrong location, wrong goods, more than a task
 * holds or a task not scanned in full (nothing changes), and picks with right scans; the report views (on hand
 * and value by warehouse and owner, ageing by lot date, a goods' movement timeline, throughput per day) give the
 * right figures on data made here, and a role whose menus show none of their screens cannot read them.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
const api = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'ownerA' | 'rcv' | 'x' | 'y', number>

let get: WarehouseApp['get']
let newGoods: WarehouseApp['newGoods']

const inboundAct = async (id: number, action: string) => {
  const row = await get(`${api}/inbound-orders/${id}`)
  const response = await call('clerk', 'POST', `${api}/inbound-orders/${id}/${action}`, row)
  expect(response.statusCode, response.body).toBe(200)
}

/** Goods received and put away at `to`. */
async function stockAt(goods: Row, quantity: number, to: number) {
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
        rows: [{ _status: 'create', lineNum: 1, goodsId: goods.goodsId, quantity, putawayLocationId: to }],
      },
    ],
  })
  expect(created.statusCode, created.body).toBe(200)
  const id = created.json().header.inboundOrderId as number
  for (const action of ['execute', 'receive', 'putaway']) await inboundAct(id, action)
}

const orderAct = (order: Row, action: string, body: Row = {}) =>
  call('clerk', 'POST', `${api}/outbound-orders/${order.outboundOrderId}/${action}`, body)

/** An ALLOCATED outbound order with one line per entry. */
async function allocatedOrder(lines: Array<{ goods: Row; quantity: number }>) {
  const response = await call('admin', 'POST', `${api}/outbound-orders/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId: ids.warehouse,
      ownerId: ids.ownerA,
      customerName: 'Scan customer',
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
  const order = response.json().header as Row
  for (const action of ['submit', 'allocate']) {
    const stepped = await orderAct(order, action)
    expect(stepped.statusCode, stepped.body).toBe(200)
  }
  return order
}

/** The order's open tasks as the scan station reads them: pick-list-lines in pick path order. */
const pickList = async (order: Row): Promise<Row[]> =>
  (
    await get(
      `${api}/pick-list-lines?outboundOrderId=${order.outboundOrderId}&taskStatus=OPEN&size=50`,
      'clerk',
    )
  ).content

/** What a picker scans at each task: its location, its barcode (else code), its quantity. */
const rightScans = (lines: Row[]): Row[] =>
  lines.map((line) => ({
    taskId: line.taskId,
    locationCode: line.locationCode,
    barcode: line.barcode ?? line.goodsCode,
    quantity: Number(line.quantity),
  }))

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk', 'jxs'])
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
})
afterAll(() => app.close())

describe('a pick confirmed by scanning', () => {
  let order: Row
  let lines: Row[]
  beforeAll(async () => {
    const soap = await newGoods('FS-SOAP', { barcode: '6900000000011' })
    const brush = await newGoods('FS-BRUSH')
    await stockAt(soap, 10, ids.x)
    await stockAt(brush, 10, ids.y)
    order = await allocatedOrder([
      { goods: soap, quantity: 4 },
      { goods: brush, quantity: 3 },
    ])
    lines = await pickList(order)
    expect(lines.map((line) => [line.locationCode, line.goodsCode, Number(line.quantity)])).toEqual([
      ['A03-02', 'FS-SOAP', 4],
      ['A03-03', 'FS-BRUSH', 3],
    ])
  })

  const refusedWith = async (scans: Row[], status: number, code: string, field: string) => {
    const refused = await orderAct(order, 'pick', { scans })
    expect(refused.statusCode, refused.body).toBe(status)
    expect(refused.json().code).toBe(code)
    expect(Object.keys(refused.json().fields ?? {})).toEqual([field])
    return refused.json().message as string
  }

  it('refuses a wrong location, wrong goods, more than a task holds or a task not scanned in full; nothing changes', async () => {
    const [first, second] = rightScans(lines) as [Row, Row, ...Row[]]
    expect(
      await refusedWith(
        [{ ...first, locationCode: 'A03-03' }, second],
        409,
        'error.scan_location',
        'scans[0].locationCode',
      ),
    ).toContain('takes from location A03-02, not A03-03')
    expect(
      await refusedWith(
        [first, { ...second, barcode: '6900000000011' }],
        409,
        'error.scan_goods',
        'scans[1].barcode',
      ),
    ).toContain('is goods FS-BRUSH')
    expect(
      await refusedWith(
        [first, { ...first, quantity: 1 }, second],
        409,
        'error.over_pick',
        'scans[1].quantity',
      ),
    ).toContain('holds 4, 5 scanned')
    expect(await refusedWith([first], 409, 'error.scan_short', 'scans')).toContain('0 of 3')
    await refusedWith(
      [first, second, { ...first, taskId: 99999999 }],
      400,
      'error.validation',
      'scans[2].taskId',
    )
    await refusedWith([{ ...first, quantity: 0 }], 400, 'error.validation', 'scans[0].quantity')
    // Nothing changed: the order is still ALLOCATED with both tasks open.
    expect((await get(`${api}/outbound-orders/${order.outboundOrderId}`)).orderStatus).toBe('ALLOCATED')
    expect(await pickList(order)).toHaveLength(2)
  })

  it('picks the order with right scans: barcode or goods code, a task in several scans, location in any case', async () => {
    const [soap, brush] = rightScans(lines) as [Row, Row, ...Row[]]
    const picked = await orderAct(order, 'pick', {
      scans: [
        { ...soap, quantity: 1 },
        { ...soap, locationCode: 'a03-02', quantity: 3 },
        { ...brush, barcode: 'FS-BRUSH' },
      ],
    })
    expect(picked.statusCode, picked.body).toBe(200)
    expect((await get(`${api}/outbound-orders/${order.outboundOrderId}`)).orderStatus).toBe('PICKED')
    expect(await pickList(order)).toEqual([])
    // and the order goes on as any picked order: packed and shipped
    for (const action of ['pack', 'ship']) {
      const stepped = await orderAct(order, action, action === 'pack' ? { weight: 2 } : {})
      expect(stepped.statusCode, stepped.body).toBe(200)
    }
  })

  it('reads the pick action and its lines from the scan page file', async () => {
    const { readFileSync } = await import('node:fs')
    const page = JSON.parse(
      readFileSync(
        new URL('../../schemas/pages/winv/outbound-order-scan-pick.page.json', import.meta.url),
        'utf8',
      ),
    ) as Row
    expect(page.widget).toBe('ScanStation')
    expect(page.props.confirm.path).toBe('/v1/{tenantId}/outbound-orders/{outboundOrderId}/pick')
    expect(page.props.lines).toMatchObject({ path: '/v1/{tenantId}/pick-list-lines', sort: 'pickPath,asc' })
  })
})

describe('floor reports', () => {
  const ownerRow = async () =>
    (
      (await get(`${api}/on-hand-values?warehouseId=${ids.warehouse}&ownerId=${ids.ownerA}`, 'clerk'))
        .content as Row[]
    )[0] ?? { goodsCount: 0, quantity: 0, stockValue: 0, unpricedGoodsCount: 0 }
  const figures = (row: Row) => [
    Number(row.goodsCount),
    Number(row.quantity),
    Number(row.stockValue),
    Number(row.unpricedGoodsCount),
  ]
  const aggregate = async (path: string, query: string) =>
    (await get(`${api}/${path}/aggregate?${query}`, 'clerk')) as Array<{ key: unknown; value: number }>
  const today = async () =>
    (await sql<{ day: string }>`select to_char(current_date, 'YYYY-MM-DD') as day`.execute(app.db)).rows[0]!
      .day
  const dayOf = (key: unknown) => String(key).slice(0, 10)
  const received = async () =>
    (
      await aggregate(
        'stock-throughputs',
        `measure=sum&field=quantity&groupBy=movementDay&order=key&direction=INBOUND&ownerId=${ids.ownerA}`,
      )
    ).find((row) => dayOf(row.key) === dayOf(todayKey))?.value ?? 0
  let todayKey = ''

  it('sums on hand and value (quantity × unit price) per warehouse and owner', async () => {
    todayKey = await today()
    const before = figures(await ownerRow())
    const receivedBefore = await received()
    const priced = await newGoods('FS-PRICED', { unitPrice: 2.5 })
    const unpriced = await newGoods('FS-NOPRICE')
    await stockAt(priced, 10, ids.x)
    await stockAt(priced, 4, ids.y)
    await stockAt(unpriced, 3, ids.x)
    const after = figures(await ownerRow())
    expect(after.map((value, i) => Math.round((value - before[i]!) * 100) / 100)).toEqual([2, 17, 35, 1])
    // throughput: the 17 received today are on today's point of the inbound line
    expect(Math.round(((await received()) - receivedBefore) * 100) / 100).toBe(17)
  })

  it('buckets stock by the age of its lot date, buckets in order', async () => {
    const goods = await newGoods('FS-AGE', { unitPrice: 1 })
    await stockAt(goods, 6, ids.x)
    await stockAt(goods, 2, ids.y)
    // the balance at x came in 100 days ago
    await sql`update winv_stock set in_date = localtimestamp - interval '100 days'
      where goods_id = ${goods.goodsId as number} and location_id = ${ids.x}`.execute(app.db)
    expect(
      await aggregate(
        'stock-ageings',
        'measure=sum&field=quantity&groupBy=ageBucket&order=key&goodsCode=FS-AGE',
      ),
    ).toEqual([
      { key: '0-30', value: 2 },
      { key: '91-180', value: 6 },
    ])
    const rows: Row[] = (await get(`${api}/stock-ageings?goodsCode=FS-AGE&sort=ageDays,desc`, 'clerk'))
      .content
    expect(rows.map((row) => [row.locationCode, row.ageDays, row.ageBucket, Number(row.stockValue)])).toEqual(
      [
        ['A03-02', 100, '91-180', 6],
        ['A03-03', 0, '0-30', 2],
      ],
    )
  })

  it("lists a goods item's moves oldest first with its on hand in the warehouse after each", async () => {
    const goods = await newGoods('FS-MOVE')
    await stockAt(goods, 5, ids.x)
    await stockAt(goods, 2, ids.y)
    const moves: Row[] = (await get(`${api}/goods-movements?goodsId=${goods.goodsId}&size=50`, 'clerk'))
      .content
    expect(
      moves.map((move) => [move.docType, Number(move.quantityChange), Number(move.warehouseOnHand)]),
    ).toEqual([
      ['INBOUND', 5, 5],
      ['PUTAWAY', -5, 0],
      ['PUTAWAY', 5, 5],
      ['INBOUND', 2, 7],
      ['PUTAWAY', -2, 5],
      ['PUTAWAY', 2, 7],
    ])
    expect(moves.every((move) => move.operatorName)).toBe(true)
  })

  it('counts shipped quantity per day on the outbound line', async () => {
    const rows = await aggregate(
      'stock-throughputs',
      `measure=sum&field=quantity&groupBy=movementDay&order=key&direction=OUTBOUND&ownerId=${ids.ownerA}`,
    )
    // the scan-picked order shipped 7 today; keys ascend
    expect(rows.find((row) => dayOf(row.key) === dayOf(todayKey))?.value).toBeGreaterThanOrEqual(7)
    const keys = rows.map((row) => dayOf(row.key))
    expect(keys).toEqual([...keys].sort())
  })

  it('refuses every report read to a role whose menus show none of the report screens', async () => {
    for (const path of ['on-hand-values', 'stock-ageings', 'goods-movements', 'stock-throughputs']) {
      expect((await call('jxs', 'GET', `${api}/${path}`)).statusCode, path).toBe(403)
      expect((await call('jxs', 'GET', `${api}/${path}/aggregate?measure=count`)).statusCode, path).toBe(403)
      expect((await call('clerk', 'GET', `${api}/${path}`)).statusCode, path).toBe(200)
    }
  })
})
