/**
 * Found goods recorded from the handheld (issue 19; schemas/README.md "Scanning on the floor"): the scan station
 * adds a line of found goods through the desk's route (POST stock-count-lines) naming the place and goods as
 * scanned — location code, barcode or goods code, any case — under the same rule as the desk (count-found.ts):
 * unknown goods or location are 400 naming the scanned field, a count not COUNTING refuses the line, and goods
 * tracked by lot give their lot, with its expiry date when the goods track expiry (a new lot is written as a
 * receipt writes it; a known lot's dates must agree). Posting books the found quantity with the lot's dates.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let kit: WarehouseApp
const api = '/api/wms/v1/1'
const ids = {} as Record<'warehouse' | 'ownerA' | 'rcv' | 'shelf', number>

/** `quantity` of `goods` received and put away at the shelf, so a count of the shelf has a line to start. */
async function stockAtShelf(goods: Row, quantity: number) {
  const order = await kit.inboundOrder(goods, quantity, ids.shelf, {
    warehouseId: ids.warehouse,
    ownerId: ids.ownerA,
    receivingLocationId: ids.rcv,
  })
  for (const action of ['execute', 'receive', 'putaway']) {
    const done = await kit.act('inbound-orders', order.inboundOrderId, action)
    expect(done.statusCode, `${action}: ${done.body}`).toBe(200)
  }
}

/** A count of the shelf, started (COUNTING). */
async function countingShelf(): Promise<Row> {
  const created = await kit.call('clerk', 'POST', `${api}/stock-counts`, {
    warehouseId: ids.warehouse,
    locationId: ids.shelf,
    countType: 'CYCLE',
  })
  expect(created.statusCode, created.body).toBe(201)
  const count = created.json() as Row
  const started = await kit.act('stock-counts', count.stockCountId, 'start')
  expect(started.statusCode, started.body).toBe(200)
  return count
}

/** What the scan station sends for goods found at a location: the codes as scanned. */
const scanFound = (count: Row, body: Row) =>
  kit.call('clerk', 'POST', `${api}/stock-count-lines`, { stockCountId: count.stockCountId, ...body })

const balanceDates = async (goodsId: number, batchCode: string) =>
  (
    await sql<{ quantity: string; expiry: string | null }>`select quantity,
      to_char(expiry_date, 'YYYY-MM-DD') as expiry from winv_stock
      where tenant_id = 1 and location_id = ${ids.shelf} and goods_id = ${goodsId}
        and batch_code = ${batchCode}`.execute(app.db)
  ).rows[0]

beforeAll(async () => {
  kit = await startWarehouseApp(['admin', 'clerk'])
  app = kit.app
  ids.warehouse = await kit.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ids.ownerA = await kit.idOf('owner', "owner_code = 'OWN-A'")
  const location = (code: string) =>
    kit.idOf('location', `warehouse_id = ${ids.warehouse} and location_code = '${code}'`)
  ids.rcv = await location('RCV-01')
  ids.shelf = await location('A03-01')
})
afterAll(() => app.close())

