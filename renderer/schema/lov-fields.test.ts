import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { formatIssue } from './issue'
import type { ModelSchema } from './model'
import { inheritModel } from './model-inheritance'
import { validatePage } from './validate'

const file = 'schemas/pages/winv/jxs-outbound-order.page.json'
const source = readFileSync(file, 'utf8')
const widgetNames = ['Input', 'TextArea', 'InputNumber', 'Select', 'DatePicker', 'Lov', 'MulLov']
type Page = { fields: Record<string, Record<string, unknown>> }
// its row actions name transitions of this model: the page as the browser gets it is completed from it
const model = JSON.parse(
  readFileSync('schemas/models/wms/jxs-outbound-order.model.json', 'utf8'),
) as ModelSchema

function messages(change: (page: Page) => void): string[] {
  const page = JSON.parse(source) as Page
  change(page)
  return validatePage(inheritModel(page, { 'wms/jxs-outbound-order': model }), {
    file,
    source: JSON.stringify(page, null, 2),
    widgetNames,
  }).issues.map(formatIssue)
}

test('the dealer order page with its warehouse Lov is valid', () => {
  expect(messages(() => undefined)).toEqual([])
})

test('a Lov field needs a lovCode; lovCode belongs to Lov fields only', () => {
  expect(messages((p) => delete p.fields.warehouseId?.lovCode)).toEqual([
    expect.stringMatching(/\/fields\/warehouseId\/widget: a Lov field needs "lovCode"/),
  ])
  expect(messages((p) => (p.fields.customerName!.lovCode = 'HIAM.USER'))).toEqual([
    expect.stringMatching(
      /\/fields\/customerName\/lovCode: "lovCode" and "lov" belong to Lov and MulLov fields/,
    ),
  ])
})

test('the mapping names fields of the page, with a suggestion', () => {
  const [message] = messages(
    (p) =>
      (p.fields.warehouseId!.lov = { textField: 'warehouseNam', fill: { warehouseCode: 'warehouseCode' } }),
  )
  expect(message).toMatch(
    /\/fields\/warehouseId\/lov\/textField: the Lov fills 'warehouseNam', which is not in \/fields \(did you mean 'warehouseName'\?\)/,
  )
  expect(messages((p) => (p.fields.warehouseId!.lov = { fill: { warehouseId: 'warehouseId' } }))).toEqual([
    expect.stringMatching(/'warehouseId' is the Lov field itself/),
  ])
})

test('defaultWarehouse belongs to a Lov, and is pointless beside a defaultValue', () => {
  expect(messages((p) => (p.fields.warehouseId!.defaultWarehouse = false))).toEqual([])
  expect(messages((p) => (p.fields.customerName!.defaultWarehouse = true))).toEqual([
    expect.stringMatching(
      /\/fields\/customerName\/defaultWarehouse: "defaultWarehouse" pre-fills a single warehouse picker \(a Lov\), not Input/,
    ),
  ])
  expect(
    messages((p) => Object.assign(p.fields.warehouseId!, { defaultWarehouse: true, defaultValue: 1 })),
  ).toEqual([expect.stringMatching(/defaultWarehouse": true has no effect beside "defaultValue"/)])
})
