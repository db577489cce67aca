/**
 * Processing orders (server/modules/outbound/processing.ts): NEW → start → PROCESSING → complete → DONE, where
 * complete consumes the BOM's components and books the made goods in through the stock ledger in one
 * transaction; a component short rolls everything back; kitting without a BOM, a bad quantity or no work
 * location are refused with the error envelope.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let token: string
const api = '/api/wms/v1/1'
const goods: Record<string, Row> = {}
const warehouses: Record<string, number> = {}
const workLocation: Record<string, number> = {}

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
  for (const code of ['SKU00005', 'SKU00006', 'SKU00007', 'SKU00001'])
    goods[code] = (await get(`${api}/goods?goodsCode=${code}`)).content[0]
  for (const code of ['WH-E001', 'WH-E002']) {
    warehouses[code] = (await get(`${api}/warehouses?warehouseCode=${code}`)).content[0].warehouseId
    workLocation[code] = (
      await get(`${api}/locations?warehouseId=${warehouses[code]}&locationCode=RCV-01`)
    ).content.find((l: Row) => l.locationCode === 'RCV-01').locationId
  }
  // kit SKU00005 = 1 × SKU00007 + 2 × SKU00006 (all of owner OWN-A)
  const bom = await call('POST', `${api}/bom-orders`, {
    bomCode: 'BOM-TEST-KIT5',
    bomName: 'Test kit',
    ownerId: goods.SKU00005!.ownerId,
    kitGoodsCode: 'SKU00005',
    enabledFlag: 1,
  })
  expect(bom.statusCode, bom.body).toBe(201)
  for (const [code, quantity] of [
    ['SKU00007', 1],
    ['SKU00006', 2],
  ] as const) {
    const line = await call('POST', `${api}/bom-order-lines`, {
      bomId: bom.json().bomId,
      bomCode: 'BOM-TEST-KIT5',
      componentGoodsCode: code,
      quantity,
    })
    expect(line.statusCode, line.body).toBe(201)
  }
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)
const get = async (url: string) => (await call('GET', url)).json()
const orders = `${api}/processing-orders`

async function onHand(code: string, warehouse = 'WH-E001') {
  const rows: Row[] = (
    await get(`${api}/stocks?warehouseId=${warehouses[warehouse]}&goodsId=${goods[code]!.goodsId}&size=100`)
  ).content
  return rows.reduce((sum, r) => sum + Number(r.quantity), 0)
}
async function newOrder(extra: Row) {
  const response = await call('POST', orders, {
    processingType: 'KITTING',
    warehouseId: warehouses['WH-E001'],
    goodsId: goods.SKU00005!.goodsId,
    goodsCode: 'SKU00005',
    quantity: 3,
    locationId: workLocation['WH-E001'],
    ...extra,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Row
}
const act = async (row: Row, action: string, extra: Row = {}) =>
  call('POST', `${orders}/${row.processingId}/${action}`, {
    ...(await get(`${orders}/${row.processingId}`)),
    ...extra,
  })
async function step(row: Row, action: string, extra: Row = {}) {
  const response = await act(row, action, extra)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Row
}
const ledger = async (docNum: string): Promise<Row[]> =>
  (await get(`${api}/stock-transactions?docNum=${docNum}&size=100`)).content

describe('processing order', () => {
  it('complete consumes the components and books the kit in, through the ledger', async () => {
    const before = {
      kit: await onHand('SKU00005'),
      six: await onHand('SKU00006'),
      seven: await onHand('SKU00007'),
    }
    const order = await newOrder({})
    expect(order).toMatchObject({ processingStatus: 'NEW', locationCode: 'RCV-01' })
    expect((await act(order, 'complete')).statusCode).toBe(409) // only from PROCESSING
    const started = await step(order, 'start')
    const tooMany = await act(started, 'complete', { processedQuantity: 4 })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toMatch(/at most 3/)
    const done = await step(started, 'complete', { processedQuantity: 2 })
    expect(done).toMatchObject({ processingStatus: 'DONE', processedQuantity: 2 })
    expect(await onHand('SKU00005')).toBe(before.kit + 2)
    expect(await onHand('SKU00006')).toBe(before.six - 4)
    expect(await onHand('SKU00007')).toBe(before.seven - 2)
    const log = await ledger(order.processingNum)
    const sum = (type: string, goodsId: number) =>
      log
        .filter((r) => r.docType === type && r.goodsId === goodsId)
        .reduce((s, r) => s + Number(r.quantityChange), 0)
    expect(sum('PROCESS_CONSUME', goods.SKU00006!.goodsId)).toBe(-4)
    expect(sum('PROCESS_CONSUME', goods.SKU00007!.goodsId)).toBe(-2)
    expect(sum('PROCESS_PRODUCE', goods.SKU00005!.goodsId)).toBe(2)
    expect(log.find((r) => r.docType === 'PROCESS_PRODUCE')!.locationId).toBe(workLocation['WH-E001'])
  })

  it('a component short answers 409 and rolls the whole step back', async () => {
    // WH-E002 holds SKU00007 but no SKU00006: the first component is taken, then the second is short
    const seven = await onHand('SKU00007', 'WH-E002')
    expect(seven).toBeGreaterThan(0)
    expect(await onHand('SKU00006', 'WH-E002')).toBe(0)
    const order = await step(
      await newOrder({
        warehouseId: warehouses['WH-E002'],
        locationId: workLocation['WH-E002'],
        quantity: 1,
      }),
      'start',
    )
    const refused = await act(order, 'complete')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'error.stock_shortage' })
    expect(refused.json().message).toMatch(/not enough SKU00006 to make 1 × SKU00005: needs 2, 0 available/)
    expect(await onHand('SKU00007', 'WH-E002')).toBe(seven)
    expect(await ledger(order.processingNum)).toEqual([])
    expect((await get(`${orders}/${order.processingId}`)).processingStatus).toBe('PROCESSING')
  })

  it('kitting without a BOM and a BOM order without a work location are refused; labelling moves no stock', async () => {
    const noBom = await step(
      await newOrder({ goodsId: goods.SKU00001!.goodsId, goodsCode: 'SKU00001' }),
      'start',
    )
    const refused = await act(noBom, 'complete')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/needs an enabled BOM/)

    const noPlace = await step(await newOrder({ locationId: null }), 'start')
    const where = await act(noPlace, 'complete')
    expect(where.statusCode).toBe(400)
    expect(where.json().message).toMatch(/work location \(locationId\)/)

    const before = await onHand('SKU00001')
    const label = await step(
      await newOrder({
        processingType: 'LABELLING',
        goodsId: goods.SKU00001!.goodsId,
        goodsCode: 'SKU00001',
      }),
      'start',
    )
    expect((await step(label, 'complete')).processingStatus).toBe('DONE')
    expect(await onHand('SKU00001')).toBe(before)
    expect(await ledger(label.processingNum)).toEqual([])

    const elsewhere = await call('POST', orders, {
      processingType: 'KITTING',
      warehouseId: warehouses['WH-E001'],
      goodsId: goods.SKU00005!.goodsId,
      quantity: 1,
      locationId: workLocation['WH-E002'],
    })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().message).toMatch(/not in warehouse/)
  })
})
