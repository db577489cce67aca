/**
 * Field permission rules on the hand-written endpoints (server/plugins/field-rule-routes.ts): the accessible
 * warehouse and area lists, the default warehouse permissions, the job logs, an inventory-organization list
 * and a lifecycle action's body apply the same HIDDEN / READ_ONLY rules as the generic model endpoints; and
 * every hand-written route under a model's path or guarded by a model's code says what it does with them.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modelKey } from '../../renderer/schema/model.ts'
import { FIELD_RULE_MODEL, permissionCodesOf } from '../../server/modules/models/field-rules.ts'
import { modelPath } from '../../server/modules/models/model-routes.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { apiRoutes, expectEnvelope, models, modelOfRoute } from './support/security.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const CLERK_ROLE = 4
const ADMIN_USER = 1
const api = '/api/wms/v1/1'
const roleRules = (code: string) => `/api/iam/v1/1/roles/${CLERK_ROLE}/permissions/${code}/field-rules`
const userRules = (code: string) => `/api/iam/v1/1/users/${ADMIN_USER}/permissions/${code}/field-rules`

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
async function addRule(url: string, body: Record<string, unknown>) {
  const made = await call('admin', 'POST', url, body)
  expect(made.statusCode, made.body).toBe(200)
  return made.json() as Record<string, unknown>
}
const removeRule = async (url: string, rule: Record<string, unknown>) =>
  expect((await call('admin', 'DELETE', url, rule)).statusCode).toBe(200)

describe('field permission rules on hand-written endpoints', () => {
  it('the accessible warehouse list and the default warehouse permissions leave a hidden field out, and refuse a search by it', async () => {
    const list = async (user: string, query = '') =>
      call(user, 'GET', `${api}/warehouses/accessibleList?size=50${query}`)
    const defaults = async (user: string) =>
      (await call(user, 'GET', `${api}/warehouses/query-default-warehourse-permissions`)).json()
    const before = (await list('clerk')).json()
    expect(before.content.length).toBeGreaterThan(0)
    expect(before.content[0]).toHaveProperty('warehouseName')
    expect((await defaults('clerk')).warehouseList[0]).toHaveProperty('warehouseName')

    const url = roleRules('wmdm.warehouse.button.edit')
    const rule = await addRule(url, { fieldName: 'warehouseName', ruleType: 'HIDDEN' })
    const after = (await list('clerk')).json()
    expect(after.content.length).toBe(before.content.length)
    for (const row of after.content) {
      expect(row).not.toHaveProperty('warehouseName')
      expect(row).toHaveProperty('warehouseCode')
    }
    const clerkDefaults = await defaults('clerk')
    expect(clerkDefaults.warehouseList.length).toBeGreaterThan(0)
    for (const row of clerkDefaults.warehouseList) {
      expect(row).not.toHaveProperty('warehouseName')
      expect(row).toHaveProperty('warehouseCode')
    }
    // The owners beside them are another model: untouched.
    expect(clerkDefaults.ownerList.every((o: object) => 'ownerName' in o)).toBe(true)
    // A search by the hidden field would tell its values apart.
    const probe = await list('clerk', '&warehouseName=WH')
    const body = expectEnvelope(probe, [403])
    expect(body.message).toContain('warehouseName is hidden')
    // The admin's role has no rule.
    expect((await list('admin')).json().content[0]).toHaveProperty('warehouseName')
    expect((await defaults('admin')).warehouseList[0]).toHaveProperty('warehouseName')
    await removeRule(url, rule)
    expect((await list('clerk')).json().content[0]).toHaveProperty('warehouseName')
  })

  it('the accessible area list applies the area rules', async () => {
    const url = roleRules('wmdm.wharea.button.edit')
    const rule = await addRule(url, { fieldName: 'whareaName', ruleType: 'HIDDEN' })
    const areas = await call('clerk', 'GET', `${api}/whareas/accessibleList?size=20`)
    expect(areas.statusCode, areas.body).toBe(200)
    expect(areas.json().content.length).toBeGreaterThan(0)
    for (const row of areas.json().content) {
      expect(row).not.toHaveProperty('whareaName')
      expect(row).toHaveProperty('whareaCode')
    }
    expectEnvelope(await call('clerk', 'GET', `${api}/whareas/accessibleList?whareaName=x`), [403])
    expect(
      (await call('admin', 'GET', `${api}/whareas/accessibleList?size=1`)).json().content[0],
    ).toHaveProperty('whareaName')
    await removeRule(url, rule)
  })

  it('the job logs of a job leave a hidden field out', async () => {
    const jobs = (await call('admin', 'GET', '/api/hsdr/v1/1/job-infos?size=5')).json()
    const job = jobs.content[0] as Record<string, unknown>
    expect(job).toBeDefined()
    const ran = await call('admin', 'POST', `/api/hsdr/v1/1/jobs/${String(job.jobId)}/run`, {})
    expect(ran.statusCode, ran.body).toBeLessThan(300)
    const logs = async () => {
      const answer = await call('admin', 'GET', `/api/hsdr/v1/1/jobs/${String(job.jobId)}/logs?size=5`)
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().content as Array<Record<string, unknown>>
    }
    expect((await logs())[0]).toHaveProperty('message')
    // A rule on the admin user itself (every role the admin signs in with).
    const url = userRules('hsdr.jobLog.button.edit')
    const rule = await addRule(url, { fieldName: 'message', ruleType: 'HIDDEN' })
    const hidden = await logs()
    expect(hidden.length).toBeGreaterThan(0)
    for (const row of hidden) {
      expect(row).not.toHaveProperty('message')
      expect(row).toHaveProperty('status')
    }
    const sorted = await call(
      'admin',
      'GET',
      `/api/hsdr/v1/1/jobs/${String(job.jobId)}/logs?sort=message,asc`,
    )
    expect(expectEnvelope(sorted, [403]).message).toContain('message is hidden')
    await removeRule(url, rule)
    expect((await logs())[0]).toHaveProperty('message')
  })

  it('a lifecycle action refuses a body changing a READ_ONLY field and answers the row without a HIDDEN one', async () => {
    const warehouse = (await call('admin', 'GET', `${api}/warehouses?warehouseCode=WH-E001`)).json()
      .content[0]
    const goods = (await call('admin', 'GET', `${api}/goods?goodsCode=SKU00003`)).json().content[0]
    const made = await call('admin', 'POST', `${api}/outbound-orders/with-lines`, {
      header: {
        orderType: 'NORMAL',
        warehouseId: warehouse.warehouseId,
        ownerId: goods.ownerId,
        customerName: 'Field rules',
        receiverName: 'Wang',
        receiverPhone: '13800000000',
        receiverAddress: 'Road 1',
      },
      lines: [
        {
          key: 'lines',
          resource: 'outbound-lines',
          parentField: 'outboundOrderId',
          rows: [
            {
              _status: 'create',
              lineNum: 1,
              goodsId: goods.goodsId,
              goodsCode: goods.goodsCode,
              quantity: 1,
            },
          ],
        },
      ],
    })
    expect(made.statusCode, made.body).toBe(200)
    const act = (row: Record<string, unknown>, action: string, extra: Record<string, unknown> = {}) =>
      call('admin', 'POST', `${api}/outbound-orders/${String(row.outboundOrderId)}/${action}`, {
        ...row,
        ...extra,
      })
    const submitted = await act(made.json().header, 'submit')
    expect(submitted.statusCode, submitted.body).toBe(200)
    const order = submitted.json()

    const readOnly = userRules('winv.outboundOrder.button.intercept')
    const rule = await addRule(readOnly, {
      modelKey: 'wms/outbound-order',
      fieldName: 'interceptReason',
      ruleType: 'READ_ONLY',
    })
    const refused = await act(order, 'intercept', { interceptReason: 'address wrong' })
    const body = expectEnvelope(refused, [403])
    expect(body.message).toContain('interceptReason is read-only')
    expect(body.message).toContain('leave interceptReason as it is')
    expect(refused.json().fields.interceptReason).toContain('read-only')
    // Nothing happened: still SUBMITTED.
    const still = (
      await call('admin', 'GET', `${api}/outbound-orders/${String(order.outboundOrderId)}`)
    ).json()
    expect(still.orderStatus).toBe('SUBMITTED')

    // The row as read (reason unchanged) passes; a HIDDEN customer name is left out of the action's answer.
    const hiddenRule = await addRule(userRules('winv.outboundOrder.button.intercept'), {
      modelKey: 'wms/outbound-order',
      fieldName: 'customerName',
      ruleType: 'HIDDEN',
    })
    const intercepted = await act(order, 'intercept')
    expect(intercepted.statusCode, intercepted.body).toBe(200)
    expect(intercepted.json().orderStatus).toBe('INTERCEPTED')
    expect(intercepted.json()).not.toHaveProperty('customerName')
    await removeRule(readOnly, rule)
    await removeRule(readOnly, hiddenRule)
  })
})

/** The routes the model files mount themselves (model-routes.ts, model-with-lines.ts): their handlers apply the rules. */
function isGenericModelRoute(url: string): boolean {
  return models.some((model) => {
    const base = modelPath(model)
    const own = ['', '/:id', '/aggregate', '/batch-save', '/with-lines']
    return (
      own.some((suffix) => url === `${base}${suffix}`) ||
      (model.lifecycle?.transitions ?? []).some((t) => url === `${base}/:id/${t.action}`)
    )
  })
}

