/**
 * Issue 19, documents on the floor: a saved document page knows its number, status, totals and the actions its
 * lifecycle allows (GET page-schemas/document, server/modules/lowcode/document-facts.ts), generated over every
 * page file; and a document's totals follow its lines on every write (`header.totals`,
 * server/modules/models/document-totals.ts).
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { loadSchemaFiles } from '../../server/bootstrap.ts'
import { checkModelClashes } from '../../server/modules/models/check-model.ts'
import { modelOf } from '../../server/modules/lowcode/document-facts.ts'
import { findPageFiles } from '../../server/modules/lowcode/load-pages.ts'
import { startWarehouseApp, type WarehouseApp } from './support/warehouse-app.ts'

let app: FastifyInstance
let call: WarehouseApp['call']
let idOf: WarehouseApp['idOf']
const { models } = loadSchemaFiles('schemas/models', 'schemas/pages')

beforeAll(async () => {
  ;({ app, call, idOf } = await startWarehouseApp(['admin', 'clerk', 'jxs']))
})
afterAll(() => app.close())

interface PageFile {
  kind: string
  route: string
  idParam?: string
  dataSource?: { service: string; path: string }
}
const pageFiles = findPageFiles('schemas/pages').map((file) => ({
  file,
  page: JSON.parse(readFileSync(file, 'utf8')) as PageFile,
}))
const documentPages = pageFiles.flatMap(({ file, page }) => {
  const model = modelOf(models, page.dataSource)
  const isDocument =
    (page.kind === 'form' || page.kind === 'master-detail') && page.idParam && model?.lifecycle
  return isDocument
    ? [{ file, page, model: model as ModelSchema & Required<Pick<ModelSchema, 'lifecycle'>> }]
    : []
})

interface Facts {
  document: boolean
  statusField: string
  numberField?: string
  actions: Array<{
    name?: string
    path: string
    label?: string
    visibleWhen: { field: string; op: string; value: unknown }
  }>
  texts: Record<string, unknown>
  totals: Array<{ field: string; detail: string; of: string }>
}
const factsOf = async (route: string) =>
  call('clerk', 'GET', `/api/hpfm/v1/page-schemas/document?route=${encodeURIComponent(route)}`)

describe('document pages (every form or master-detail page with an id on a model with a lifecycle)', () => {
  it('each answers its number and status fields and only actions of its lifecycle, shown in their from-statuses', async () => {
    expect(documentPages.length).toBeGreaterThan(5)
    for (const { file, page, model } of documentPages) {
      const response = await factsOf(page.route)
      expect(response.statusCode, `${file}: ${response.body}`).toBe(200)
      const facts = response.json() as Facts
      expect(facts.document, file).toBe(true)
      expect(facts.statusField, file).toBe(model.lifecycle.field)
      expect(facts.numberField, file).toBe(model.fields.find((f) => f.codeRule)?.name)
      for (const action of facts.actions) {
        const step = action.path.split('/').pop()
        const transition = model.lifecycle.transitions.find(
          (t) => t.action === action.name || t.action === step,
        )
        expect(transition, `${file}: ${action.path} is no transition of ${model.entity}`).toBeDefined()
        // Shown only where the server would take it: within the transition's from-statuses.
        const { field, op, value } = action.visibleWhen
        expect(field, `${file}: ${action.path}`).toBe(model.lifecycle.field)
        const shownIn = op === 'eq' ? [value] : (value as unknown[])
        for (const status of shownIn) expect(transition!.from, `${file}: ${action.path}`).toContain(status)
        if (action.label) expect(facts.texts[action.label], `${file}: ${action.label}`).toBeDefined()
      }
    }
  })

  it('the documents of the issue offer their lifecycle on the page, and their totals', async () => {
    const names = async (route: string) =>
      ((await factsOf(route)).json() as Facts).actions.map((a) => a.name ?? a.path.split('/').pop())
    expect(await names('/winv/inboundOrder/detail')).toEqual(
      expect.arrayContaining(['execute', 'receive', 'putaway', 'cancel']),
    )
    expect(await names('/winv/outboundOrder/create')).toEqual(
      expect.arrayContaining(['submit', 'allocate', 'pick', 'pack', 'ship', 'cancel']),
    )
    expect(await names('/winv/jxsOutboundOrder/create')).toEqual(expect.arrayContaining(['submit', 'cancel']))
    const inbound = (await factsOf('/winv/inboundOrder/detail')).json() as Facts
    expect(inbound).toMatchObject({
      statusField: 'orderStatus',
      numberField: 'orderNum',
      totals: [{ field: 'totalQuantity', detail: 'lines', of: 'quantity' }],
    })
  })

  it('a page that is not a document page says so, and an unknown route is refused with the reason', async () => {
    for (const route of ['/wmdm/warehouse', '/hitf/data-mapping/create']) {
      const response = await factsOf(route)
      expect(response.statusCode, route).toBe(200)
      expect(response.json()).toEqual({ route, document: false })
    }
    const unknown = await factsOf('/no/such/page')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toMatch(/No page file declares the route \/no\/such\/page/)
    expect((await call('clerk', 'GET', '/api/hpfm/v1/page-schemas/document')).statusCode).toBe(400)
  })
})

describe('live totals: a document total follows its lines on every write', () => {
  const base = '/api/wms/v1/1/inbound-orders'
  const lines = '/api/wms/v1/1/inbound-order-lines'
  const total = async (id: number) =>
    Number((await call('clerk', 'GET', `${base}/${id}`)).json().totalQuantity)

  it('inbound order: with-lines, a line added, changed and deleted', async () => {
    const warehouseId = await idOf('warehouse', "warehouse_code = 'WH-E001'")
    const ownerId = await idOf('owner', "owner_code = 'OWN-A'")
    const goodsId = await idOf('goods', "goods_code = 'SKU00001'")
    const rcv = await idOf('location', `warehouse_id = ${warehouseId} and location_code = 'RCV-01'`)
    const created = await call('clerk', 'POST', `${base}/with-lines`, {
      header: { orderType: 'PURCHASE', warehouseId, ownerId, receivingLocationId: rcv, supplierName: 'S' },
      lines: [
        {
          key: 'lines',
          resource: 'inbound-order-lines',
          parentField: 'inboundOrderId',
          rows: [
            { _status: 'create', lineNum: 1, goodsId, quantity: 60 },
            { _status: 'create', lineNum: 2, goodsId, quantity: 40 },
          ],
        },
      ],
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = Number(created.json().header.inboundOrderId)
    // The answer of the save already carries the total, so the page shows it at once.
    expect(Number(created.json().header.totalQuantity)).toBe(100)
    expect(await total(id)).toBe(100)

    const added = await call('clerk', 'POST', lines, {
      inboundOrderId: id,
      lineNum: 3,
      goodsId,
      quantity: 2.5,
    })
    expect(added.statusCode, added.body).toBe(201)
    expect(await total(id)).toBe(102.5)
    const line = added.json()
    const changed = await call('clerk', 'PUT', lines, { ...line, quantity: 5 })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await total(id)).toBe(105)
    const removed = await call('clerk', 'DELETE', lines, changed.json())
    expect(removed.statusCode, removed.body).toBeLessThan(300)
    expect(await total(id)).toBe(100)
  })

  it("dealer order: the dealer's goods lines make its total quantity", async () => {
    const created = await call('jxs', 'POST', '/api/wms/v1/1/jxs-outbound-orders/with-lines', {
      header: {
        customerName: 'Dealer shop',
        receiverName: 'Li',
        receiverPhone: '13900000000',
        receiverAddress: 'R 2',
      },
      lines: [
        {
          key: 'lines',
          resource: 'jxs-outbound-lines',
          parentField: 'outboundOrderId',
          rows: [
            { _status: 'create', lineNum: 1, itemCode: 'SKU00001', quantity: 3 },
            { _status: 'create', lineNum: 2, itemCode: 'SKU00002', quantity: 4 },
          ],
        },
      ],
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(Number(created.json().header.totalQuantity)).toBe(7)
  })
})

describe("the dealer's order: goods lines picked from what their customers may order", () => {
  it('the dealer picks from the goods of their customers (WINV.DEALER_GOODS), never from others', async () => {
    const picked = await call('jxs', 'GET', '/api/hpfm/v1/1/lovs/data?lovCode=WINV.DEALER_GOODS&size=50')
    expect(picked.statusCode, picked.body).toBe(200)
    const rows = picked.json().content as Array<{ goodsCode: string; goodsName: string }>
    expect(rows.map((r) => r.goodsCode)).toEqual(
      expect.arrayContaining(['SKU00001', 'SKU00002', 'SKU00003', 'SKU00004', 'SKU00005']),
    )
    expect(rows.find((r) => r.goodsCode === 'SKU00001')?.goodsName).toBe('洗发水 500ml')
    // G-0002 may be ordered by CUS-003 only, a customer the dealer is not granted
    expect(rows.map((r) => r.goodsCode)).not.toContain('G-0002')
    const all = await call('admin', 'GET', '/api/hpfm/v1/1/lovs/data?lovCode=WINV.DEALER_GOODS&size=50')
    expect((all.json().content as Array<{ goodsCode: string }>).map((r) => r.goodsCode)).toContain('G-0002')
  })

  it('a line keeps the picked goods name beside its code', async () => {
    const created = await call('jxs', 'POST', '/api/wms/v1/1/jxs-outbound-orders/with-lines', {
      header: {
        customerName: 'Dealer shop',
        receiverName: 'Li',
        receiverPhone: '13900000000',
        receiverAddress: 'R 3',
      },
      lines: [
        {
          key: 'lines',
          resource: 'jxs-outbound-lines',
          parentField: 'outboundOrderId',
          rows: [
            { _status: 'create', lineNum: 1, itemCode: 'SKU00001', itemName: '洗发水 500ml', quantity: 2 },
          ],
        },
      ],
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().header.outboundOrderId as number
    const lines = await call('jxs', 'GET', `/api/wms/v1/1/jxs-outbound-lines?outboundOrderId=${id}`)
    expect(lines.json().content).toEqual([
      expect.objectContaining({ itemCode: 'SKU00001', itemName: '洗发水 500ml' }),
    ])
  })
})

describe('header.totals is checked with the models', () => {
  it('refuses a total naming a field that is not numeric, on the document or on the line', () => {
    const byEntity = (entity: string) => models.find((m) => m.service === 'wms' && m.entity === entity)!
    const line = byEntity('inboundOrderLine')
    const broken = {
      ...line,
      header: { ...line.header!, totals: { orderNum: 'quantity', totalQuantity: 'remark' } },
    }
    const problems = checkModelClashes([
      { file: 'inbound-order.model.json', model: byEntity('inboundOrder') },
      { file: 'inbound-order-line.model.json', model: broken },
    ])
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      "/header/totals/orderNum: 'orderNum' is not a numeric field of inboundOrder",
      "/header/totals/totalQuantity: 'remark' is not a numeric field of inboundOrderLine",
    ])
  })
})
