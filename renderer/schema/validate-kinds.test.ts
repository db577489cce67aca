import { describe, expect, it } from 'vitest'
import { custom, dashboard, masterDetail, tabs } from './fixtures/kinds'
import { formatIssue } from './issue'
import { validatePage } from './validate'

const widgetNames = ['Input', 'InputNumber', 'TextArea', 'Select', 'SchemaPlayground']
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are changed freely
type Json = Record<string, any>
const messages = (page: Json) => {
  const source = JSON.stringify(page, null, 2)
  return validatePage(page, { file: 'x.page.json', source, widgetNames }).issues.map(formatIssue)
}

describe('good pages of every kind validate', () => {
  it.each([
    ['master-detail', masterDetail()],
    ['tabs', tabs()],
    ['dashboard', dashboard()],
    ['custom', custom()],
  ])('%s', (_kind, page) => expect(messages(page)).toEqual([]))
})

describe('bad pages are refused with messages that say how to fix them', () => {
  it('master-detail: a detail without parentField', () => {
    const page: Json = masterDetail()
    delete page.details[0].parentField
    expect(messages(page)).toEqual([
      expect.stringMatching(
        /^x\.page\.json:\d+:\d+ \/details\/0: missing required property 'parentField' — .*\(add "parentField" to \/details\/0\)$/,
      ),
    ])
  })

  it('master-detail: a line column naming a field of the header', () => {
    const page: Json = masterDetail()
    page.details[0].table.columns[0].field = 'orderNumber'
    expect(messages(page)).toEqual([
      expect.stringContaining(
        "/details/0/table/columns/0/field: table column names the field 'orderNumber', which is not in /details/0/fields",
      ),
    ])
  })

  it('tabs: two tabs with one key', () => {
    const page: Json = tabs()
    page.tabs[1].key = 'one'
    expect(messages(page)).toEqual([
      expect.stringContaining("/tabs/1/key: key 'one' is also used at /tabs/0 (give each one its own key)"),
    ])
  })

  it('dashboard: a chart without groupBy, a sum without field, a figure naming a widget', () => {
    const page: Json = dashboard()
    delete page.cards[1].groupBy
    page.cards[0].measure = 'sum'
    page.cards[0].widget = 'Input'
    expect(messages(page)).toEqual([
      expect.stringContaining(`/cards/0: a 'figure' card needs "field" (the number field to sum)`),
      expect.stringContaining(`/cards/0/widget: a 'figure' card is drawn by the platform, not by a widget`),
      expect.stringContaining(`/cards/1: a 'chart' card needs "groupBy"`),
    ])
  })

  it('dashboard: an unknown chart type names the allowed ones', () => {
    const page: Json = dashboard()
    page.cards[1].chart = 'donut'
    expect(messages(page).join('\n')).toMatch(/\/cards\/1\/chart: .*bar.*line.*pie/)
  })

  it('custom: an unregistered widget is named with the closest registered one', () => {
    const page: Json = custom()
    page.widget = 'SchemaPlayground2'
    expect(messages(page)).toEqual([
      expect.stringContaining(
        "/widget: unknown widget 'SchemaPlayground2' (did you mean 'SchemaPlayground'?)",
      ),
    ])
  })

  it('master-detail: a parentField that is not a field name; two line tables with one key', () => {
    const badParent: Json = masterDetail()
    badParent.details[0].parentField = 'order id'
    expect(messages(badParent)).toEqual([
      expect.stringMatching(
        /\/details\/0\/parentField: 'order id' is not a valid parentField — .*\(write it to match \^\[a-z\]\[A-Za-z0-9\]\*\$\)$/,
      ),
    ])
    const twoKeys: Json = masterDetail()
    twoKeys.details.push(structuredClone(twoKeys.details[0]))
    expect(messages(twoKeys)).toEqual([
      expect.stringContaining(
        "/details/1/key: key 'lines' is also used at /details/0 (give each one its own key)",
      ),
    ])
  })

  it('master-detail: a line field searched by range with a widget that has no range', () => {
    const page: Json = masterDetail()
    Object.assign(page.details[0].fields.quantity, { widget: 'Select', search: 'range' })
    expect(messages(page)).toEqual([
      expect.stringContaining(
        '/details/0/fields/quantity/search: a Select field cannot be searched by range: only DatePicker, DatetimePicker, InputNumber can (remove "search": "range"',
      ),
    ])
  })

  it('tabs: a tab route that is not a path', () => {
    const page: Json = tabs()
    page.tabs[0].route = 'wmdm/warehouse'
    expect(messages(page)).toEqual([
      expect.stringMatching(
        /\/tabs\/0\/route: 'wmdm\/warehouse' is not a valid route — .*\(write it to match \^\/\)$/,
      ),
    ])
  })

  it('dashboard: an unknown card type; a title key without texts', () => {
    const badType: Json = dashboard()
    badType.cards[0].type = 'gauge'
    expect(messages(badType)).toEqual([
      expect.stringContaining(
        "/cards/0/type: 'gauge' is not allowed for type (allowed values: figure, chart, widget)",
      ),
    ])
    const noText: Json = dashboard()
    noText.cards[1].title = 't.missing'
    expect(messages(noText)).toEqual([
      expect.stringContaining(
        `/cards/1/title: text key 't.missing' is not defined (add it to "texts" with zh_CN, en_US and zh_TW)`,
      ),
    ])
  })

  it('custom: no widget, fields it cannot use, and a Formily expression in its props', () => {
    const page: Json = custom()
    delete page.widget
    expect(messages(page)).toEqual([expect.stringContaining(`/: missing required property 'widget'`)])
    const withFields: Json = { ...custom(), fields: {} }
    expect(messages(withFields)).toEqual([
      expect.stringContaining(
        "/fields: unknown property 'fields' (allowed properties: $schema, kind, route, title, description, texts, menu, grants, widget, props)",
      ),
    ])
    const withCode: Json = { ...custom(), props: { script: '{{ $self.value }}' } }
    expect(messages(withCode)).toEqual([
      expect.stringMatching(
        /\/props\/script: Formily expression "\{\{ \$self.value \}\}" is not allowed: pages hold no code/,
      ),
      // and the widget declares no props at all (renderer/contract/widget-props.ts)
      expect.stringContaining("/props: 'SchemaPlayground' takes no props"),
    ])
  })
})
