/**
 * Issue 22/20: one model key everywhere. A page names its model by the model file (`wms/goods-category`), and
 * the multi-language input sends that key as the record token; the server must know it for every model with
 * a multi-language field (it knew only the entity, `wms/goodsCategory`, so the dialog read 404 and showed blanks).
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadModelFiles } from '../../server/bootstrap.ts'
import { modelKey } from '../../renderer/schema/model.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
const models = loadModelFiles('schemas/models')
const translated = models.filter((model) => model.fields.some((field) => field.multiLanguage))

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const read = (token: string, fieldName: string) =>
  injectAs(app, admin, 'GET', `/api/hpfm/v1/multi-language?_token=${token}&fieldName=${fieldName}`)

describe('the record token names the model by its file', () => {
  it('has models with multi-language fields whose entity differs from the file name', () => {
    expect(translated.map(modelKey)).toEqual(
      expect.arrayContaining(['wms/goods-category', 'wms/order-type', 'wms/warehouse-area']),
    )
  })

  it.each(translated.map((model) => [modelKey(model), model] as const))(
    '%s: the token of the model file is understood (an absent record is 404 for the record, not the model)',
    async (key, model) => {
      const field = model.fields.find((f) => f.multiLanguage)?.name ?? ''
      const answer = await read(`${key}:999999999`, field)
      expect(answer.statusCode).toBe(404)
      expect(answer.json().message).not.toMatch(/names no model/)
    },
  )

  it('reads back the translations of a goods category saved with _tls, by the key its page uses', async () => {
    const created = await injectAs(app, admin, 'POST', '/api/wms/v1/1/goods-categories', {
      categoryCode: 'MK-01',
      categoryName: '冷链',
      enabledFlag: 1,
      _tls: { categoryName: { zh_CN: '冷链', en_US: 'Cold chain', zh_TW: '冷鏈' } },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().goodsCategoryId as number
    const answer = await read(`wms/goods-category:${id}`, 'categoryName')
    expect(answer.statusCode).toBe(200)
    expect(answer.json().map((r: { value: string }) => r.value)).toEqual(['冷链', 'Cold chain', '冷鏈'])
  })

  it('names the model file form in its 404 for an unknown model', async () => {
    const answer = await read('wms/no-such-thing:1', 'name')
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toMatch(/wms\/goods-category:12/)
  })
})
