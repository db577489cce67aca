/**
 * Receiving, put-away and counting confirmed by scanning (issue 19; schemas/README.md "Scanning on the floor"):
 * each flow's own action takes the scan station's `scans`, checks every scan against its line in the action's
 * transaction (goods, location, lot, quantity) and refuses a wrong one naming the entry, with nothing moved;
 * right scans move exactly what was scanned. The pages reach these actions from their lists.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
let idOf: WarehouseApp['idOf']
const api = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'ownerA' | 'rcv', number>
const goods = {} as Record<'soap' | 'lotted', Row>
let order: Row

let get: WarehouseApp['get']
let newGoods: WarehouseApp['newGoods']

/** On hand per location code of one goods item. */
const onHand = async (item: Row): Promise<Record<string, number>> => {
  const { rows } = await sql<{ locationCode: string; quantity: string }>`select l.location_code,
      sum(s.quantity) as quantity from winv_stock s join wmdm_location l on l.location_id = s.location_id
    where s.goods_id = ${item.goodsId} and s.quantity <> 0 group by l.location_code`.execute(app.db)
  return Object.fromEntries(rows.map((row) => [row.locationCode, Number(row.quantity)]))
}

const act = (path: string, body: Row) => call('clerk', 'POST', `${api}/${path}`, body)

/** The refusal's status, code and the one field it names; returns its message. */
async function refused(path: string, scans: Row[], status: number, code: string, field: string) {
  const response = await act(path, { scans })
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().code).toBe(code)
  expect(Object.keys(response.json().fields ?? {})).toEqual([field])
  return response.json().message as string
}

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk'])
  get = (url, user = 'clerk') => started.get(url, user)
  newGoods = started.newGoods
  ;({ app, call, idOf } = started)
  ids.warehouse = await started.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.ownerA = await started.idOf('owner', "owner_code = 'OWN-A'")
  ids.rcv = await started.idOf('location', `warehouse_id = ${ids.warehouse} and location_code = 'RCV-01'`)
  goods.soap = await newGoods('FSF-SOAP', { barcode: '6900000000101' })
  goods.lotted = await newGoods('FSF-LOT', { barcode: '6900000000102', batchManagedFlag: 1 })
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
        rows: [
          { _status: 'create', lineNum: 1, goodsId: goods.soap.goodsId, quantity: 100 },
          { _status: 'create', lineNum: 2, goodsId: goods.lotted.goodsId, quantity: 10 },
        ],
      },
    ],
  })
  expect(created.statusCode, created.body).toBe(200)
  order = created.json().header as Row
  const row = await get(`${api}/inbound-orders/${order.inboundOrderId}`)
  expect((await act(`inbound-orders/${order.inboundOrderId}/execute`, row)).statusCode).toBe(200)
})
afterAll(() => app.close())

