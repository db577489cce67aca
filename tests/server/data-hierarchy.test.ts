import type { FastifyInstance } from 'fastify'
import { Value } from '@sinclair/typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CurrentUserSchema,
  DataHierarchyDisplayStyleSchema,
  DataHierarchyOptionSchema,
} from '../../renderer/contract/wire-schemas.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const BASE = '/api/hpfm/v1/1/data-hierarchies'
const as = (token: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, token, method, url, payload)
const call = (method: Method, url: string, payload?: unknown) => as(admin, method, url, payload)
const current = async () =>
  Object.fromEntries(
    (
      (await call('GET', `${BASE}/switch/display-style/value`)).json() as {
        selectList: Array<{ dataHierarchyCode: string; dataHierarchyValue?: string }>
        modalList: Array<{ dataHierarchyCode: string; dataHierarchyValue?: string }>
      }
    ).selectList
      .concat(
        ((await call('GET', `${BASE}/switch/display-style/value`)).json() as { modalList: [] }).modalList,
      )
      .map((l: { dataHierarchyCode: string; dataHierarchyValue?: string }) => [
        l.dataHierarchyCode,
        l.dataHierarchyValue,
      ]),
  )

describe('data hierarchy (CORE-USR-02…05, CORE-API-33/34)', () => {
  it('CORE-USR-02: users/self carries the flag: on for admin, off for the clerk', async () => {
    const self = (await call('GET', '/api/iam/hzero/v1/users/self')).json()
    expect(Value.Check(CurrentUserSchema, self)).toBe(true)
    expect(self.dataHierarchyFlag).toBe(1)
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    expect((await as(clerk, 'GET', '/api/iam/hzero/v1/users/self')).json().dataHierarchyFlag).toBe(0)
  })

  it('CORE-API-33: the levels as a tree, company → inventory organisation → warehouse', async () => {
    const response = await call('GET', `${BASE}/switch/value`)
    expect(response.statusCode).toBe(200)
    const [company] = response.json()
    expect(company).toMatchObject({
      dataHierarchyCode: 'COMPANY',
      dataHierarchyName: '公司',
      displayStyle: 'SELECT',
    })
    expect(company.children[0]).toMatchObject({ dataHierarchyCode: 'INV_ORG', parentCode: 'COMPANY' })
    expect(company.children[0].children[0]).toMatchObject({
      dataHierarchyCode: 'WAREHOUSE',
      displayStyle: 'MODAL',
    })
  })

  it('CORE-USR-03: the display style says select and/or modal', async () => {
    const style = (await call('GET', `${BASE}/switch/display-style/value`)).json()
    expect(Value.Check(DataHierarchyDisplayStyleSchema, style)).toBe(true) // CORE-DATA-13
    expect(style.hasSelect).toBe(true)
    expect(style.hasModal).toBe(true)
    expect(style.selectList.map((l: { dataHierarchyCode: string }) => l.dataHierarchyCode)).toEqual([
      'COMPANY',
      'INV_ORG',
    ])
    expect(style.modalList.map((l: { dataHierarchyCode: string }) => l.dataHierarchyCode)).toEqual([
      'WAREHOUSE',
    ])
    // the spec's abbreviated path answers the same
    expect((await call('GET', `${BASE}/display-style/value`)).json()).toEqual(style)
  })

  it('lists the values of a level, narrowed by a parent value', async () => {
    const all = (await call('GET', `${BASE}/switch/value/details?dataHierarchyCode=INV_ORG`)).json()
    expect(all.map((o: { value: string }) => o.value)).toEqual(['IO-SH-PD', 'IO-SH-JD', 'IO-NB-BL'])
    expect(all.every((o: unknown) => Value.Check(DataHierarchyOptionSchema, o))).toBe(true)
    const ningbo = (
      await call('GET', `${BASE}/switch/details?dataHierarchyCode=INV_ORG&parentValue=C-NB`)
    ).json()
    expect(ningbo).toEqual([{ value: 'IO-NB-BL', meaning: '北仑库存组织', parentValue: 'C-NB' }])
  })

  it('CORE-USR-04: choosing a warehouse saves it with its organisation and company, and the server meaning', async () => {
    const response = await call(
      'PUT',
      `${BASE}/switch?dataHierarchyCode=WAREHOUSE&dataHierarchyValue=WH-PD-02&dataHierarchyMeaning=forged`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json().modalList[0]).toMatchObject({
      dataHierarchyValue: 'WH-PD-02',
      dataHierarchyMeaning: '浦东保税仓',
    })
    expect(await current()).toEqual({ COMPANY: 'C-SH', INV_ORG: 'IO-SH-PD', WAREHOUSE: 'WH-PD-02' })
    // the level below follows the saved choice
    const warehouses = (await call('GET', `${BASE}/switch/value/details?dataHierarchyCode=WAREHOUSE`)).json()
    expect(warehouses.map((o: { value: string }) => o.value)).toEqual(['WH-PD-01', 'WH-PD-02'])
  })

  it('choosing another company (JSON body) drops the organisation and warehouse of the old one', async () => {
    const response = await call('PUT', `${BASE}/switch`, {
      dataHierarchyCode: 'COMPANY',
      dataHierarchyValue: 'C-NB',
    })
    expect(response.statusCode).toBe(200)
    expect(await current()).toEqual({ COMPANY: 'C-NB', INV_ORG: undefined, WAREHOUSE: undefined })
  })

  it('refuses bad input with the error envelope', async () => {
    const unknownCode = await call('PUT', `${BASE}/switch?dataHierarchyCode=REGION&dataHierarchyValue=X`)
    expect(unknownCode.statusCode).toBe(400)
    expect(unknownCode.json()).toMatchObject({
      failed: true,
      message: expect.stringContaining('use one of COMPANY, INV_ORG, WAREHOUSE'),
    })
    const missing = await call('PUT', `${BASE}/switch?dataHierarchyCode=COMPANY`)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toContain('Send dataHierarchyCode and dataHierarchyValue')
    const badCode = await call(
      'GET',
      `${BASE}/switch/value/details?dataHierarchyCode=${encodeURIComponent("x'; drop")}`,
    )
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json().failed).toBe(true)
    const unknownLevel = await call('GET', `${BASE}/switch/value/details?dataHierarchyCode=REGION`)
    expect(unknownLevel.statusCode).toBe(400)
  })

  it("refuses another tenant's values and paths", async () => {
    const foreign = await call('PUT', `${BASE}/switch?dataHierarchyCode=COMPANY&dataHierarchyValue=C-GZ`)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toContain("'C-GZ' is not a value of COMPANY in tenant 1")
    const otherPath = await call('GET', '/api/hpfm/v1/2/data-hierarchies/switch/value')
    expect(otherPath.statusCode).toBe(403)
    expect(await current()).toMatchObject({ COMPANY: 'C-NB' })
  })

  it('keeps the choice per tenant: tenant 2 has its own levels and values', async () => {
    const switched = await call('PUT', '/api/iam/v1/users/tenant-id?tenantId=2')
    expect(switched.statusCode).toBe(200)
    const base2 = '/api/hpfm/v1/2/data-hierarchies'
    const companies = (await call('GET', `${base2}/switch/value/details?dataHierarchyCode=COMPANY`)).json()
    expect(companies).toEqual([{ value: 'C-GZ', meaning: '广州华南供应链有限公司' }])
    expect(
      (await call('PUT', `${base2}/switch?dataHierarchyCode=COMPANY&dataHierarchyValue=C-SH`)).statusCode,
    ).toBe(400)
    expect(
      (await call('PUT', `${base2}/switch?dataHierarchyCode=INV_ORG&dataHierarchyValue=IO-GZ-BY`)).statusCode,
    ).toBe(200)
    const style = (await call('GET', `${base2}/switch/display-style/value`)).json()
    expect(style.selectList[0]).toMatchObject({ dataHierarchyValue: 'C-GZ' })
    await call('PUT', '/api/iam/v1/users/tenant-id?tenantId=1')
    expect(await current()).toMatchObject({ COMPANY: 'C-NB' })
  })

  it('CORE-USR-02: a user without the flag may read but not switch', async () => {
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    expect((await as(clerk, 'GET', `${BASE}/switch/value`)).statusCode).toBe(200)
    const refused = await as(clerk, 'PUT', `${BASE}/switch?dataHierarchyCode=COMPANY&dataHierarchyValue=C-SH`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toContain('not enabled for your user')
  })
})
