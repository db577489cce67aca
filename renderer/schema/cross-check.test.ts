import { describe, expect, it } from 'vitest'
import orderModel from '../../schemas/models/wms/jxs-outbound-order.model.json'
import orderPage from '../../schemas/pages/winv/jxs-outbound-order.page.json'
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