describe('every hand-written route near a model goes through the field rules helper', () => {
  it('a route under a model path or guarded by a model code declares config.fieldRules', () => {
    // The rules' own model is never restricted by rules (field-rules.ts): its codes (role grants) do not count.
    const codes = new Set(
      models
        .filter((model) => modelKey(model) !== FIELD_RULE_MODEL)
        .flatMap((model) => permissionCodesOf(model)),
    )
    const missing = apiRoutes(app)
      .filter((route) => !isGenericModelRoute(route.url))
      .filter((route) => modelOfRoute(route) || route.permissionCodes.some((code) => codes.has(code)))
      .filter((route) => {
        const declared = route.fieldRules
        return (
          !declared ||
          !(declared.answers?.length || declared.writes?.length || declared.inHandler || declared.none)
        )
      })
      .map((route) => `${route.method} ${route.url}`)
    expect(
      missing,
      'Declare config.fieldRules on these routes (server/plugins/field-rule-routes.ts): answers/writes the model rows, inHandler, or none with the reason',
    ).toEqual([])
  })

  it('declared models exist, and the routes answering rows are found (the check above can fail)', () => {
    const keys = new Set(models.map(modelKey))
    const declared = apiRoutes(app).filter((route) => route.fieldRules)
    expect(declared.length).toBeGreaterThan(10)
    for (const route of declared)
      for (const { model } of [...(route.fieldRules?.answers ?? []), ...(route.fieldRules?.writes ?? [])])
        expect(keys.has(model), `${route.url}: ${model}`).toBe(true)
    const accessible = declared.find((route) => route.url.endsWith('/warehouses/accessibleList'))
    expect(accessible?.fieldRules?.answers).toEqual([{ model: 'wms/warehouse', query: true }])
    // The check's own subject: routes near a model that are not generic model routes.
    const near = apiRoutes(app).filter((route) => modelOfRoute(route) && !isGenericModelRoute(route.url))
    expect(near.length).toBeGreaterThan(10)
  })
})
