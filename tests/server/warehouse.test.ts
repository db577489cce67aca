import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const base = '/api/wms/v1/1/warehouses'

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

const newWarehouse = {
  warehouseCode: 'WH-T01',
  warehouseName: 'Test hub',
  warehouseType: 'COLD',
  area: 12.5,
  contactPhone: '021 5555 0000',
}

describe('warehouse list', () => {
  it('pages 0-based with the default sort of the model', async () => {
    const page = (await call('admin', 'GET', `${base}?page=1&size=10`)).json()
    expect(page).toMatchObject({
      totalElements: 30,
      totalPages: 3,
      number: 1,
      size: 10,
      numberOfElements: 10,
    })
    expect(page.content[0].warehouseCode).toBe('WH-E011')
    expect(page.content[0]).toMatchObject({ objectVersionNumber: 1, tenantId: 1, createdBy: 1 })
    expect(page.content[0].creationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('sorts by a sortable field and filters by searchable fields', async () => {
    const sorted = (await call('admin', 'GET', `${base}?sort=warehouseCode,desc&size=3`)).json()
    expect(sorted.content.map((row: { warehouseCode: string }) => row.warehouseCode)).toEqual([
      'WH-E030',
      'WH-E029',
      'WH-E028',
    ])
    const cold = (await call('admin', 'GET', `${base}?warehouseType=COLD&size=100`)).json()
    expect(cold.totalElements).toBe(6)
    expect(cold.content.every((row: { warehouseType: string }) => row.warehouseType === 'COLD')).toBe(true)
    const named = (
      await call('admin', 'GET', `${base}?warehouseName=${encodeURIComponent('上海')}&enabledFlag=1`)
    ).json()
    expect(named.content.length).toBeGreaterThan(0)
    expect(
      named.content.every(
        (row: { warehouseName: string; enabledFlag: number }) =>
          row.warehouseName.includes('上海') && row.enabledFlag === 1,
      ),
    ).toBe(true)
    const wildcard = (await call('admin', 'GET', `${base}?warehouseCode=${encodeURIComponent('%')}`)).json()
    expect(wildcard.totalElements).toBe(0)
  })

  it('refuses an unknown sort field with 400 naming it and the allowed ones', async () => {
    const response = await call('admin', 'GET', `${base}?sort=password,asc`)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain("Cannot sort by 'password,asc'")
    expect(response.json().message).toContain('warehouseCode')
  })
})

describe('warehouse writes', () => {
  it('creates a row with audit fields, then refuses the same code with 409 naming it', async () => {
    const created = await call('clerk', 'POST', base, newWarehouse)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      ...newWarehouse,
      enabledFlag: 1,
      objectVersionNumber: 1,
      tenantId: 1,
    })
    const got = await call('clerk', 'GET', `${base}/${created.json().warehouseId}`)
    expect(got.json().warehouseName).toBe('Test hub')
    const duplicate = await call('admin', 'POST', base, { ...newWarehouse, warehouseName: 'Other' })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toMatchObject({ failed: true, message: 'Warehouse code WH-T01 already exists' })
  })

  it('answers 400 naming the field for each kind of bad value', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ warehouseName: 'x', warehouseType: 'NORMAL' }, 'warehouseCode', /required/],
      [{ ...newWarehouse, warehouseCode: 'X'.repeat(31) }, 'warehouseCode', /at most 30/],
      [{ ...newWarehouse, warehouseCode: 'lower case' }, 'warehouseCode', /must match/],
      [{ ...newWarehouse, area: 'big' }, 'area', /number/],
      [{ ...newWarehouse, area: -1 }, 'area', /at least 0/],
      [{ ...newWarehouse, warehouseType: 'GARAGE' }, 'warehouseType', /not a value of WMDM.WAREHOUSE_TYPE/],
      [{ ...newWarehouse, colour: 'red' }, 'colour', /unknown field/],
    ]
    for (const [body, field, message] of cases) {
      const response = await call('clerk', 'POST', base, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().fields[field]).toMatch(message)
      expect(response.json().message).toContain(field)
    }
  })

  it('updates with objectVersionNumber; a stale version gets 409 and the first change is kept', async () => {
    const row = (await call('admin', 'GET', `${base}?warehouseCode=WH-E002`)).json().content[0]
    const first = await call('admin', 'PUT', base, { ...row, warehouseName: 'First change' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      warehouseName: 'First change',
      objectVersionNumber: 2,
      lastUpdatedBy: 1,
    })
    const stale = await call('admin', 'PUT', base, { ...row, warehouseName: 'Second change' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toContain('changed by someone else')
    expect((await call('admin', 'GET', `${base}/${row.warehouseId}`)).json().warehouseName).toBe(
      'First change',
    )
  })

  it('never changes a field that is not updatable', async () => {
    const row = (await call('admin', 'GET', `${base}?warehouseCode=WH-E003`)).json().content[0]
    const updated = (await call('admin', 'PUT', base, { ...row, warehouseCode: 'HACKED' })).json()
    expect(updated.warehouseCode).toBe('WH-E003')
  })

  it('deletes with the version check; the clerk may not delete', async () => {
    const row = (await call('admin', 'GET', `${base}?warehouseCode=WH-E004`)).json().content[0]
    const clerk = await call('clerk', 'DELETE', base, row)
    expect(clerk.statusCode).toBe(403)
    expect(clerk.json().message).toContain('wmdm.warehouse.button.delete')
    expect((await call('admin', 'DELETE', base, { ...row, objectVersionNumber: 99 })).statusCode).toBe(409)
    expect((await call('admin', 'DELETE', base, [row])).statusCode).toBe(204)
    expect((await call('admin', 'GET', `${base}/${row.warehouseId}`)).statusCode).toBe(404)
  })

  it('batch-saves creates, updates and deletes in one transaction', async () => {
    const [a, b] = (await call('admin', 'GET', `${base}?warehouseCode=WH-E01&size=2`)).json().content
    const saved = await call('admin', 'POST', `${base}/batch-save`, [
      { _status: 'create', warehouseCode: 'WH-B01', warehouseName: 'Batch', warehouseType: 'NORMAL' },
      { _status: 'update', ...a, remark: 'batch' },
      { _status: 'delete', ...b },
    ])
    expect(saved.statusCode).toBe(200)
    expect(saved.json().map((row: { warehouseCode: string }) => row.warehouseCode)).toEqual([
      'WH-B01',
      a.warehouseCode,
    ])
    const clerk = await call('clerk', 'POST', `${base}/batch-save`, [{ _status: 'delete', ...a }])
    expect(clerk.statusCode).toBe(403)
    const rolledBack = await call('admin', 'POST', `${base}/batch-save`, [
      { _status: 'create', warehouseCode: 'WH-B02', warehouseName: 'Kept?', warehouseType: 'NORMAL' },
      { _status: 'create', warehouseCode: 'WH-B01', warehouseName: 'Duplicate', warehouseType: 'NORMAL' },
    ])
    expect(rolledBack.statusCode).toBe(409)
    expect((await call('admin', 'GET', `${base}?warehouseCode=WH-B02`)).json().totalElements).toBe(0)
  })
})