describe('receiving by scanning', () => {
  const path = () => `inbound-orders/${order.inboundOrderId}/receive`
  let lines: Row[]
  beforeAll(async () => {
    lines = (await get(`${api}/inbound-orders/${order.inboundOrderId}/receive-lines`)).lines
    expect(lines.map((line) => [line.goodsCode, line.barcode, line.openQuantity, line.batchManaged])).toEqual(
      [
        ['FSF-SOAP', '6900000000101', 100, false],
        ['FSF-LOT', '6900000000102', 10, true],
      ],
    )
  })
  const soap = () => ({ inboundLineId: lines[0]!.inboundLineId, barcode: '6900000000101', quantity: 40 })
  const lotted = () => ({
    inboundLineId: lines[1]!.inboundLineId,
    barcode: 'fsf-lot',
    lotCode: 'L-1',
    quantity: 10,
  })

  it('refuses wrong goods, more than is open, two lots on a line, an unknown line or a malformed entry; nothing is received', async () => {
    expect(
      await refused(
        path(),
        [soap(), { ...lotted(), barcode: '6900000000101' }],
        409,
        'error.scan_goods',
        'scans[1].barcode',
      ),
    ).toContain('is goods FSF-LOT (barcode 6900000000102), not 6900000000101')
    expect(
      await refused(
        path(),
        [soap(), { ...soap(), quantity: 61 }],
        409,
        'error.over_receipt',
        'scans[1].quantity',
      ),
    ).toContain('100 still open')
    expect(
      await refused(
        path(),
        [lotted(), { ...lotted(), lotCode: 'L-2' }],
        409,
        'error.lot_per_line',
        'scans[1].lotCode',
      ),
    ).toContain('L-1 was scanned first, then L-2')
    await refused(
      path(),
      [soap(), { ...soap(), inboundLineId: 99999999 }],
      400,
      'error.validation',
      'scans[1].inboundLineId',
    )
    await refused(path(), [{ ...soap(), quantity: 0 }], 400, 'error.validation', 'scans[0].quantity')
    await refused(path(), [{ ...soap(), barcode: ' ' }], 400, 'error.validation', 'scans[0].barcode')
    const both = await act(path(), { scans: [soap()], lines: [{ inboundLineId: soap().inboundLineId }] })
    expect(both.statusCode, both.body).toBe(400)
    // a lot-tracked line scanned without its lot: the receive's own lot rule refuses it
    const noLot = await act(path(), { scans: [{ ...lotted(), lotCode: undefined }] })
    expect(noLot.statusCode, noLot.body).toBeGreaterThanOrEqual(400)
    expect((await get(`${api}/inbound-orders/${order.inboundOrderId}`)).orderStatus).toBe('EXECUTING')
    expect(await onHand(goods.soap)).toEqual({})
  })

  it('receives what was scanned: barcode or goods code, a line in several scans, the lot; the rest stays open', async () => {
    const response = await act(path(), {
      scans: [soap(), { ...soap(), barcode: 'FSF-SOAP', quantity: 20 }, lotted()],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await get(`${api}/inbound-orders/${order.inboundOrderId}`)).orderStatus).toBe('PARTIAL')
    expect(await onHand(goods.soap)).toEqual({ 'RCV-01': 60 })
    const { rows } = await sql<{ batchCode: string; quantity: string }>`select batch_code, quantity
      from winv_stock where goods_id = ${goods.lotted.goodsId} and quantity <> 0`.execute(app.db)
    expect(rows.map((row) => [row.batchCode, Number(row.quantity)])).toEqual([['L-1', 10]])
    const open = (await get(`${api}/inbound-orders/${order.inboundOrderId}/receive-lines`)).lines
    expect(open.map((line: Row) => [line.goodsCode, line.openQuantity])).toEqual([['FSF-SOAP', 40]])
  })
})

