/**
 * Issue 22, "what a configurator met": the one page check (schemas:check, server, playground) reports what used
 * to pass silently: a route two files declare, a duplicate key, linkage no one can ever satisfy, a syntax error
 * without a line; and a page on a refused model says why.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WIDGET_NAMES } from '../contract/widget-names'
import { checkPageFile, checkPageFiles, type PageCheckContext } from './check-page-files'
import { formatIssue } from './issue'

const source = readFileSync('schemas/pages/hmsg/notice-create.page.json', 'utf8')
const context: PageCheckContext = {
  widgetNames: WIDGET_NAMES,
  models: new Map(),
  routes: new Set(),
}
const errorsOf = (file: string, text: string) =>
  checkPageFile(file, text, context)
    .issues.filter((issue) => issue.severity === 'error')
    .map(formatIssue)
const withFields = (fields: Record<string, unknown>) => {
  const page = JSON.parse(source) as { fields: Record<string, unknown> }
  Object.assign(page.fields, fields)
  return JSON.stringify(page, null, 2)
}

describe('one page check for every caller', () => {
  it('accepts the page as it is', () => {
    expect(errorsOf('a.page.json', source)).toEqual([])
  })

  it('refuses two files on one route, naming both, whichever is read first (params named otherwise count)', () => {
    const other = source.replace('"/hmsg/notices/create"', '"/hmsg/notices/create/"')
    for (const order of [
      ['schemas/pages/a/new.page.json', 'schemas/pages/z/old.page.json'],
      ['schemas/pages/z/new.page.json', 'schemas/pages/a/old.page.json'],
    ]) {
      const checked = checkPageFiles(
        order.map((file, i) => ({ file, source: i ? source : other })),
        context,
      )
      for (const page of checked) {
        const errors = page.issues.filter((issue) => issue.severity === 'error').map(formatIssue)
        expect(errors).toHaveLength(1)
        const others = order.filter((file) => file !== page.file)
        expect(errors[0]).toContain(`${page.file}:4:3 /route: route '`)
        expect(errors[0]).toContain(`is also declared by ${others[0]}`)
      }
    }
    const params = checkPageFiles(
      [
        { file: 'a.page.json', source: source.replace('/create"', '/{noticeId}"') },
        { file: 'b.page.json', source: source.replace('/create"', '/{id}"') },
      ],
      context,
    )
    expect(params.every((page) => page.issues.some((i) => /also declared by/.test(i.message)))).toBe(true)
  })

  it('reports a duplicate key with its line and pointer (JSON.parse keeps the last silently)', () => {
    const text = source.replace('"widget": "Input",', '"widget": "Input",\n      "required": false,')
    const errors = errorsOf('a.page.json', text)
    expect(errors).toEqual([
      "a.page.json:17:7 /fields/title/required: key 'required' appears twice in this object (first on line 16): JSON keeps only this last one, silently (remove one of the two, or merge them into one)",
    ])
  })

  it('refuses two fields each visible only when the other is filled', () => {
    const text = withFields({
      title: {
        label: 'hmsg.notices.field.title',
        widget: 'Input',
        required: true,
        linkage: { visibleWhen: { field: 'noticeBody', op: 'notEmpty' } },
      },
      noticeBody: {
        label: 'hmsg.notices.field.noticeBody',
        widget: 'TextArea',
        linkage: {
          visibleWhen: {
            any: [
              { field: 'title', op: 'eq', value: 'x' },
              { field: 'title', op: 'notEmpty' },
            ],
          },
        },
      },
    })
    const errors = errorsOf('a.page.json', text)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /\/fields\/title\/linkage: 'title' → 'noticeBody' → 'title': each of these fields can be filled only once the next one has a value, so none of them ever can \(and title is required: the form can never be saved\)/,
    )
  })

  it('finds the cycle through disabledWhen too, and not where one side holds while empty', () => {
    const disabled = withFields({
      title: {
        label: 'hmsg.notices.field.title',
        widget: 'Input',
        linkage: { disabledWhen: { field: 'noticeBody', op: 'empty' } },
      },
      noticeBody: {
        label: 'hmsg.notices.field.noticeBody',
        widget: 'TextArea',
        linkage: { visibleWhen: { field: 'title', op: 'notEmpty' } },
      },
    })
    expect(errorsOf('a.page.json', disabled)).toHaveLength(1)
    const fine = withFields({
      title: {
        label: 'hmsg.notices.field.title',
        widget: 'Input',
        linkage: { visibleWhen: { field: 'noticeBody', op: 'empty' } },
      },
      noticeBody: {
        label: 'hmsg.notices.field.noticeBody',
        widget: 'TextArea',
        linkage: { visibleWhen: { field: 'title', op: 'notEmpty' } },
      },
    })
    expect(errorsOf('a.page.json', fine)).toEqual([])
    const withDefault = withFields({
      title: {
        label: 'hmsg.notices.field.title',
        widget: 'Input',
        defaultValue: 'Hello',
        linkage: { visibleWhen: { field: 'noticeBody', op: 'notEmpty' } },
      },
      noticeBody: {
        label: 'hmsg.notices.field.noticeBody',
        widget: 'TextArea',
        linkage: { visibleWhen: { field: 'title', op: 'notEmpty' } },
      },
    })
    expect(errorsOf('a.page.json', withDefault)).toEqual([])
  })

  it('locates a syntax error and says what to fix; the route is still read from the text', () => {
    const trailing = source.replace('"maxLength": 240\n', '"maxLength": 240,\n')
    const checked = checkPageFile('a.page.json', trailing, context)
    expect(checked.route).toBe('/hmsg/notices/create')
    expect(checked.issues.map(formatIssue)).toEqual([
      "a.page.json:18:5 /: not valid JSON: Expected double-quoted property name (remove the comma before this '}')",
    ])
    expect(errorsOf('a.page.json', source.slice(0, 200))[0]).toMatch(
      /^a\.page\.json:\d+:\d+ \/: not valid JSON: .*\(the file ends too early: close every \{ and \[ that is still open/,
    )
    expect(errorsOf('a.page.json', source.replace('"title": {', '"title": {\n "a": 1\n "b": 2,'))[0]).toMatch(
      /a\.page\.json:15:2 \/: not valid JSON: .*\(add a comma after the previous value\)/,
    )
  })

  it('names the model file and its problem when the page is on a refused model', () => {
    const page = JSON.parse(source) as { dataSource: Record<string, unknown> }
    page.dataSource.model = 'wms/broken'
    const checked = checkPageFile('a.page.json', JSON.stringify(page, null, 2), {
      ...context,
      refusedModels: new Map([
        ['wms/broken', 'schemas/models/wms/broken.model.json:3:3 /table: bad — fix it'],
      ]),
    })
    expect(checked.issues.map(formatIssue)).toEqual([
      "a.page.json:11:5 /dataSource/model: model 'wms/broken' is invalid, so the server runs without it: schemas/models/wms/broken.model.json:3:3 /table: bad — fix it (fix schemas/models/wms/broken.model.json (npm run schemas:check lists its problems))",
    ])
  })
})
