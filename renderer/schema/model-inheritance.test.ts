/**
 * Issue 20, "pages inherit their model": a page field takes its model field's constraints unless the page
 * overrides them (the page as it renders and compiles), and an override looser than the model is refused by
 * the one page check (schemas:check, the server's page load), naming the file, the pointer, what the model
 * says and the fix.
 */
import { readFileSync } from 'node:fs'
import type { ISchema } from '@formily/json-schema'
import { describe, expect, it } from 'vitest'
import { compileEditForm } from '../compile/compile-page'
import { WIDGET_NAMES } from '../contract/widget-names'
import { loadPageSource } from '../data/page-source'
import { checkPageFile, type PageCheckContext } from './check-page-files'
import { formatIssue } from './issue'
import type { ModelSchema } from './model'
import { inheritModel, pageModelFacts } from './model-inheritance'
import type { ListPage } from './page'

const read = (file: string) => readFileSync(file, 'utf8')
const model = (key: string) => JSON.parse(read(`schemas/models/${key}.model.json`)) as ModelSchema
const models = new Map([['wms/location', model('wms/location')]])
const context: PageCheckContext = { widgetNames: WIDGET_NAMES, models, routes: new Set() }
const file = 'schemas/pages/wmdm/location.page.json'
const source = read(file)
const withField = (name: string, spec: Record<string, unknown>) => {
  const page = JSON.parse(source) as { fields: Record<string, Record<string, unknown>> }
  page.fields[name] = { ...page.fields[name], ...spec }
  return JSON.stringify(page, null, 2)
}
const errorsOf = (text: string) =>
  checkPageFile(file, text, context)
    .issues.filter((issue) => issue.severity === 'error')
    .map(formatIssue)

describe('a page field compiles from its model field', () => {
  it('takes the length, pattern and requiredness the page leaves out', () => {
    const page = checkPageFile(file, source, context).page as ListPage
    // the page writes none of these for locationCode: the model says 30 long and its pattern
    expect(page.fields.locationCode).toMatchObject({
      required: true,
      maxLength: 30,
      pattern: '^[A-Za-z0-9_.-]+$',
    })
    const form = compileEditForm(page, {
      t: (key) => key,
      mode: 'create',
      requiredMessage: () => 'enter',
    })
    const sections = Object.values(form.properties ?? {}) as ISchema[]
    const field = sections.map((s) => s.properties as Record<string, ISchema>).find((p) => p.locationCode)
    expect(field?.locationCode?.['x-validator']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ maxLength: 30 }),
        expect.objectContaining({ pattern: '^[A-Za-z0-9_.-]+$' }),
      ]),
    )
    expect(field?.locationCode?.['x-component-props']).toMatchObject({ maxLength: 30 })
  })

  it("keeps the page's own values (a tighter override) and inherits only what the widget uses", () => {
    const page = inheritModel(
      {
        dataSource: { model: 'wms/location' },
        fields: {
          locationCode: { widget: 'Input', maxLength: 20 },
          warehouseId: { widget: 'Lov' },
        },
      },
      models,
    ) as { fields: Record<string, Record<string, unknown>> }
    expect(page.fields.locationCode).toMatchObject({ maxLength: 20, pattern: '^[A-Za-z0-9_.-]+$' })
    expect(page.fields.warehouseId).not.toHaveProperty('maxLength')
  })

  it('reaches the browser: the served page brings its model facts and is completed with them', async () => {
    const served = JSON.parse(source) as unknown
    const request = () =>
      Promise.resolve({ file, route: '/wmdm/location', source, models: pageModelFacts(served, models) })
    const loaded = await loadPageSource({ request: request as never }, '/wmdm/location')
    expect((loaded.page as ListPage).fields.locationCode).toMatchObject({ maxLength: 30 })
  })
})

describe('a page looser than its model fails the page check', () => {
  it('accepts the page that leaves the constraints to the model, or tightens them', () => {
    expect(errorsOf(source)).toEqual([])
    expect(errorsOf(withField('locationCode', { maxLength: 20 }))).toEqual([])
  })

  it('refuses a longer text, naming file, pointer, what the model says and the fix', () => {
    expect(errorsOf(withField('locationCode', { maxLength: 60 }))).toEqual([
      expect.stringMatching(
        /^schemas\/pages\/wmdm\/location\.page\.json:\d+:\d+ \/fields\/locationCode\/maxLength: maxLength 60 is looser than the model: the model wms\/location says locationCode is at most 30 long.*\(drop \/fields\/locationCode\/maxLength: the field then takes the model's value\)$/,
      ),
    ])
  })

  it('refuses a lower minimum, a different pattern or value set, more decimals, "required": false', () => {
    const goods = model('wms/goods')
    const page = JSON.parse(read('schemas/pages/wmdm/goods.page.json')) as {
      fields: Record<string, Record<string, unknown>>
    }
    const label = page.fields.goodsCode!.label
    const check = (fields: Record<string, Record<string, unknown>>) => {
      const changed = Object.fromEntries(
        Object.entries(fields).map(([name, spec]) => [name, { label, ...page.fields[name], ...spec }]),
      )
      const text = JSON.stringify({ ...page, fields: { ...page.fields, ...changed } })
      return checkPageFile('a.page.json', text, { ...context, models: new Map([['wms/goods', goods]]) })
        .issues.filter((issue) => issue.severity === 'error')
        .map((issue) => `${issue.pointer}: ${issue.message}`)
    }
    const field = (name: string) => goods.fields.find((f) => f.name === name)!
    const code = field('goodsCode')
    expect(check({ goodsCode: { widget: 'Input', pattern: '^.*$' } })).toEqual([
      expect.stringContaining(`/fields/goodsCode/pattern: pattern '^.*$' differs from the model's`),
    ])
    expect(check({ goodsCode: { widget: 'Input', pattern: code.pattern } })).toEqual([])
    expect(check({ goodsCode: { widget: 'Input', required: false } })).toEqual([
      expect.stringContaining('/fields/goodsCode/required: "required": false is looser than the model'),
    ])
    const decimal = goods.fields.find((f) => f.type === 'decimal' && f.scale !== undefined)!
    expect(check({ [decimal.name]: { widget: 'InputNumber', precision: decimal.scale! + 1 } })).toEqual([
      expect.stringContaining(`/fields/${decimal.name}/precision: precision`),
    ])
    const bounded = goods.fields.find((f) => f.min !== undefined)!
    expect(check({ [bounded.name]: { widget: 'InputNumber', min: bounded.min! - 1 } })).toEqual([
      expect.stringContaining(`/fields/${bounded.name}/min: min ${bounded.min! - 1} is looser`),
    ])
    const coded = goods.fields.find((f) => f.lookupCode !== undefined)!
    expect(check({ [coded.name]: { widget: 'Select', lookupCode: 'HPFM.ENABLED_FLAG' } })).toEqual([
      expect.stringContaining(`/fields/${coded.name}/lookupCode: value set 'HPFM.ENABLED_FLAG' differs`),
    ])
  })
})
