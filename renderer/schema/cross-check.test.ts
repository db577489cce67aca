import { describe, expect, it } from 'vitest'
import orderModel from '../../schemas/models/wms/jxs-outbound-order.model.json'
import orderPage from '../../schemas/pages/winv/jxs-outbound-order.page.json'
import dynamicFormHeader from '../../schemas/models/hpfm/dynamic-form-header.model.json'
import dynamicFormLine from '../../schemas/models/hpfm/dynamic-form-line.model.json'
import dynamicFormPage from '../../schemas/pages/hpfm/dynamic-form-detail.page.json'
import { crossIssues } from './cross-check'
import type { ModelSchema } from './model'
import type { PageSchema } from './page'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are changed freely
type Json = Record<string, any>
const page = (): Json => structuredClone(orderPage)
const messages = (p: Json) =>
  crossIssues(p as PageSchema, {
    models: new Map([['wms/jxs-outbound-order', orderModel as ModelSchema]]),
    routes: new Set(),
  }).map((issue) => `${issue.pointer}: ${issue.message} (${issue.suggestion ?? ''})`)

describe('range search fields match the model (searchable: "range")', () => {
  it('accepts the order page: expectedDate is a range on both sides', () => {
    expect(messages(page())).toEqual([])
  })

  it('refuses a range-searched model field offered as a single value', () => {
    const p = page()
    delete p.fields.expectedDate.search
    expect(messages(p)).toEqual([
      '/search/fields/3: the model searches \'expectedDate\' by range (expectedDateFrom / expectedDateTo): a single value would be ignored (add "search": "range" to /fields/expectedDate)',
    ])
  })

  it('refuses a range on a field the model searches otherwise', () => {
    const p = page()
    p.fields.customerName = { ...p.fields.customerName, widget: 'InputNumber', search: 'range' }
    expect(messages(p)).toEqual([
      '/fields/customerName/search: the model does not search \'customerName\' by range (its searchable is \'like\') (remove "search": "range" or mark the model field "searchable": "range")',
    ])
  })
})

describe('a Lov narrowed by other fields (lov.params) names fields of the page', () => {
  const lovField = (p: Json) =>
    Object.entries(p.fields as Json).find(([, f]) => f.widget === 'Lov' || f.widget === 'MulLov')
  it('accepts a parameter taken from another field of the page', () => {
    const p = page()
    const [name, field] = lovField(p)!
    const other = Object.keys(p.fields).find((n) => n !== name)!
    field.lov = { ...field.lov, params: { someParam: other } }
    expect(messages(p)).toEqual([])
  })

  it('refuses an unknown field and the field itself, with the path and a way out', () => {
    const p = page()
    const [name, field] = lovField(p)!
    field.lov = { ...field.lov, params: { a: 'noSuchField', b: name } }
    const found = messages(p)
    expect(found).toHaveLength(2)
    expect(found[0]).toMatch(
      new RegExp(
        `^/fields/${name}/lov/params/a: 'noSuchField' is not a field of this page, so it cannot narrow the picker`,
      ),
    )
    expect(found[1]).toContain(`/fields/${name}/lov/params/b: '${name}' cannot narrow its own picker`)
  })
})

describe("a master-detail page's preview names one of its detail blocks", () => {
  const formPage = (): Json => structuredClone(dynamicFormPage)
  const check = (p: Json) =>
    crossIssues(p as PageSchema, {
      models: new Map([
        ['hpfm/dynamic-form-header', dynamicFormHeader as ModelSchema],
        ['hpfm/dynamic-form-line', dynamicFormLine as ModelSchema],
      ]),
      routes: new Set(),
    }).map((issue) => `${issue.pointer}: ${issue.message} (${issue.suggestion ?? ''})`)

  it('accepts the dynamic form detail page: its preview shows the items block', () => {
    expect(check(formPage())).toEqual([])
  })

  it('refuses a preview of a block the page does not have, naming the closest key', () => {
    const p = formPage()
    p.preview.detail = 'itemz'
    expect(check(p)).toEqual([
      "/preview/detail: 'itemz' is not the key of a detail block of this page (did you mean 'items'?)",
    ])
  })
})
