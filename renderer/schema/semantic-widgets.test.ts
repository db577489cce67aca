/**
 * Issue 20, "widgets declare what they accept": a page's widgets are checked against their pure definitions
 * (renderer/contract/widget-definitions.ts): a field takes a field widget only, a custom page a page widget that
 * draws no page kind, and the props beside a widget are what its TypeBox schema declares. Before, any registered
 * name passed anywhere (`"widget": "SearchBar"` on a field) and props were never read.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WIDGET_NAMES } from '../contract/widget-names'
import { checkPageFile, type PageCheckContext } from './check-page-files'
import { formatIssue } from './issue'

const context: PageCheckContext = { widgetNames: WIDGET_NAMES, models: new Map(), routes: new Set() }
const notice = 'schemas/pages/hmsg/notice-create.page.json'
const print = 'schemas/pages/winv/inbound-order-print.page.json'
type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- pages edited freely

const errorsOf = (file: string, edit: (page: Json) => void) => {
  const page = JSON.parse(readFileSync(file, 'utf8')) as Json
  edit(page)
  return checkPageFile(file, JSON.stringify(page, null, 2), context)
    .issues.filter((issue) => issue.severity === 'error')
    .map(formatIssue)
}

describe('a field takes a field widget', () => {
  it('accepts the pages as they are', () => {
    expect(errorsOf(notice, () => {})).toEqual([])
    expect(errorsOf(print, () => {})).toEqual([])
  })

  it('refuses a page widget on a field, naming the field widgets', () => {
    const errors = errorsOf(notice, (page) => (page.fields.title.widget = 'ListPage'))
    expect(errors).toEqual([
      expect.stringMatching(
        /^schemas\/pages\/hmsg\/notice-create\.page\.json:\d+:\d+ \/fields\/title\/widget: 'ListPage' is a page widget, not a field widget \(field widgets: Input, TextArea, .*\)$/,
      ),
    ])
  })

  it('refuses a part (SearchBar) on a field, and suggests the close field widget of a misspelt name', () => {
    expect(errorsOf(notice, (page) => (page.fields.title.widget = 'SearchBar'))).toEqual([
      expect.stringMatching(
        /\/fields\/title\/widget: 'SearchBar' is a part of the page widgets \(pages do not name it\), not a field widget/,
      ),
    ])
    expect(errorsOf(notice, (page) => (page.fields.title.widget = 'Inptu'))).toEqual([
      expect.stringMatching(/\/fields\/title\/widget: unknown widget 'Inptu' \(did you mean 'Input'\?\)/),
    ])
  })

  it('refuses a field widget, or a page-kind widget, as a custom page', () => {
    expect(errorsOf(print, (page) => (page.widget = 'Select'))).toEqual([
      expect.stringMatching(
        / \/widget: 'Select' is a field widget, not a page widget \(page widgets: .*DocumentPrint/,
      ),
    ])
    expect(errorsOf(print, (page) => (page.widget = 'ListPage'))).toEqual([
      expect.stringMatching(/ \/widget: 'ListPage' draws pages of kind "list", not custom pages/),
    ])
  })
})

describe("a widget's props are what its definition declares", () => {
  it('refuses a misspelt prop, a missing one and a wrong value, each at its pointer', () => {
    const errors = errorsOf(print, (page) => {
      page.props.numberFeild = page.props.numberField
      delete page.props.numberField
      page.props.lines.columns[1].lable = page.props.lines.columns[1].label
      delete page.props.lines.columns[1].label
      page.props.service = 'wsm'
    })
    expect(errors).toEqual([
      expect.stringMatching(
        / \/props\/numberField: 'DocumentPrint' needs the prop "numberField" .*\(add "numberField"\)$/,
      ),
      expect.stringMatching(
        / \/props\/numberFeild: 'DocumentPrint' has no prop "numberFeild" here \(did you mean "numberField"\?\)$/,
      ),
      expect.stringMatching(/ \/props\/service: "service" of 'DocumentPrint' is "wsm" .*\(one of: .*"wms"/),
      expect.stringMatching(/ \/props\/lines\/columns\/1\/label: 'DocumentPrint' needs the prop "label"/),
      expect.stringMatching(
        / \/props\/lines\/columns\/1\/lable: 'DocumentPrint' has no prop "lable" here \(did you mean "label"\?\)$/,
      ),
    ])
  })

  it("refuses a field widget's bad prop, and props to a widget that takes none", () => {
    expect(errorsOf(notice, (page) => (page.fields.title.props = { type: 'secret' }))).toEqual([
      expect.stringMatching(
        / \/fields\/title\/props\/type: "type" of 'Input' is "secret" .*\(one of: "text", "password"\)$/,
      ),
    ])
    expect(
      errorsOf(notice, (page) => Object.assign(page.fields.title, { widget: 'Switch', props: { rows: 2 } })),
    ).toEqual([expect.stringMatching(/ \/fields\/title\/props: 'Switch' takes no props/)])
  })

  it('refuses a custom page without the props its widget needs', () => {
    expect(errorsOf(print, (page) => delete page.props)).toEqual([
      expect.stringMatching(
        / \/widget: 'DocumentPrint' needs props: docType, service, path, idParam, numberField, heading, fields/,
      ),
    ])
  })
})