describe('goods found by a scan, recorded through the line route', () => {
  it('adds the found line from the scanned location code and barcode (any case), once', async () => {
    await stockAtShelf(await kit.newGoods('CFS-BOOK1'), 2)
    const found = await kit.newGoods('CFS-FOUND1', { barcode: '6955000000101' })
    const count = await countingShelf()

    const byBarcode = await scanFound(count, {
      locationCode: 'a03-01',
      barcode: '6955000000101',
      countedQuantity: 4,
    })
    expect(byBarcode.statusCode, byBarcode.body).toBe(201)
    expect(byBarcode.json()).toMatchObject({
      locationId: ids.shelf,
      locationCode: 'A03-01',
      goodsId: found.goodsId,
      goodsCode: 'CFS-FOUND1',
      barcode: '6955000000101',
      bookQuantity: 0,
      countedQuantity: 4,
      differenceQuantity: 4,
      foundFlag: 1,
    })
    // the same goods again (by its goods code this time): the line exists, count on it
    const twice = await scanFound(count, {
      locationCode: 'A03-01',
      barcode: 'cfs-found1',
      countedQuantity: 1,
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'error.count_line_exists' })

    const posted = await kit.act('stock-counts', count.stockCountId, 'post')
    expect(posted.statusCode, posted.body).toBe(200)
    expect(await kit.onHand(ids.shelf, found.goodsId)).toBe(4)
  })

  it('refuses goods no one has, a location not in the warehouse or not counted, and a count not open', async () => {
    await stockAtShelf(await kit.newGoods('CFS-BOOK2'), 1)
    await kit.newGoods('CFS-FOUND2', { barcode: '6955000000202' })
    const count = await countingShelf()

    const unknown = await scanFound(count, {
      locationCode: 'A03-01',
      barcode: '0000NOPE',
      countedQuantity: 1,
    })
    expect(unknown.statusCode, unknown.body).toBe(400)
    expect(unknown.json().fields).toHaveProperty('barcode')
    expect(unknown.json().message).toContain('no goods has the barcode or code 0000NOPE')

    const nowhere = await scanFound(count, {
      locationCode: 'ZZ-99',
      barcode: '6955000000202',
      countedQuantity: 1,
    })
    expect(nowhere.statusCode, nowhere.body).toBe(400)
    expect(nowhere.json().fields).toHaveProperty('locationCode')

    const elsewhere = await scanFound(count, {
      locationCode: 'A03-02',
      barcode: '6955000000202',
      countedQuantity: 1,
    })
    expect(elsewhere.statusCode, elsewhere.body).toBe(400)
    expect(elsewhere.json().fields).toHaveProperty('locationId')

    const nothing = await scanFound(count, { countedQuantity: 1 })
    expect(nothing.statusCode, nothing.body).toBe(400)
    expect(nothing.json().fields).toHaveProperty('locationId')

    const cancelled = await kit.act('stock-counts', count.stockCountId, 'cancel')
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const closed = await scanFound(count, {
      locationCode: 'A03-01',
      barcode: '6955000000202',
      countedQuantity: 1,
    })
    expect(closed.statusCode, closed.body).toBe(409)
    expect(closed.json().message).toContain('CANCELLED')
    const lines = await kit.get(`${api}/stock-count-lines?stockCountId=${count.stockCountId}&size=50`)
    expect((lines.content as Row[]).map((line) => line.goodsCode)).not.toContain('CFS-FOUND2')
  })

  it('a found lot of expiry-tracked goods needs its lot and expiry date; posting books it with that date', async () => {
    await stockAtShelf(await kit.newGoods('CFS-BOOK3'), 1)
    const milk = await kit.newGoods('CFS-MILK', {
      barcode: '6955000000303',
      batchManagedFlag: 1,
      expiryManagedFlag: 1,
    })
    const count = await countingShelf()
    const milkAt = { locationCode: 'A03-01', barcode: '6955000000303', countedQuantity: 6 }

    const noLot = await scanFound(count, milkAt)
    expect(noLot.statusCode, noLot.body).toBe(400)
    expect(noLot.json().fields).toHaveProperty('batchCode')
    const noDate = await scanFound(count, { ...milkAt, batchCode: 'L7' })
    expect(noDate.statusCode, noDate.body).toBe(400)
    expect(noDate.json().fields).toHaveProperty('expiryDate')
    const badDate = await scanFound(count, { ...milkAt, batchCode: 'L7', expiryDate: '2027-02-30' })
    expect(badDate.statusCode, badDate.body).toBe(400)
    expect(badDate.json().fields).toHaveProperty('expiryDate')

    const dated = await scanFound(count, { ...milkAt, batchCode: 'L7', expiryDate: '2027-06-30' })
    expect(dated.statusCode, dated.body).toBe(201)
    expect(dated.json()).toMatchObject({
      goodsCode: 'CFS-MILK',
      batchCode: 'L7',
      expiryDate: '2027-06-30',
      foundFlag: 1,
    })
    // a known lot keeps its dates: another date for it is refused
    const other = await countingShelf()
    const clash = await scanFound(other, { ...milkAt, batchCode: 'L7', expiryDate: '2028-01-01' })
    expect(clash.statusCode, clash.body).toBe(409)
    expect(clash.json()).toMatchObject({ code: 'error.lot_dates' })

    const posted = await kit.act('stock-counts', count.stockCountId, 'post')
    expect(posted.statusCode, posted.body).toBe(200)
    expect(await balanceDates(milk.goodsId, 'L7')).toEqual({
      quantity: expect.anything(),
      expiry: '2027-06-30',
    })
    expect(await kit.onHand(ids.shelf, milk.goodsId, 'L7')).toBe(6)
  })

  it('goods not tracked by lot take no dates', async () => {
    await stockAtShelf(await kit.newGoods('CFS-BOOK4'), 1)
    await kit.newGoods('CFS-SOAP', { barcode: '6955000000404' })
    const count = await countingShelf()
    const dated = await scanFound(count, {
      locationCode: 'A03-01',
      barcode: '6955000000404',
      countedQuantity: 1,
      expiryDate: '2027-06-30',
    })
    expect(dated.statusCode, dated.body).toBe(400)
    expect(dated.json().fields).toHaveProperty('expiryDate')
    expect(dated.json().message).toContain('CFS-SOAP is not tracked by lot')
  })
})
