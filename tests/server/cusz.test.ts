import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const userIds: Record<string, number> = {}
const templates = '/api/hpfm/v1/1/cusz-query-user-template'
const infos = '/api/hpfm/v1/1/cusz-infos'
const warehouses = '/api/wms/v1/1/warehouses'

beforeAll(async () => {
  app = await createTestApp()
  for (const [user, password] of [
    ['admin', 'Admin@123'],
    ['clerk', 'Clerk@123'],
  ] as const) {
    tokens[user] = await signIn(app, user, password)
    userIds[user] = (await call(user, 'GET', '/api/iam/hzero/v1/users/self')).json().id
  }
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

type Warehouse = Record<string, unknown> & { warehouseCode: string }
const list = async (
  conditions: unknown,
): Promise<{
  status: number
  body: { content: Warehouse[]; totalElements: number; message?: string; failed?: boolean }
}> => {
  // the administrator sees every warehouse (the clerk only the three granted: data permissions)
  const response = await call(
    'admin',
    'GET',
    `${warehouses}?size=100&conditions=${encodeURIComponent(typeof conditions === 'string' ? conditions : JSON.stringify(conditions))}`,
  )
  return { status: response.statusCode, body: response.json() }
}
const all = async () => (await call('admin', 'GET', `${warehouses}?size=100`)).json().content as Warehouse[]
const codes = (rows: Warehouse[]) => rows.map((row) => row.warehouseCode).sort()

describe('filter template CRUD per user and menu (CORE-API-16/18/19, CORE-FLT-25/26/30)', () => {
  const content = [{ fieldCode: 'warehouseType', operateCode: 'EQUAL', fieldValue: 'COLD' }]

  it('saves, lists for the owner only, and per menu', async () => {
    const saved = await call('admin', 'POST', templates, {
      menuId: 101,
      templateName: '冷库',
      isDefault: 1,
      templateContent: content,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({
      templateName: '冷库',
      isDefault: 1,
      menuId: 101,
      templateContent: content,
      objectVersionNumber: 1,
    })
    const mine = (await call('admin', 'GET', `${templates}/current-user-template?menuId=101`)).json()
    expect(mine.map((t: { templateName: string }) => t.templateName)).toEqual(['冷库'])
    const clerks = (await call('clerk', 'GET', `${templates}/current-user-template?menuId=101`)).json()
    expect(clerks).toEqual([])
    const otherPage = (await call('admin', 'GET', `${templates}/current-user-template?menuId=201`)).json()
    expect(otherPage).toEqual([])
  })

  it('keeps one default per page, refuses renaming and stale versions, deletes', async () => {
    const second = (
      await call('admin', 'POST', templates, {
        menuId: 101,
        templateName: '保税',
        isDefault: 1,
        templateContent: content,
      })
    ).json()
    const listed = (await call('admin', 'GET', `${templates}/current-user-template?menuId=101`)).json()
    expect(
      listed.map((t: { templateName: string; isDefault: number }) => [t.templateName, t.isDefault]),
    ).toEqual([
      ['保税', 1],
      ['冷库', 0],
    ])
    const renamed = await call('admin', 'POST', templates, { ...second, templateName: 'other' })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({
      failed: true,
      message: expect.stringMatching(/cannot be changed/),
    })
    const updated = await call('admin', 'POST', templates, { ...second, isDefault: 0 })
    expect(updated.json()).toMatchObject({ isDefault: 0, objectVersionNumber: 2 })
    const stale = await call('admin', 'POST', templates, { ...second, isDefault: 1 })
    expect(stale.statusCode).toBe(409)
    const duplicate = await call('admin', 'POST', templates, {
      menuId: 101,
      templateName: '保税',
      templateContent: content,
    })
    expect(duplicate.statusCode).toBe(409)
    expect((await call('clerk', 'DELETE', templates, { id: second.id })).statusCode).toBe(404)
    expect((await call('admin', 'DELETE', templates, { id: second.id })).statusCode).toBe(204)
    const after = (await call('admin', 'GET', `${templates}/current-user-template?menuId=101`)).json()
    expect(after.map((t: { templateName: string }) => t.templateName)).toEqual(['冷库'])
  })

  it('refuses rows without field or operator, an empty name and an unknown menu', async () => {
    for (const body of [
      { menuId: 101, templateName: 'x', templateContent: [{ fieldCode: 'warehouseType' }] },
      { menuId: 101, templateName: 'x', templateContent: [{ operateCode: 'EQUAL' }] },
      { menuId: 101, templateName: ' ', templateContent: content },
      { menuId: 101, templateName: 'x', templateContent: [] },
      { menuId: 99999, templateName: 'x', templateContent: content },
    ]) {
      const response = await call('admin', 'POST', templates, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ failed: true, code: 'error.validation', type: 'error' })
    }
  })

  it('config-field answers the filterable fields of the page model (CORE-API-17, CORE-DATA-06)', async () => {
    const fields = (
      await call(
        'clerk',
        'GET',
        `${templates}/config-field?menuId=101&lovCode=HPFM.CUSZ_QUERY_FIELD&model=wms/warehouse`,
      )
    ).json()
    const byCode = Object.fromEntries(fields.map((f: { fieldCode: string }) => [f.fieldCode, f]))
    expect(byCode.warehouseType).toMatchObject({
      fieldType: 'STRING',
      widgetType: 'Select',
      content: 'WMDM.WAREHOUSE_TYPE',
    })
    expect(byCode.area).toMatchObject({
      fieldType: 'FLOAT',
      widgetType: 'InputNumber',
      fieldLabel: 'Area (m²)',
    })
    expect(byCode.enabledFlag).toMatchObject({ fieldType: 'FLAG', widgetType: 'Select' })
    expect(byCode.address).toBeUndefined()
    const unknown = await call('clerk', 'GET', `${templates}/config-field?menuId=101&model=wms/nothing`)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(
      /model 'wms\/nothing' names no model: name a model by its file's name/,
    )
  })
})

describe('conditions applied by the warehouse list', () => {
  const cases: Array<[string, unknown, (row: Warehouse) => boolean]> = [
    [
      'EQUAL',
      { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'EQUAL', fieldValue: 'COLD' },
      (r) => r.warehouseType === 'COLD',
    ],
    [
      'NOT_EQUAL',
      { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'NOT_EQUAL', fieldValue: 'COLD' },
      (r) => r.warehouseType !== 'COLD',
    ],
    [
      'GREATER_THAN',
      { fieldCode: 'area', fieldType: 'float', operateCode: 'GREATER_THAN', fieldValue: '5000.5' },
      (r) => Number(r.area) > 5000.5,
    ],
    [
      'GREATER_THAN_OR_EQUAL_TO',
      { fieldCode: 'area', fieldType: 'float', operateCode: 'GREATER_THAN_OR_EQUAL_TO', fieldValue: 1573.5 },
      (r) => Number(r.area) >= 1573.5,
    ],
    [
      'LESS_THAN',
      { fieldCode: 'area', fieldType: 'float', operateCode: 'LESS_THAN', fieldValue: '3000' },
      (r) => Number(r.area) < 3000,
    ],
    [
      'LESS_THAN_OR_EQUAL_TO',
      { fieldCode: 'area', fieldType: 'float', operateCode: 'LESS_THAN_OR_EQUAL_TO', fieldValue: '1573.5' },
      (r) => Number(r.area) <= 1573.5,
    ],
    [
      'IN (comma-joined)',
      { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'IN', fieldValue: 'COLD,BONDED' },
      (r) => ['COLD', 'BONDED'].includes(String(r.warehouseType)),
    ],
    [
      'IN (array)',
      { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'IN', fieldValue: ['COLD', 'BONDED'] },
      (r) => ['COLD', 'BONDED'].includes(String(r.warehouseType)),
    ],
    [
      'NOT_IN',
      { fieldCode: 'enabledFlag', fieldType: 'flag', operateCode: 'NOT_IN', fieldValue: '0' },
      (r) => r.enabledFlag !== 0,
    ],
    [
      'LIKE',
      { fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'LIKE', fieldValue: '上海' },
      (r) => String(r.warehouseName).includes('上海'),
    ],
    [
      'NOT_LIKE',
      { fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'NOT_LIKE', fieldValue: '上海' },
      (r) => !String(r.warehouseName).includes('上海'),
    ],
    [
      'START_WITH',
      { fieldCode: 'warehouseCode', fieldType: 'string', operateCode: 'START_WITH', fieldValue: 'wh-e01' },
      (r) => r.warehouseCode.startsWith('WH-E01'),
    ],
    [
      'END_WITH',
      { fieldCode: 'warehouseCode', fieldType: 'string', operateCode: 'END_WITH', fieldValue: '5' },
      (r) => r.warehouseCode.endsWith('5'),
    ],
  ]

  it.each(cases)('%s', async (_name, condition, keep) => {
    const expected = codes((await all()).filter(keep))
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(30)
    const { status, body } = await list([condition])
    expect(status).toBe(200)
    expect(codes(body.content)).toEqual(expected)
    expect(body.totalElements).toBe(expected.length)
  })

  it('ands several conditions and combines them with the search fields', async () => {
    const { body } = await list([
      { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'IN', fieldValue: 'NORMAL' },
      { fieldCode: 'enabledFlag', fieldType: 'flag', operateCode: 'EQUAL', fieldValue: 1 },
    ])
    const expected = codes((await all()).filter((r) => r.warehouseType === 'NORMAL' && r.enabledFlag === 1))
    expect(codes(body.content)).toEqual(expected)
  })

  it('treats SQL fragments and LIKE wildcards in values as plain values', async () => {
    for (const fieldValue of ["COLD' OR '1'='1", 'COLD; drop table wmdm_warehouse; --', '%', '_']) {
      const equal = await list([
        { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'EQUAL', fieldValue },
      ])
      expect(equal.status).toBe(200)
      expect(equal.body.totalElements).toBe(0)
      const like = await list([
        { fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'LIKE', fieldValue },
      ])
      expect(like.body.totalElements).toBe(0)
    }
    expect((await all()).length).toBe(30)
  })

  const malformed: Array<[string, string, RegExp]> = [
    ['not JSON', '[{', /not JSON/],
    ['not an array', JSON.stringify({ fieldCode: 'area' }), /must be a JSON array/],
    ['an item that is not an object', JSON.stringify(['area']), /condition 1: expected an object/],
    [
      'a field the model does not allow',
      JSON.stringify([{ fieldCode: 'address', fieldType: 'string', operateCode: 'EQUAL', fieldValue: 'x' }]),
      /'address' cannot be filtered on warehouse; use one of: .*warehouseCode/,
    ],
    [
      'an SQL fragment as field',
      JSON.stringify([
        {
          fieldCode: 'warehouse_type; drop table x',
          fieldType: 'string',
          operateCode: 'EQUAL',
          fieldValue: 'x',
        },
      ]),
      /cannot be filtered/,
    ],
    [
      'a wrong field type',
      JSON.stringify([{ fieldCode: 'area', fieldType: 'integer', operateCode: 'EQUAL', fieldValue: '1' }]),
      /fieldType of area is float, not 'integer'/,
    ],
    [
      'an operator not allowed for the type',
      JSON.stringify([{ fieldCode: 'area', fieldType: 'float', operateCode: 'LIKE', fieldValue: '1' }]),
      /operator 'LIKE' is not allowed for area \(float\); use one of: EQUAL/,
    ],
    [
      'an unknown operator',
      JSON.stringify([
        { fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'BETWEEN', fieldValue: '1' },
      ]),
      /operator 'BETWEEN' is not allowed/,
    ],
    [
      'a malformed number',
      JSON.stringify([{ fieldCode: 'area', fieldType: 'float', operateCode: 'EQUAL', fieldValue: '1e3' }]),
      /'1e3' is not a number such as 12.5/,
    ],
    [
      'a flag other than 0 or 1',
      JSON.stringify([
        { fieldCode: 'enabledFlag', fieldType: 'flag', operateCode: 'EQUAL', fieldValue: '2' },
      ]),
      /'2' is not 1 \(yes\) or 0 \(no\)/,
    ],
    [
      'an empty value',
      JSON.stringify([
        { fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'EQUAL', fieldValue: '' },
      ]),
      /fieldValue of warehouseName is missing/,
    ],
    [
      'an object as value',
      JSON.stringify([
        { fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'EQUAL', fieldValue: { a: 1 } },
      ]),
      /fieldValue of warehouseName is missing or not a text/,
    ],
    [
      'an empty item in a list',
      JSON.stringify([
        { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'IN', fieldValue: 'COLD,,BONDED' },
      ]),
      /not a list of texts/,
    ],
    [
      'too many conditions',
      JSON.stringify(
        Array.from({ length: 31 }, () => ({
          fieldCode: 'area',
          fieldType: 'float',
          operateCode: 'EQUAL',
          fieldValue: '1',
        })),
      ),
      /At most 30 conditions/,
    ],
  ]

  it.each(malformed)('answers 400 with the envelope for %s', async (_name, conditions, message) => {
    const { status, body } = await list(conditions)
    expect(status).toBe(400)
    expect(body).toMatchObject({ failed: true, code: 'error.validation', type: 'error' })
    expect(body.message).toMatch(message)
  })

  it('answers 400 when conditions is sent twice', async () => {
    const one = encodeURIComponent('[]')
    const response = await call('clerk', 'GET', `${warehouses}?conditions=${one}&conditions=${one}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/Send conditions once/)
  })
})

describe('column personalisation (CORE-API-38/39, CORE-COL-04/05/08)', () => {
  const settings = JSON.stringify([
    { field: 'warehouseName', width: 200, visible: true, defaultVisible: true, fixed: 'left' },
    { field: 'warehouseCode', width: 160, visible: false, defaultVisible: true, fixed: null },
  ])
  const detail = (user: string) =>
    call(user, 'GET', `${infos}/detail?userId=${userIds[user]}&cuszCode=wmdm.warehouse.table`)

  it('saves, reads back per user, updates with the version, restores', async () => {
    expect((await detail('admin')).json()).toEqual({})
    const created = await call('admin', 'POST', `${infos}/singleSave`, {
      userId: userIds.admin,
      cuszCode: 'wmdm.warehouse.table',
      menuId: 101,
      cuszInfo: settings,
    })
    expect(created.json()).toMatchObject({
      cuszCode: 'wmdm.warehouse.table',
      cuszInfo: settings,
      objectVersionNumber: 1,
    })
    expect((await detail('admin')).json()).toMatchObject({ id: created.json().id, cuszInfo: settings })
    expect((await detail('clerk')).json()).toEqual({})
    const again = await call('admin', 'POST', `${infos}/singleSave`, {
      userId: userIds.admin,
      cuszCode: 'wmdm.warehouse.table',
      cuszInfo: settings,
    })
    expect(again.statusCode).toBe(409)
    const record = created.json()
    const updated = await call('admin', 'POST', `${infos}/singleSave`, { ...record, userId: userIds.admin })
    expect(updated.json().objectVersionNumber).toBe(2)
    const stale = await call('admin', 'POST', `${infos}/singleSave`, { ...record, userId: userIds.admin })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toMatch(/changed elsewhere \(your version 1, current 2\)/)
    const restored = await call('admin', 'POST', `${infos}/singleDelete`, {
      userId: userIds.admin,
      cuszCode: 'wmdm.warehouse.table',
      id: record.id,
      objectVersionNumber: 2,
    })
    expect(restored.statusCode).toBe(200)
    expect((await detail('admin')).json()).toEqual({})
  })

  it("refuses another user's settings and malformed cuszInfo", async () => {
    const foreign = await call('clerk', 'GET', `${infos}/detail?userId=${userIds.admin}&cuszCode=x`)
    expect(foreign.statusCode).toBe(403)
    for (const cuszInfo of [
      'nope',
      '[]',
      '[{"field":"a"}]',
      '[{"field":"a","visible":true,"defaultVisible":true,"fixed":"top"}]',
    ]) {
      const response = await call('clerk', 'POST', `${infos}/singleSave`, {
        userId: userIds.clerk,
        cuszCode: 'x',
        cuszInfo,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        failed: true,
        message: expect.stringMatching(/^Invalid cuszInfo/),
      })
    }
  })
})
