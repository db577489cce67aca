/**
 * Data dimensions feed the data permission rules (server/modules/hpfm-admin/data-permission.ts): a rule on a
 * field an enabled LOOKUP dimension follows may only name values of the dimension's value set.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
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

describe('data dimensions sourced from a Lov view', () => {
  const warehouseRule = (operator: string, ruleValue: string) =>
    call('POST', '/api/hpfm/v1/1/permission-rules', {
      ruleCode: `DIM_LOV_RULE_${++n}`,
      ruleName: 'By warehouse',
      modelKey: 'wms/inbound-order',
      roleCode: 'wh-clerk',
      fieldName: 'warehouseId',
      operator,
      ruleValue,
      enabledFlag: 0,
    })
  const warehouseOf = async (tenantId: number) => {
    const found = await sql<{ id: number }>`select warehouse_id as id from wmdm_warehouse
      where tenant_id = ${tenantId} and enabled_flag = 1 order by warehouse_id limit 1`.execute(app.db)
    return String(found.rows[0]!.id)
  }

  it('a rule on warehouseId (seeded dimension WAREHOUSE, Lov WMDM.WAREHOUSE, a URL view) takes only warehouses the Lov lists in the tenant', async () => {
    // The rule editor's value field (widget DimensionValue) finds the dimension by field.
    const found = await call(
      'GET',
      '/api/hpfm/v1/1/data-dimensions?fieldName=warehouseId&sourceType=LOV&enabledFlag=1',
    )
    expect(found.json().content.map((d: { sourceCode: string }) => d.sourceCode)).toEqual(['WMDM.WAREHOUSE'])
    const none = await call('GET', '/api/hpfm/v1/1/data-dimensions?fieldName=createdBy&sourceType=LOV')
    expect(none.json().content).toEqual([])
    const own = await warehouseOf(1)
    const foreign = await warehouseOf(2)
    expect((await warehouseRule('EQUAL', own)).statusCode).toBe(201)
    expect((await warehouseRule('IN', `${own}, {userId}`)).statusCode).toBe(201)

    const unknown = await warehouseRule('EQUAL', '987654')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ failed: true, code: 'error.validation' })
    expect(unknown.json().message).toMatch(
      /^warehouseId 987654: not a value of Lov WMDM.WAREHOUSE for this tenant \(data dimension WAREHOUSE, which warehouseId follows\): choose/,
    )
    expect(unknown.json().fields.ruleValue).toContain('987654')

    // A warehouse of tenant 2 exists, but not for tenant 1's Lov.
    const outside = await warehouseRule('NOT_IN', `${own},${foreign}`)
    expect(outside.statusCode).toBe(400)
    expect(outside.json().message).toMatch(
      new RegExp(`^warehouseId ${foreign}: not a value of Lov WMDM.WAREHOUSE`),
    )

    // An edit is checked too, and a batch refuses as a whole.
    const kept = (await warehouseRule('EQUAL', own)).json()
    const edited = await call('PUT', '/api/hpfm/v1/1/permission-rules', { ...kept, ruleValue: foreign })
    expect(edited.statusCode).toBe(400)
    expect(edited.json().message).toContain(`warehouseId ${foreign}`)
    const batch = await call('POST', '/api/hpfm/v1/1/permission-rules/batch-save', [
      { ...kept, ruleValue: own, _status: 'update' },
      {
        _status: 'create',
        ruleCode: `DIM_LOV_RULE_${++n}`,
        ruleName: 'Batch',
        modelKey: 'wms/inbound-order',
        fieldName: 'warehouseId',
        operator: 'EQUAL',
        ruleValue: '987654',
        enabledFlag: 0,
      },
    ])
    expect(batch.statusCode).toBe(400)
    expect(batch.json().message).toMatch(/^warehouseId 987654: not a value of Lov WMDM.WAREHOUSE/)
  })

  it('an SQL Lov answers with its own scope ({tenantId}): a user of another tenant is refused; a missing Lov is named', async () => {
    const dimension = await call('POST', '/api/hpfm/v1/1/data-dimensions', {
      dimensionCode: 'RULE_USER',
      dimensionName: 'User',
      sourceType: 'LOV',
      sourceCode: 'HIAM.USER',
      fieldName: 'lastUpdatedBy',
      enabledFlag: 1,
    })
    expect(dimension.statusCode, dimension.body).toBe(201)
    const userOnlyIn = async (tenantId: number, other: number) => {
      const found = await sql<{ id: number }>`select u.id from iam_user u where u.enabled_flag = 1
        and exists (select 1 from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = u.id and r.tenant_id = ${tenantId})
        and not exists (select 1 from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = u.id and r.tenant_id = ${other})
        order by u.id limit 1`.execute(app.db)
      return String(found.rows[0]!.id)
    }
    const userRule = (ruleValue: string) =>
      call('POST', '/api/hpfm/v1/1/permission-rules', {
        ruleCode: `DIM_LOV_RULE_${++n}`,
        ruleName: 'By user',
        modelKey: 'wms/warehouse',
        fieldName: 'lastUpdatedBy',
        operator: 'EQUAL',
        ruleValue,
        enabledFlag: 0,
      })
    expect((await userRule(await userOnlyIn(1, 2))).statusCode).toBe(201)
    const foreign = await userOnlyIn(2, 1)
    const refused = await userRule(foreign)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(
      new RegExp(`^lastUpdatedBy ${foreign}: not a value of Lov HIAM.USER`),
    )

    const broken = await call('PUT', '/api/hpfm/v1/1/data-dimensions', {
      ...(dimension.json() as object),
      sourceCode: 'NO.SUCH.LOV',
    })
    expect(broken.statusCode, broken.body).toBe(200)
    const missing = await userRule('1')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/Lov NO.SUCH.LOV .*does not exist: fix the dimension/)
  })
})