describe('put-away by scanning', () => {
  const path = () => `inbound-orders/${order.inboundOrderId}/putaway`
  let rows: Row[]
  const soapRow = () => rows.find((row) => row.goodsCode === 'FSF-SOAP' && row.rule === 'EMPTY')!
  const lottedRow = () => rows.find((row) => row.goodsCode === 'FSF-LOT' && row.rule === 'EMPTY')!
  beforeAll(async () => {
    // two empty storage locations (the seeded ones are full): the suggestions' empty places
    const area = await idOf('wharea', `warehouse_id = ${ids.warehouse} and wharea_code = 'STO'`)
    for (const locationCode of ['FSF-01', 'FSF-02']) {
      const created = await call('admin', 'POST', `${api}/locations`, {
        warehouseId: ids.warehouse,
        whareaId: area,
        locationCode,
        locationType: 'PALLET',
        enabledFlag: 1,
      })
      expect(created.statusCode, created.body).toBeLessThan(300)
    }
    rows = (await get(`${api}/inbound-orders/${order.inboundOrderId}/putaway-suggestions`)).lines
    expect(soapRow()).toMatchObject({ barcode: '6900000000101', locationCode: 'FSF-01', toPlace: 60 })
    expect(lottedRow()).toMatchObject({ locationCode: 'FSF-02', toPlace: 10 })
    // the blank row of a line the suggestions cover puts nothing away when scanned
    expect(rows.filter((row) => row.rule === 'OTHER').map((row) => row.toPlace)).toEqual([0, 0])
  })
  const soapAt = (locationCode: string, quantity = 60) => ({
    putawayKey: soapRow().putawayKey,
    barcode: '6900000000101',
    locationCode,
    quantity,
  })

  it('refuses a place that is not a storage location, wrong goods, more than waits; nothing moves', async () => {
    expect(
      await refused(path(), [soapAt('RCV-01')], 409, 'error.scan_location', 'scans[0].locationCode'),
    ).toContain('put it away at FSF-01 (suggested)')
    await refused(path(), [soapAt('NO-SUCH-PLACE')], 409, 'error.scan_location', 'scans[0].locationCode')
    await refused(
      path(),
      [{ ...soapAt('FSF-01'), barcode: '6900000000102' }],
      409,
      'error.scan_goods',
      'scans[0].barcode',
    )
    const over = await act(path(), { scans: [soapAt('FSF-01', 61)] })
    expect([over.statusCode, over.json().code]).toEqual([409, 'error.over_putaway'])
    await refused(
      path(),
      [{ ...soapAt('FSF-01'), putawayKey: '99999999.1' }],
      400,
      'error.validation',
      'scans[0].putawayKey',
    )
    expect(await onHand(goods.soap)).toEqual({ 'RCV-01': 60 })
  })

  it('puts away to the suggested location, or to another storage location the clerk scans instead', async () => {
    const response = await act(path(), {
      scans: [
        soapAt('fsf-01'),
        { putawayKey: lottedRow().putawayKey, barcode: 'FSF-LOT', locationCode: 'A03-03', quantity: 10 },
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await onHand(goods.soap)).toEqual({ 'FSF-01': 60 })
    expect(await onHand(goods.lotted)).toEqual({ 'A03-03': 10 })
  })
})

describe('counting by scanning', () => {
  let count: Row
  let line: Row
  const path = () => `stock-counts/${count.stockCountId}/post`
  beforeAll(async () => {
    const where = Object.keys(await onHand(goods.lotted))[0]!
    const locationId = (
      await sql<{ locationId: number }>`select location_id from wmdm_location
        where warehouse_id = ${ids.warehouse} and location_code = ${where}`.execute(app.db)
    ).rows[0]!.locationId
    const created = await call('clerk', 'POST', `${api}/stock-counts`, {
      warehouseId: ids.warehouse,
      locationId,
      goodsId: goods.lotted.goodsId,
      countType: 'CYCLE',
    })
    expect(created.statusCode, created.body).toBe(201)
    count = created.json()
    const row = await get(`${api}/stock-counts/${count.stockCountId}`)
    expect((await act(`stock-counts/${count.stockCountId}/start`, row)).statusCode).toBe(200)
    const lines = (await get(`${api}/stock-count-lines?stockCountId=${count.stockCountId}&size=10`)).content
    expect(lines).toHaveLength(1)
    line = lines[0]
    // the goods' barcode is on the line: what the scan station reads
    expect(line).toMatchObject({ goodsCode: 'FSF-LOT', barcode: '6900000000102' })
  })
  const scanOf = (quantity: number) => ({
    countLineId: line.countLineId,
    locationCode: line.locationCode,
    barcode: '6900000000102',
    quantity,
  })

  it('refuses another location, other goods, a negative quantity or an unknown line; nothing is counted', async () => {
    expect(
      await refused(
        path(),
        [{ ...scanOf(8), locationCode: 'RCV-01' }],
        409,
        'error.scan_location',
        'scans[0].locationCode',
      ),
    ).toContain(`counts location ${line.locationCode}, not RCV-01`)
    await refused(
      path(),
      [{ ...scanOf(8), barcode: '6900000000101' }],
      409,
      'error.scan_goods',
      'scans[0].barcode',
    )
    await refused(path(), [scanOf(-1)], 400, 'error.validation', 'scans[0].quantity')
    await refused(
      path(),
      [scanOf(8), { ...scanOf(1), countLineId: 99999999 }],
      400,
      'error.validation',
      'scans[1].countLineId',
    )
    const again = (await get(`${api}/stock-count-lines?stockCountId=${count.stockCountId}`)).content[0]
    expect([again.countedQuantity, again.counterId]).toEqual([null, null])
    expect((await get(`${api}/stock-counts/${count.stockCountId}`)).countStatus).toBe('COUNTING')
  })

  it('posts the counted quantities the scans found, the scanning user as counter', async () => {
    const response = await act(path(), { scans: [scanOf(5), { ...scanOf(3), barcode: 'FSF-LOT' }] })
    expect(response.statusCode, response.body).toBe(200)
    const counted = (await get(`${api}/stock-count-lines?stockCountId=${count.stockCountId}`)).content[0]
    expect(counted).toMatchObject({
      countedQuantity: 8,
      differenceQuantity: -2,
      counterName: expect.any(String),
    })
    const status = (await get(`${api}/stock-counts/${count.stockCountId}`)).countStatus
    // no approval threshold is set in this database: the difference is posted at once
    expect(status).toBe('POSTED')
    expect(Object.values(await onHand(goods.lotted))).toEqual([8])
  })
})

describe('the scan pages', () => {
  const page = (name: string) =>
    JSON.parse(
      readFileSync(new URL(`../../schemas/pages/winv/${name}.page.json`, import.meta.url), 'utf8'),
    ) as Row
  it.each([
    ['inbound-order-scan-receive', 'inbound-order', 'receive', 'inboundLineId'],
    ['inbound-order-scan-putaway', 'inbound-order', 'putaway', 'putawayKey'],
    ['stock-count-scan', 'stock-count', 'post', 'countLineId'],
  ])('%s confirms with its action and is a row action of its list', (name, list, action, keyName) => {
    const scan = page(name)
    expect(scan.props.confirm).toMatchObject({ keyName })
    expect(scan.props.confirm.path.endsWith(`/${action}`)).toBe(true)
    const actions = page(list).table.rowActions as Row[]
    expect(actions.some((row) => row.type === 'navigate' && String(row.to).startsWith(scan.route))).toBe(true)
    for (const key of [scan.title, ...Object.keys(scan.texts)])
      expect(Object.keys(scan.texts[key])).toEqual(['zh_CN', 'en_US', 'zh_TW'])
  })
})

describe('the public stock query', () => {
  it('does not count stock in quarantine as available: it says what is in QC apart', async () => {
    const item = await newGoods('FSF-QC', { barcode: '6900000000103' })
    const area = await call('admin', 'POST', `${api}/whareas`, {
      warehouseId: ids.warehouse,
      whareaCode: 'FSF-QC',
      whareaName: 'FSF quarantine',
      areaType: 'QC',
    })
    expect(area.statusCode, area.body).toBeLessThan(300)
    const place = await call('admin', 'POST', `${api}/locations`, {
      warehouseId: ids.warehouse,
      whareaId: area.json().whareaId,
      locationCode: 'FSF-QC-01',
      locationType: 'PALLET',
      enabledFlag: 1,
    })
    expect(place.statusCode, place.body).toBeLessThan(300)
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
          rows: [{ _status: 'create', lineNum: 1, goodsId: item.goodsId, quantity: 5 }],
        },
      ],
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().header.inboundOrderId as number
    for (const action of ['execute', 'receive'])
      expect(
        (await act(`inbound-orders/${id}/${action}`, await get(`${api}/inbound-orders/${id}`))).statusCode,
      ).toBe(200)
    const line = (await get(`${api}/inbound-order-lines?inboundOrderId=${id}`)).content[0]
    const putaway = await act(`inbound-orders/${id}/putaway`, {
      lines: [
        { inboundLineId: line.inboundLineId, locationCode: 'FSF-QC-01', quantity: 2 },
        { inboundLineId: line.inboundLineId, locationCode: 'A03-01', quantity: 3 },
      ],
    })
    expect(putaway.statusCode, putaway.body).toBe(200)
    const answer = await app.inject({
      method: 'GET',
      url: '/api/wms/v1/pub/1/stock-query?code=6900000000103',
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()[0]).toMatchObject({
      goodsCode: 'FSF-QC',
      available: 3,
      inQc: 2,
      warehouses: [{ available: 3, inQc: 2 }],
    })
  })
})
