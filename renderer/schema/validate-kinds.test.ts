import { describe, expect, it } from 'vitest'
import { custom, dashboard, masterDetail, tabs } from './fixtures/kinds'
import { formatIssue } from './issue'
import { validatePage } from './validate'

const widgetNames = ['Input', 'InputNumber', 'TextArea', 'SchemaPlayground']
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
})
