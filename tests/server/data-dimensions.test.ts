/**
 * Data dimensions feed the data permission rules (server/modules/hpfm-admin/data-permission.ts): a rule on a
 * field an enabled LOOKUP dimension follows may only name values of the dimension's value set.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, admin, method, url, payload)
let n = 0
const rule = (operator: string, ruleValue: string) =>
  call('POST', '/api/hpfm/v1/1/permission-rules', {
    ruleCode: `DIM_RULE_${++n}`,
    ruleName: 'By warehouse type',
    modelKey: 'wms/warehouse',
    roleCode: 'wh-clerk',
    fieldName: 'warehouseType',
    operator,
    ruleValue,
    enabledFlag: 0,
  })

describe('data dimensions and data permission rules', () => {
  it('a rule on a field a LOOKUP dimension follows names only values of its value set, while the dimension is enabled', async () => {
    // Without a dimension any value is taken.
    expect((await rule('EQUAL', 'BOGUS')).statusCode).toBe(201)
    const dimension = await call('POST', '/api/hpfm/v1/1/data-dimensions', {
      dimensionCode: 'WH_TYPE',
      dimensionName: 'Warehouse type',
      sourceType: 'LOOKUP',
      sourceCode: 'WMDM.WAREHOUSE_TYPE',
      fieldName: 'warehouseType',
      enabledFlag: 1,
    })
    expect(dimension.statusCode, dimension.body).toBe(201)

    const wrong = await rule('EQUAL', 'NORMALL')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ failed: true, code: 'error.validation' })
    expect(wrong.json().message).toMatch(
      /^NORMALL: not values of data dimension WH_TYPE \(value set WMDM.WAREHOUSE_TYPE\), which warehouseType follows: use .*NORMAL/,
    )
    expect(wrong.json().fields.ruleValue).toContain('NORMALL')
    const mixed = await rule('IN', 'NORMAL, BOGUS')
    expect(mixed.statusCode).toBe(400)
    expect(mixed.json().message).toMatch(/^BOGUS: not values/)
    expect((await rule('IN', 'NORMAL')).statusCode).toBe(201)
    expect((await rule('NOT_EQUAL', '{userId}')).statusCode).toBe(201)
    // LIKE and other fields are not the dimension's business.
    expect((await rule('LIKE', 'NORM')).statusCode).toBe(201)

    // An edit that changes the value is checked too.
    const kept = (await rule('EQUAL', 'NORMAL')).json()
    const edited = await call('PUT', '/api/hpfm/v1/1/permission-rules', { ...kept, ruleValue: 'NOPE' })
    expect(edited.statusCode).toBe(400)

    // Disabled, the dimension checks nothing.
    const off = await call('PUT', '/api/hpfm/v1/1/data-dimensions', {
      ...(dimension.json() as object),
      enabledFlag: 0,
    })
    expect(off.statusCode, off.body).toBe(200)
    expect((await rule('EQUAL', 'NORMALL')).statusCode).toBe(201)
  })
})
