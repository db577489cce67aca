import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let otherTenant: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  otherTenant = await signIn(app, 'manager', 'Manager@123')
})
afterAll(() => app.close())

const read = (token: string, id: number, fieldName = 'warehouseName') =>
  injectAs(app, token, 'GET', `/api/hpfm/v1/multi-language?_token=wms/warehouse:${id}&fieldName=${fieldName}`)

describe('multi-language fields (PLAT-I18N-04..08)', () => {
  it('keeps the _tls values per language and answers code, name and value for every language', async () => {
    const created = await injectAs(app, admin, 'POST', '/api/wms/v1/1/warehouses', {
      warehouseCode: 'ML-01',
      warehouseName: '多语言仓',
      warehouseType: 'NORMAL',
      _tls: { warehouseName: { zh_CN: '多语言仓', en_US: 'Multi-language warehouse' } },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().warehouseId as number
    expect((await read(admin, id)).json()).toEqual([
      { code: 'zh_CN', name: '简体中文', value: '多语言仓' },
      { code: 'en_US', name: 'English', value: 'Multi-language warehouse' },
      { code: 'zh_TW', name: '繁體中文', value: '' },
    ])

    const updated = await injectAs(app, admin, 'PUT', '/api/wms/v1/1/warehouses', {
      warehouseId: id,
      objectVersionNumber: 1,
      _tls: { warehouseName: { zh_TW: '多語言倉', en_US: 'Warehouse in many languages' } },
    })
    expect(updated.statusCode).toBe(200)
    expect((await read(admin, id)).json().map((r: { value: string }) => r.value)).toEqual([
      '多语言仓',
      'Warehouse in many languages',
      '多語言倉',
    ])
    // another tenant cannot read them
    expect((await read(otherTenant, id)).statusCode).toBe(404)
  })

  it('refuses unknown languages, fields that are not multi-language and malformed tokens', async () => {
    const badLanguage = await injectAs(app, admin, 'POST', '/api/wms/v1/1/warehouses', {
      warehouseCode: 'ML-02',
      warehouseName: 'x',
      warehouseType: 'NORMAL',
      _tls: { warehouseName: { fr_FR: 'Entrepôt' } },
    })
    expect(badLanguage.statusCode).toBe(400)
    expect(badLanguage.json().message).toBe(
      '_tls.warehouseName.fr_FR: unknown language; use zh_CN, en_US, zh_TW.',
    )
    const notTranslatable = await read(admin, 1, 'address')
    expect(notTranslatable.json().message).toBe(
      'warehouse.address is not a multi-language field: mark it multiLanguage in the model.',
    )
    const malformed = await injectAs(
      app,
      admin,
      'GET',
      '/api/hpfm/v1/multi-language?_token=12&fieldName=warehouseName',
    )
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().failed).toBe(true)
  })
})
