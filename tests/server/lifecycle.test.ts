/**
 * Document lifecycles (server/modules/models/lifecycle.ts) on the dealer outbound order: NEW → submit →
 * SUBMITTED, NEW|SUBMITTED → cancel → CANCELLED, edit and delete only while NEW.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultModelBehaviour } from '../../server/model-behaviour.ts'
import { modelBehaviour } from '../../server/modules/models/behaviour.ts'
import { AppError } from '../../server/errors.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const base = '/api/wms/v1/1/jxs-outbound-orders'

// An effect that refuses a submit of an order remarked 'refuse me', added to the app's behaviour list.
const refusing = modelBehaviour({
  model: 'wms/jxs-outbound-order',
  transitions: {
    submit: async ({ row }) => {
      if (row.remark === 'refuse me') throw new AppError(409, 'error.test', 'refused by an effect')
    },
  },
})

beforeAll(async () => {
  app = await createTestApp({}, { behaviour: [...defaultModelBehaviour, refusing] })
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

const newOrder = async (extra: Record<string, unknown> = {}) =>
  (
    await call('jxs', 'POST', base, {
      customerName: 'Lifecycle customer',
      receiverName: 'Li',
      receiverPhone: '13900000000',
      receiverAddress: 'Road 1',
      ...extra,
    })
  ).json()

describe('document lifecycle', () => {
  it('starts every new document in its initial status, whatever the body says', async () => {
    const order = await newOrder({ orderStatus: 'SHIPPED' })
    expect(order.orderStatus).toBe('NEW')
  })

  it('moves along its transitions and refuses any other move with 409 naming the status', async () => {
    const order = await newOrder()
    const submitted = await call('jxs', 'POST', `${base}/${order.outboundOrderId}/submit`, order)
    expect(submitted.statusCode).toBe(200)
    expect(submitted.json()).toMatchObject({ orderStatus: 'SUBMITTED', objectVersionNumber: 2 })
    const again = await call('jxs', 'POST', `${base}/${order.outboundOrderId}/submit`, submitted.json())
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/is SUBMITTED: 'submit' needs NEW/)
    const cancelled = await call('jxs', 'POST', `${base}/${order.outboundOrderId}/cancel`, submitted.json())
    expect(cancelled.json()).toMatchObject({ orderStatus: 'CANCELLED' })
  })

  it('refuses a stale version and leaves the status alone', async () => {
    const order = await newOrder()
    await call('jxs', 'PUT', base, { ...order, remark: 'changed' })
    const stale = await call('jxs', 'POST', `${base}/${order.outboundOrderId}/submit`, order)
    expect(stale.statusCode).toBe(409)
    expect((await call('jxs', 'GET', `${base}/${order.outboundOrderId}`)).json().orderStatus).toBe('NEW')
  })

  it('never changes the status through an update, and allows updates and deletes only while NEW', async () => {
    const order = await newOrder()
    const updated = (await call('jxs', 'PUT', base, { ...order, orderStatus: 'SHIPPED', remark: 'x' })).json()
    expect(updated).toMatchObject({ orderStatus: 'NEW', remark: 'x' })
    const submitted = (await call('jxs', 'POST', `${base}/${order.outboundOrderId}/submit`, updated)).json()
    const edit = await call('jxs', 'PUT', base, { ...submitted, remark: 'late change' })
    expect(edit.statusCode).toBe(409)
    expect(edit.json().message).toMatch(/can be changed only while NEW/)
    const removal = await call('jxs', 'DELETE', base, submitted)
    expect(removal.statusCode).toBe(409)
    expect(removal.json().message).toMatch(/only a NEW one can be deleted; cancel it instead/)
  })

  it('guards each action with its permission code and keeps other dealers out', async () => {
    const order = await newOrder()
    const byClerk = await call('clerk', 'POST', `${base}/${order.outboundOrderId}/submit`, order)
    expect(byClerk.statusCode).toBe(403)
    const unknown = await call('jxs', 'POST', `${base}/999999/submit`, {})
    expect(unknown.statusCode).toBe(404)
  })

  it('rolls the status back when an effect of the action refuses', async () => {
    const order = await newOrder({ remark: 'refuse me' })
    const refused = await call('jxs', 'POST', `${base}/${order.outboundOrderId}/submit`, order)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('refused by an effect')
    expect((await call('jxs', 'GET', `${base}/${order.outboundOrderId}`)).json()).toMatchObject({
      orderStatus: 'NEW',
      objectVersionNumber: 1,
    })
  })
})
