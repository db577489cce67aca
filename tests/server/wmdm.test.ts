/**
 * Master data with behaviour of its own: barcode conversion rules really convert (test and convert endpoints),
 * unit conversions convert quantities (either direction, chains, a goods item's own rule first), and the
 * generic screens of wmdm, wapp and pets list their seed rows.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { applyRule } from '../../server/modules/wmdm/barcode-rules.ts'
import { conversionFactor } from '../../server/modules/wmdm/unit-conversion.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const wms = '/api/wms/v1/1'

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const ruleOf = async (code: string) =>
  (await call('admin', 'GET', `${wms}/barcode-convert-rules?ruleCode=${code}`)).json().content[0]

describe('barcode conversion rules', () => {
  it('applyRule fills named and numbered groups, else takes the first group or the whole match', () => {
    expect(
      applyRule(
        { ruleCode: 'A', matchPattern: '^\\(01\\)0?(\\d{13})', replacement: '$1' },
        '(01)06901234567892',
      ),
    ).toEqual({
      matched: true,
      result: '6901234567892',
    })
    expect(applyRule({ ruleCode: 'B', matchPattern: '^LOC:(.+)$', replacement: '' }, 'LOC:A01-01')).toEqual({
      matched: true,
      result: 'A01-01',
    })
    expect(applyRule({ ruleCode: 'C', matchPattern: '^X', replacement: 'Y' }, 'ABC').matched).toBe(false)
    expect(() => applyRule({ ruleCode: 'D', matchPattern: '(', replacement: '' }, 'A')).toThrow(
      /not a valid regular expression/,
    )
  })

  it('test applies the rule to its sample barcode and keeps the result on the rule', async () => {
    const rule = await ruleOf('GS1-BATCH')
    const tested = await call('clerk', 'POST', `${wms}/barcode-convert-rules/${rule.ruleId}/test`, rule)
    expect(tested.statusCode, tested.body).toBe(200)
    expect(tested.json()).toMatchObject({
      matched: true,
      result: 'B2026',
      barcode: '(01)06901234567892(10)B2026',
    })
    expect((await ruleOf('GS1-BATCH')).testResult).toBe('(01)06901234567892(10)B2026 → B2026')
    const other = await call('clerk', 'POST', `${wms}/barcode-convert-rules/${rule.ruleId}/test`, {
      barcode: 'NOPE',
    })
    expect(other.json()).toMatchObject({ matched: false })
    expect((await ruleOf('GS1-BATCH')).testResult).toMatch(/^✗ 'NOPE' does not match/)
  })

  it('a broken pattern answers 400 naming the rule; the dealer may not test', async () => {
    const created = await call('admin', 'POST', `${wms}/barcode-convert-rules`, {
      ruleCode: 'BROKEN',
      ruleName: 'Broken',
      targetType: 'GOODS',
      matchPattern: '([a-z',
      sampleBarcode: 'abc',
    })
    expect(created.statusCode, created.body).toBe(201)
    const tested = await call(
      'admin',
      'POST',
      `${wms}/barcode-convert-rules/${created.json().ruleId}/test`,
      {},
    )
    expect(tested.statusCode).toBe(400)
    expect(tested.json().message).toContain('Rule BROKEN: the pattern is not a valid regular expression')
    expect((await call('admin', 'DELETE', `${wms}/barcode-convert-rules`, created.json())).statusCode).toBe(
      204,
    )
    const refused = await call('jxs', 'POST', `${wms}/barcode-convert-rules/convert`, { barcode: 'LOC:A' })
    expect(refused.statusCode).toBe(403)
  })

  it('convert tries the enabled rules of the target type by priority', async () => {
    const goods = await call('clerk', 'POST', `${wms}/barcode-convert-rules/convert`, {
      barcode: '(01)06901234567892(10)B2026',
      targetType: 'GOODS',
    })
    expect(goods.json()).toMatchObject({ matched: true, result: '6901234567892', ruleCode: 'GS1-GTIN' })
    const location = await call('clerk', 'POST', `${wms}/barcode-convert-rules/convert`, {
      barcode: 'LOC:B02-03',
    })
    expect(location.json()).toMatchObject({ matched: true, result: 'B02-03', ruleCode: 'LOC-PREFIX' })
    const none = await call('clerk', 'POST', `${wms}/barcode-convert-rules/convert`, { barcode: 'PLAIN' })
    expect(none.json()).toMatchObject({ matched: false, result: 'PLAIN' })
    const empty = await call('clerk', 'POST', `${wms}/barcode-convert-rules/convert`, { barcode: '' })
    expect(empty.statusCode).toBe(400)
  })
})

describe('unit conversion', () => {
  const rules = [
    { goodsCode: null, fromUom: 'BOX', toUom: 'PCS', rate: 12 },
    { goodsCode: null, fromUom: 'CASE', toUom: 'BOX', rate: 4 },
    { goodsCode: 'G-2', fromUom: 'BOX', toUom: 'PCS', rate: 24 },
  ]
  it('converts directly, in reverse, along a chain, with the goods item rule first', () => {
    expect(conversionFactor(rules, 'BOX', 'PCS')?.factor).toBe(12)
    expect(conversionFactor(rules, 'PCS', 'BOX')?.factor).toBeCloseTo(1 / 12)
    expect(conversionFactor(rules, 'CASE', 'PCS')).toEqual({ factor: 48, path: ['CASE', 'BOX', 'PCS'] })
    expect(conversionFactor(rules, 'CASE', 'PCS', 'G-2')?.factor).toBe(96)
    expect(conversionFactor(rules, 'PCS', 'PCS')?.factor).toBe(1)
    expect(conversionFactor(rules, 'KG', 'PCS')).toBeUndefined()
  })

  it('the convert endpoint answers the quantity, 404 when no conversion exists, 400 on bad input', async () => {
    const convert = (query: string) => call('clerk', 'GET', `${wms}/unit-conversions/convert?${query}`)
    expect((await convert('fromUom=CASE&toUom=PCS&quantity=2.5')).json()).toMatchObject({
      result: 120,
      factor: 48,
    })
    expect((await convert('fromUom=PCS&toUom=BOX&quantity=30')).json().result).toBe(2.5)
    expect((await convert('fromUom=BOX&toUom=PCS&quantity=2&goodsCode=G-0002')).json().result).toBe(48)
    expect((await convert('fromUom=G&toUom=KG&quantity=1500')).json().result).toBe(1.5)
    const missing = await convert('fromUom=KG&toUom=PCS&quantity=1')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toContain('No conversion from KG to PCS')
    expect((await convert('fromUom=BOX&toUom=PCS&quantity=abc')).statusCode).toBe(400)
  })

  it('a rate of zero is refused on save', async () => {
    const bad = await call('admin', 'POST', `${wms}/unit-conversions`, {
      fromUom: 'BAG',
      toUom: 'PCS',
      rate: 0,
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('seeded screens of wmdm, wapp and pets', () => {
  it.each([
    'ecommerce-platforms',
    'express-bill-templates',
    'carriers',
    'shops',
    'containers',
    'container-types',
    'tag-colors',
    'seeding-walls',
    'workbenches',
    'video-platforms',
    'video-equipments',
    'outbound-video-records',
    'goods-attributes',
    'picking-carts',
    'picking-cart-slots',
    'support-items',
    'support-item-stocks',
    'bom-orders',
    'customer-goods-prices',
    'customer-goods-powers',
    'vendor-goods-powers',
    'app-categories',
    'app-menus',
    'app-permissions',
    'express-platforms',
    'logistics-statuses',
    'logistics-tracks',
  ])('%s lists its seed rows', async (resource) => {
    const page = await call('admin', 'GET', `${wms}/${resource}?size=5`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().totalElements).toBeGreaterThan(0)
  })

  it('rows scoped by warehouse, owner and customer follow the clerk grants', async () => {
    const shops = (await call('clerk', 'GET', `${wms}/shops?size=50`)).json()
    expect(shops.content.map((row: { shopCode: string }) => row.shopCode).sort()).toEqual([
      'JD-NFSP',
      'TM-HDRH',
    ])
    const walls = (await call('clerk', 'GET', `${wms}/seeding-walls?size=50`)).json()
    expect(walls.content.map((row: { wallCode: string }) => row.wallCode)).toEqual(['SW-E001-A'])
    const prices = (await call('clerk', 'GET', `${wms}/customer-goods-prices?size=50`)).json()
    expect(prices.totalElements).toBe(1)
  })
})
