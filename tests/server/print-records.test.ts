/**
 * Print records (server/modules/winv/print-records.ts): a label print or a document print is recorded with what,
 * which document, labels, copies, who and when; unknown templates, documents and types are refused with the
 * error envelope, and only holders of the code may record.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
const tokens: Record<string, string> = {}
const record = '/api/wms/v1/1/print-records/record'

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const list = async (query: string): Promise<Row[]> =>
  (await call('admin', 'GET', `/api/wms/v1/1/print-records?${query}`)).json().content

describe('print records', () => {
  it('records a label print and a document print with who and when; the list shows them', async () => {
    const template: Row = (await call('admin', 'GET', '/api/hrpt/v1/1/label-templates?size=1')).json()
      .content[0]
    expect(template).toBeTruthy()
    const label = await call('clerk', 'POST', record, {
      printType: 'LABEL',
      templateCode: template.templateCode,
      params: { goodsCode: 'SKU00001' },
      labelCount: 12,
    })
    expect(label.statusCode, label.body).toBe(201)
    expect(label.json()).toMatchObject({
      printType: 'LABEL',
      templateCode: template.templateCode,
      templateName: template.templateName,
      labelCount: 12,
      copies: 1,
      params: '{"goodsCode":"SKU00001"}',
    })
    expect(label.json().operatorId).toBeGreaterThan(0)
    expect(label.json().printDate).toBeTruthy()

    const order: Row = (await call('admin', 'GET', '/api/wms/v1/1/outbound-orders?size=1')).json().content[0]
    const document = await call('clerk', 'POST', record, {
      printType: 'DOCUMENT',
      docType: 'OUTBOUND',
      docNum: order.orderNum,
      copies: 2,
    })
    expect(document.statusCode, document.body).toBe(201)
    const listed = await list(`docNum=${order.orderNum}`)
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ printType: 'DOCUMENT', docType: 'OUTBOUND', copies: 2 })
    expect(listed[0]!.operatorName).toBeTruthy()
    expect((await list(`templateCode=${template.templateCode}`)).length).toBeGreaterThan(0)
  })

  it('refuses unknown templates, documents and types, and callers without the code', async () => {
    const before = (await list('size=500')).length
    const cases: Array<[Row, RegExp]> = [
      [{ printType: 'LABEL' }, /templateCode: name the label template/],
      [{ printType: 'LABEL', templateCode: 'NO-SUCH-LABEL' }, /NO-SUCH-LABEL does not exist/],
      [{ printType: 'DOCUMENT', docType: 'INVOICE', docNum: 'X' }, /'INVOICE' is not a printable document/],
      [{ printType: 'DOCUMENT', docType: 'OUTBOUND', docNum: 'OUT-NOPE' }, /OUT-NOPE does not exist/],
      [{ printType: 'DOCUMENT', docType: 'OUTBOUND' }, /docNum: give the number/],
    ]
    for (const [body, message] of cases) {
      const response = await call('clerk', 'POST', record, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().message).toMatch(message)
    }
    const badCopies = await call('clerk', 'POST', record, {
      printType: 'LABEL',
      templateCode: 'X',
      copies: 0,
    })
    expect(badCopies.statusCode).toBe(400)
    const denied = await call('jxs', 'POST', record, { printType: 'LABEL', templateCode: 'X' })
    expect(denied.statusCode).toBe(403)
    expect((await list('size=500')).length).toBe(before)
    // the list is read-only: no generic create
    expect(
      (await call('admin', 'POST', '/api/wms/v1/1/print-records', { printType: 'LABEL' })).statusCode,
    ).toBe(404)
  })

  it('records a document print only of a document the user may see (the model scope of the document)', async () => {
    // the inbound orders the clerk sees (granted warehouses and owners) and one they do not
    const all: Row[] = (await call('admin', 'GET', '/api/wms/v1/1/inbound-orders?size=200')).json().content
    const visible = new Set(
      ((await call('clerk', 'GET', '/api/wms/v1/1/inbound-orders?size=200')).json().content as Row[]).map(
        (row) => row.orderNum,
      ),
    )
    const mine = all.find((row) => visible.has(row.orderNum))
    const theirs = all.find((row) => !visible.has(row.orderNum))
    expect(mine && theirs).toBeTruthy()
    const refused = await call('clerk', 'POST', record, {
      printType: 'DOCUMENT',
      docType: 'INBOUND',
      docNum: theirs!.orderNum,
      copies: 1,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ fields: { docNum: 'unknown document' } })
    expect(refused.json().message).toContain(
      `${theirs!.orderNum} does not exist in this tenant (or is not yours)`,
    )
    expect(await list(`docNum=${theirs!.orderNum}`)).toHaveLength(0)

    const printed = await call('clerk', 'POST', record, {
      printType: 'DOCUMENT',
      docType: 'INBOUND',
      docNum: mine!.orderNum,
      copies: 3,
    })
    expect(printed.statusCode, printed.body).toBe(201)
    expect(printed.json()).toMatchObject({
      printType: 'DOCUMENT',
      docType: 'INBOUND',
      docNum: mine!.orderNum,
      copies: 3,
      operatorId: 3,
    })
    // the administrator may print the other one
    const admin = await call('admin', 'POST', record, {
      printType: 'DOCUMENT',
      docType: 'INBOUND',
      docNum: theirs!.orderNum,
    })
    expect(admin.statusCode, admin.body).toBe(201)
    expect(await list(`docNum=${theirs!.orderNum}`)).toMatchObject([{ copies: 1, docType: 'INBOUND' }])
  })

  it('records wave and pack prints, whose print pages read the wave orders and the pack order lines', async () => {
    const wms = '/api/wms/v1/1'
    const wave: Row = (await call('clerk', 'GET', `${wms}/wave-orders?size=1`)).json().content[0]
    const pack: Row = (await call('clerk', 'GET', `${wms}/outbound-packs?size=1`)).json().content[0]
    expect(wave && pack).toBeTruthy()
    // what /winv/waveOrder/print and /winv/outboundPacks/print ask for their lines
    const orders = await call(
      'clerk',
      'GET',
      `${wms}/outbound-orders?waveId=${wave.waveId}&size=1000&sort=sortingPosition,asc`,
    )
    expect(orders.statusCode, orders.body).toBe(200)
    const lines = await call(
      'clerk',
      'GET',
      `${wms}/outbound-lines?outboundOrderId=${pack.outboundOrderId}&size=1000&sort=lineNum,asc`,
    )
    expect(lines.statusCode, lines.body).toBe(200)
    expect(lines.json().content.length).toBeGreaterThan(0)
    for (const [docType, docNum] of [
      ['WAVE', wave.waveNum],
      ['PACK', pack.packNum],
    ]) {
      const printed = await call('clerk', 'POST', record, {
        printType: 'DOCUMENT',
        docType,
        docNum,
        copies: 2,
      })
      expect(printed.statusCode, printed.body).toBe(201)
      expect(await list(`docNum=${docNum}`)).toMatchObject([{ docType, copies: 2 }])
    }
  })
})
