import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn, type Method } from '../../server/testing.ts'

/** Issue 3: a master-detail page's header and line tables are saved together, all or nothing. */
let app: FastifyInstance
let token: string
const orders = '/api/wms/v1/1/jxs-outbound-orders'
const lines = '/api/wms/v1/1/jxs-outbound-lines'

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)
const header = {
  customerName: 'Lines customer',
  receiverName: 'Wang',
  receiverPhone: '13900000001',
  receiverAddress: 'Road 2',
}
const table = (rows: unknown[]) => [
  { key: 'items', resource: 'jxs-outbound-lines', parentField: 'outboundOrderId', rows },
]
const linesOf = async (orderId: unknown) =>
  (await call('GET', `${lines}?outboundOrderId=${String(orderId)}&size=100&sort=lineNum,asc`)).json()
    .content as Array<Record<string, unknown>>

async function orderWithTwoLines() {
  const response = await call('POST', `${orders}/with-lines`, {
    header,
    lines: table([
      { _status: 'create', lineNum: 1, itemCode: 'ITEM-A', quantity: 2 },
      { _status: 'create', lineNum: 2, itemCode: 'ITEM-B', quantity: 5.5 },
    ]),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { header: Record<string, unknown>; lines: Record<string, unknown[]> }
}

describe('POST <header>/with-lines', () => {
  it('creates a header and its lines in one call, the lines pointing at the new header', async () => {
    const saved = await orderWithTwoLines()
    expect(saved.header).toMatchObject({ customerName: 'Lines customer', objectVersionNumber: 1 })
    expect(saved.lines.items).toHaveLength(2)
    const stored = await linesOf(saved.header.outboundOrderId)
    expect(stored.map((l) => [l.lineNum, l.itemCode, l.outboundOrderId])).toEqual([
      [1, 'ITEM-A', saved.header.outboundOrderId],
      [2, 'ITEM-B', saved.header.outboundOrderId],
    ])
  })

  it('rolls the header change back when a line fails (a stale line version → 409)', async () => {
    const { header: order } = await orderWithTwoLines()
    const [first, second] = await linesOf(order.outboundOrderId)
    const response = await call('POST', `${orders}/with-lines`, {
      header: { ...order, receiverName: 'Changed' },
      lines: table([
        { ...first, _status: 'update', quantity: 9 },
        { ...second, objectVersionNumber: 7, _status: 'update', quantity: 9 },
        { _status: 'create', lineNum: 3, itemCode: 'ITEM-C', quantity: 1 },
      ]),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toMatch(/^items line 2: jxsOutboundLine \d+ was changed by someone else/)
    const after = (await call('GET', `${orders}/${String(order.outboundOrderId)}`)).json()
    expect(after).toMatchObject({ receiverName: 'Wang', objectVersionNumber: 1 })
    const stored = await linesOf(order.outboundOrderId)
    expect(stored.map((l) => [l.lineNum, Number(l.quantity), l.objectVersionNumber])).toEqual([
      [1, 2, 1],
      [2, 5.5, 1],
    ])
  })

  it('answers 409 for a stale header version and writes nothing', async () => {
    const { header: order } = await orderWithTwoLines()
    const response = await call('POST', `${orders}/with-lines`, {
      header: { ...order, objectVersionNumber: 5, receiverName: 'Late' },
      lines: table([{ _status: 'create', lineNum: 3, itemCode: 'ITEM-C', quantity: 1 }]),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'error.object_version_changed' })
    expect((await call('GET', `${orders}/${String(order.outboundOrderId)}`)).json()).toMatchObject({
      receiverName: 'Wang',
      objectVersionNumber: 1,
    })
    expect(await linesOf(order.outboundOrderId)).toHaveLength(2)
  })

  it('validates every line with its model’s rules and names the line, before writing anything', async () => {
    const response = await call('POST', `${orders}/with-lines`, {
      header,
      lines: table([
        { _status: 'create', lineNum: 1, itemCode: 'ITEM-A', quantity: 1 },
        { _status: 'create', lineNum: 2, itemCode: '' },
      ]),
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.fields).toMatchObject({
      'lines/items/1/itemCode': expect.stringMatching(/^items line 2: itemCode is required/),
      'lines/items/1/quantity': expect.stringMatching(/^items line 2: quantity is required/),
    })
    const textId = await call('POST', `${orders}/with-lines`, {
      header,
      lines: table([{ _status: 'delete', outboundLineId: 'abc', objectVersionNumber: 1 }]),
    })
    expect(textId.statusCode).toBe(400)
    expect(textId.json().fields).toMatchObject({
      'lines/items/0/outboundLineId': expect.stringMatching(
        /^items line 1: outboundLineId must be a whole number/,
      ),
    })
    const list = (await call('GET', `${orders}?customerName=Lines&size=100`)).json()
    expect(list.totalElements).toBe(3) // the three orders of the tests above, no fourth
  })

  it('refuses lines of another header and an unknown line resource, with what to fix', async () => {
    const a = await orderWithTwoLines()
    const b = await orderWithTwoLines()
    const [lineOfB] = await linesOf(b.header.outboundOrderId)
    const foreign = await call('POST', `${orders}/with-lines`, {
      header: a.header,
      lines: table([{ ...lineOfB, _status: 'delete' }]),
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toMatch(/belongs to another header/)
    expect(await linesOf(b.header.outboundOrderId)).toHaveLength(2)
    const unknown = await call('POST', `${orders}/with-lines`, {
      header: a.header,
      lines: [{ key: 'items', resource: 'nothing-here', parentField: 'outboundOrderId', rows: [] }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(
      /no model with resource 'nothing-here': use one of .*jxs-outbound-lines/,
    )
  })
})
