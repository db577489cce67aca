import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const base = '/api/wms/v1/1/jxs-outbound-orders'

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

const order = {
  customerName: 'Dealer customer',
  receiverName: 'Li',
  receiverPhone: '13900000000',
  receiverAddress: 'Road 1',
  expectedDate: '2026-12-01',
}

describe('dealer outbound orders', () => {
  it('shows the dealer only the orders the dealer created; the admin sees all', async () => {
    const all = (await call('admin', 'GET', `${base}?size=100`)).json()
    expect(all.totalElements).toBe(25)
    const own = (await call('jxs', 'GET', `${base}?size=100`)).json()
    expect(own.totalElements).toBe(13)
    expect(own.content.every((row: { createdBy: number }) => row.createdBy === 4)).toBe(true)
    const adminsOrder = all.content.find((row: { createdBy: number }) => row.createdBy === 1)
    expect((await call('jxs', 'GET', `${base}/${adminsOrder.outboundOrderId}`)).statusCode).toBe(404)
    expect((await call('jxs', 'PUT', base, { ...adminsOrder, remark: 'mine now' })).statusCode).toBe(404)
  })

  it('numbers new orders from the code rule and defaults the status', async () => {
    const first = (await call('jxs', 'POST', base, order)).json()
    const second = (await call('jxs', 'POST', base, order)).json()
    expect(first.orderNum).toMatch(/^JXS\d{8}\d{5}$/)
    expect(Number(second.orderNum.slice(-5))).toBe(Number(first.orderNum.slice(-5)) + 1)
    expect(first).toMatchObject({ orderStatus: 'NEW', createdBy: 4, expectedDate: '2026-12-01' })
    const newest = (await call('jxs', 'GET', `${base}?size=1`)).json().content[0]
    expect(newest.orderNum).toBe(second.orderNum)
  })

  it('filters by a date range and refuses a bad date', async () => {
    const range = (
      await call('admin', 'GET', `${base}?expectedDateFrom=2026-12-01&expectedDateTo=2026-12-05&size=100`)
    ).json()
    expect(range.content.length).toBeGreaterThan(0)
    expect(
      range.content.every(
        (row: { expectedDate: string }) =>
          row.expectedDate >= '2026-12-01' && row.expectedDate <= '2026-12-05',
      ),
    ).toBe(true)
    const bad = await call('jxs', 'POST', base, { ...order, expectedDate: '01/12/2026' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields.expectedDate).toContain('expectedDate')
  })

  it('keeps the clerk (no order permissions) from creating orders', async () => {
    const response = await call('clerk', 'POST', base, order)
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toContain('winv.jxsOutboundOrder.button.create')
  })
})
