/**
 * Allocation messages name the goods by code (issue 19, clerk-day walk): an outbound line saved by an API client
 * with its goodsId only has no copy of the goods code (the picker fills it on the screens), and the shortage
 * message and the wave's release note said the goods' id ("allocated 22 8 of 20"). They read the goods' own
 * code now (server/modules/outbound/order-stock.ts orderLines).
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWarehouseApp, type WarehouseApp } from './support/warehouse-app.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let call: WarehouseApp['call']
let warehouseId = 0
let ownerId = 0
const api = '/api/wms/v1/1'

beforeAll(async () => {
  const started = await startWarehouseApp(['admin', 'clerk'])
  ;({ app, call } = started)
  warehouseId = await started.idOf('warehouse', "warehouse_code = 'WH-E001'")
  ownerId = await started.idOf('owner', "owner_code = 'OWN-A'")
})
afterAll(async () => {
  await app?.close()
})

async function ok(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Row> {
  const response = await call('clerk', method, url, body)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json()
}

/** A SUBMITTED order of `quantity` of new goods without stock, its line saved with the goodsId only. */
async function orderOfNewGoods(code: string, quantity: number, extra: Row = {}) {
  const goods = await ok('POST', `${api}/goods`, {
    goodsCode: code,
    goodsName: `${code} name`,
    ownerId,
    uomCode: 'EA',
    weight: 1,
  })
  const { header } = await ok('POST', `${api}/outbound-orders/with-lines`, {
    header: {
      orderType: 'NORMAL',
      warehouseId,
      ownerId,
      customerName: 'Messages customer',
      receiverName: 'Receiver',
      receiverPhone: '13900008888',
      receiverAddress: '8 Test road',
      ...extra,
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: [{ _status: 'create', lineNum: 1, goodsId: goods.goodsId, quantity }],
      },
    ],
  })
  const id = header.outboundOrderId as number
  await ok('POST', `${api}/outbound-orders/${id}/submit`, await ok('GET', `${api}/outbound-orders/${id}`))
  return { goods, id, orderNum: String(header.orderNum) }
}

describe('allocation messages', () => {
  it('a shortage names the goods by its code, not its id', async () => {
    const { goods, id } = await orderOfNewGoods('AM-SHORT', 3)
    const line = (await ok('GET', `${api}/outbound-lines?outboundOrderId=${id}`)).content[0]
    expect(line.goodsCode ?? null).toBeNull()
    const refused = await call(
      'clerk',
      'POST',
      `${api}/outbound-orders/${id}/allocate`,
      await ok('GET', `${api}/outbound-orders/${id}`),
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toContain('goods AM-SHORT needs 3')
    expect(refused.json().message).not.toContain(`goods ${String(goods.goodsId)} needs`)
  })
})
