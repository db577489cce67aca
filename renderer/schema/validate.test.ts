import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { formatIssue } from './issue'
import { validatePage } from './validate'

const file = 'schemas/pages/wmdm/warehouse.page.json'
const source = readFileSync(file, 'utf8')
const widgetNames = [
  'Input',
  'TextArea',
  'InputNumber',
  'Select',
  'Switch',
  'DatePicker',
  'Lov',
  'MultiLangInput',
  'Upload',
]
const good = () => JSON.parse(source) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- fixtures are mutated freely

/** Validates a changed copy of the warehouse page and returns its messages as the CLI prints them. */
function messages(change: (page: ReturnType<typeof good>) => void): string[] {
  const page = good()
  change(page)
  const text = JSON.stringify(page, null, 2)
  return validatePage(page, { file, source: text, widgetNames }).issues.map(formatIssue)
}

test('the warehouse page is valid', () => {
  const result = validatePage(good(), { file, source, widgetNames })
  expect(result.issues).toEqual([])
  expect(result.ok).toBe(true)
})

test('an unknown widget is named with the closest registered one, at its line and column', () => {
  const [message] = messages((p) => (p.fields.warehouseType.widget = 'Lvo'))
  expect(message).toMatch(
    /^schemas\/pages\/wmdm\/warehouse\.page\.json:\d+:\d+ \/fields\/warehouseType\/widget: unknown widget 'Lvo' \(did you mean 'Lov'\?\)$/,
  )
})

test('Formily {{ }} expressions are refused with what to write instead', () => {
  const [message] = messages((p) => (p.fields.remark.props = { visible: '{{ $deps[0] === 1 }}' }))
  expect(message).toContain(
    '/fields/remark/props/visible: Formily expression "{{ $deps[0] === 1 }}" is not allowed',
  )
  expect(message).toContain('"linkage": {"visibleWhen": {"field"')
})

test('an unknown property suggests the nearest allowed one', () => {
  expect(messages((p) => (p.table.pageSzie = 20))).toEqual([
    expect.stringMatching(/ \/table\/pageSzie: unknown property 'pageSzie' \(did you mean 'pageSize'\?\)$/),
  ])
})

test('a table column naming a field outside the dictionary is reported with a suggestion', () => {
  expect(messages((p) => (p.table.columns[3].field = 'adress'))).toEqual([
    expect.stringMatching(
      /\/table\/columns\/3\/field: table column names the field 'adress', which is not in \/fields \(did you mean 'address'\?\)$/,
    ),
  ])
})

test('a wrong page kind is reported against the kind only, with a suggestion', () => {
  expect(messages((p) => (p.kind = 'lst'))).toEqual([
    expect.stringMatching(/:3:3 \/kind: unknown page kind "lst" \(did you mean 'list'\?\)$/),
  ])
})

test('errors are reported against the declared kind, not as "must match a schema in anyOf"', () => {
  const result = messages((p) => {
    p.kind = 'form'
    delete p.table
  })
  expect(result.join('\n')).not.toMatch(/anyOf|oneOf/)
  expect(result).toContainEqual(expect.stringMatching(/ \/search: unknown property 'search'/))
})

test('declared kinds without runtimes are validated too', () => {
  const tabs = {
    kind: 'tabs',
    route: '/x',
    title: 'common.action.view',
    description: 'Two lists',
    tabs: [{ key: 'a', title: 'common.action.view', route: '/a' }],
  }
  expect(validatePage(tabs, { file: 'x.page.json' }).ok).toBe(true)
  const bad = { ...tabs, tabs: [{ key: 'a', title: 'common.action.view', rout: '/a' }] }
  const issues = validatePage(bad, { file: 'x.page.json' }).issues.map(
    (i) => `${i.pointer}: ${i.message} (${i.suggestion})`,
  )
  expect(issues).toContain("/tabs/0/rout: unknown property 'rout' (did you mean 'route'?)")
})

test('unknown action types and enum values get the nearest name', () => {
  const result = messages((p) => {
    p.table.rowActions[0].type = 'edt'
    p.form.mode = 'drawr'
  })
  expect(result).toContainEqual(
    expect.stringMatching(/\/table\/rowActions\/0\/type: unknown type 'edt' \(did you mean 'edit'\?\)$/),
  )
  expect(result).toContainEqual(
    expect.stringMatching(/\/form\/mode: 'drawr' is not allowed for mode \(did you mean 'drawer'\?\)$/),
  )
})

test('linkage conditions name existing fields and use values that fit the operator', () => {
  const result = messages(
    (p) => (p.fields.remark.linkage = { visibleWhen: { field: 'warehouseTyp', op: 'in', value: 'COLD' } }),
  )
  expect(result).toContainEqual(
    expect.stringContaining(
      "condition on the field 'warehouseTyp', which is not in /fields (did you mean 'warehouseType'?)",
    ),
  )
  expect(result).toContainEqual(expect.stringContaining(`op 'in' needs "value" to be an array`))
})

test('text keys must exist in the page texts or the shared bundle', () => {
  expect(messages((p) => (p.fields.area.help = 'wmdm.warehouse.help.aera'))).toEqual([
    expect.stringContaining(
      "text key 'wmdm.warehouse.help.aera' is not defined (did you mean 'wmdm.warehouse.help.area'?",
    ),
  ])
})

test('a delete action cannot sit in the toolbar', () => {
  const result = messages((p) =>
    p.toolbar.actions.push({ type: 'delete', permission: 'wmdm.warehouse.button.delete' }),
  )
  expect(result).toContainEqual(
    expect.stringContaining("/toolbar/actions/2/type: a 'delete' action cannot be a toolbar action"),
  )
})
