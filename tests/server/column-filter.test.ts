/**
 * Column header filters (CORE-TBL-07/08) reach the warehouse list as ordinary `conditions`: fuzzy → LIKE,
 * exact → IN, exclude → NOT_IN with the values as a JSON array, so a value with commas and spaces survives.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { columnFilterCondition, type ColumnFilterValue } from '../../renderer/contract/column-filter.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token = ''
const warehouses = '/api/wms/v1/1/warehouses'

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
  const created = await injectAs(app, token, 'POST', warehouses, {
    warehouseCode: 'WH-COMMA',
    warehouseName: 'Dock 7, north yard',
    warehouseType: 'COLD',
    enabledFlag: 1,
  })
  expect(created.statusCode).toBe(201)
})
afterAll(() => app.close())

type Row = { warehouseCode: string; warehouseName: string; warehouseType: string }
async function filtered(field: string, filter: ColumnFilterValue) {
  const condition = columnFilterCondition(field, 'STRING', filter)
  const query = encodeURIComponent(JSON.stringify([condition]))
  const response = await injectAs(app, token, 'GET', `${warehouses}?size=200&conditions=${query}`)
  return { status: response.statusCode, body: response.json() as { content: Row[]; message?: string } }
}
const all = async () => (await injectAs(app, token, 'GET', `${warehouses}?size=200`)).json().content as Row[]

describe('CORE-TBL-07: column filter modes on the server', () => {
  it('fuzzy (1) keeps rows containing the text, any case', async () => {
    const { status, body } = await filtered('warehouseName', { mode: 1, values: ['north YARD'] })
    expect(status).toBe(200)
    expect(body.content.map((r) => r.warehouseCode)).toEqual(['WH-COMMA'])
  })

  it('exact (2) keeps rows equal to one of the values', async () => {
    const { body } = await filtered('warehouseType', { mode: 2, values: ['COLD', 'BONDED'] })
    const expected = (await all()).filter((r) => ['COLD', 'BONDED'].includes(r.warehouseType))
    expect(body.content.length).toBe(expected.length)
    expect(body.content.every((r) => ['COLD', 'BONDED'].includes(r.warehouseType))).toBe(true)
  })

  it('CORE-TBL-08: exclude (3) with a value holding a comma and spaces removes exactly that row', async () => {
    const everyRow = await all()
    const { body } = await filtered('warehouseName', { mode: 3, values: ['Dock 7, north yard'] })
    expect(body.content.map((r) => r.warehouseCode)).not.toContain('WH-COMMA')
    expect(body.content.length).toBe(everyRow.length - 1)
    const exact = await filtered('warehouseName', { mode: 2, values: ['Dock 7, north yard'] })
    expect(exact.body.content.map((r) => r.warehouseCode)).toEqual(['WH-COMMA'])
  })

  it('a column whose field the model does not allow filtering is refused with the envelope', async () => {
    const { status, body } = await filtered('contactName', { mode: 2, values: ['Li'] })
    expect(status).toBe(400)
    expect(body.message).toMatch(/'contactName' cannot be filtered on warehouse/)
  })
})
