/**
 * Issue 3 proof: page schema → Formily schema for every page kind and every field widget, each with its edit
 * and its read-only rendering chosen by mode.
 */
import type { ISchema } from '@formily/json-schema'
import { describe, expect, it } from 'vitest'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { FIELD_WIDGET_NAMES } from '../../renderer/contract/widget-names'
import { PAGE_WIDGETS } from '../../renderer/runtime/SchemaPage'
import { custom, dashboard, masterDetail, tabs } from '../../renderer/schema/fixtures/kinds'
import type { FieldSpec, ListPage, MasterDetailPage } from '../../renderer/schema/page'
import {
  compileColumns,
  compileEditForm,
  compileSearchForm,
  type CompilablePage,
} from '../../renderer/compile/compile-page'
import type { CompileContext, FormMode } from '../../renderer/compile/field-schema'

// A copy: compiled schemas are memoised per page object, and other test files compile the same import.
const warehouse = structuredClone(warehouseFile)

const t = (key: string, values?: Record<string, unknown>) =>
  key === 'common.validation.rangeOrder' ? `${String(values?.name)}: start after end` : key
const context = (mode: FormMode): CompileContext => ({ t, mode, requiredMessage: () => 'enter' })
const props = (schema: ISchema | undefined) => (schema?.properties ?? {}) as Record<string, ISchema>
/** Every field of a compiled edit form, by name (sections flattened). */
const formFields = (schema: ISchema) =>
  Object.assign({}, ...Object.values(props(schema)).map((section) => props(section))) as Record<
    string,
    ISchema
  >

/** One field per registered field widget, named after it (`f<Widget>`), plus one that is not updatable. */
const specOf = (widget: string): FieldSpec => ({
  label: `label.${widget}`,
  widget,
  ...(['Select', 'MulSelect', 'Radio'].includes(widget) ? { lookupCode: 'DEMO.CODES' } : {}),
  ...(['Lov', 'MulLov'].includes(widget) ? { lovCode: 'WMDM.WAREHOUSE' } : {}),
})
const fields: Record<string, FieldSpec> = Object.fromEntries(
  FIELD_WIDGET_NAMES.map((widget) => [`f${widget}`, specOf(widget)]),
)
fields.fixedCode = { label: 'label.fixedCode', widget: 'Input', updatable: false }
const names = Object.keys(fields)
const everyWidget: CompilablePage = {
  fields,
  search: { fields: names },
  form: { sections: [{ title: 'section', fields: names }] },
  table: { columns: names.map((field) => ({ field })) },
}

describe('every field widget (renderer/contract/widget-names.ts FIELD_WIDGET_NAMES)', () => {
  it.each(FIELD_WIDGET_NAMES)('%s: create and edit use the widget itself, editable', (widget) => {
    for (const mode of ['create', 'edit'] as const) {
      const field = formFields(compileEditForm(everyWidget, context(mode)))[`f${widget}`]
      expect(field).toMatchObject({
        'x-component': widget,
        'x-decorator': 'FormItem',
        title: `label.${widget}`,
      })
      expect(field?.['x-pattern']).toBeUndefined()
    }
  })

  it.each(FIELD_WIDGET_NAMES)('%s: view mode shows its read-only rendering (readPretty)', (widget) => {
    const field = formFields(compileEditForm(everyWidget, context('view')))[`f${widget}`]
    expect(field).toMatchObject({ 'x-component': widget, 'x-pattern': 'readPretty' })
  })

  it.each(FIELD_WIDGET_NAMES)('%s: a table column draws it with the read-only rendering', (widget) => {
    const column = compileColumns(everyWidget, t).find((c) => c.field === `f${widget}`)
    expect(column).toMatchObject({ widget, title: `label.${widget}` })
  })

  it('search: widgets that cannot say "any" are searched by a value list or a plain input', () => {
    const search = props(compileSearchForm(everyWidget, { t, requiredMessage: () => 'enter' }))
    const used = Object.fromEntries(FIELD_WIDGET_NAMES.map((w) => [w, search[`f${w}`]?.['x-component']]))
    expect(used).toEqual({
      ...Object.fromEntries(FIELD_WIDGET_NAMES.map((w) => [w, w])),
      Switch: 'Select',
      Checkbox: 'Select',
      TextArea: 'Input',
      MultiLangInput: 'Input',
    })
    expect(search.fSwitch?.['x-component-props']).toMatchObject({ lookupCode: 'HPFM.ENABLED_FLAG' })
    expect(Object.values(search).every((f) => f['x-pattern'] === undefined)).toBe(true)
  })

  it('updatable: false is editable when creating and read-only when editing', () => {
    expect(
      formFields(compileEditForm(everyWidget, context('create'))).fixedCode?.['x-pattern'],
    ).toBeUndefined()
    expect(formFields(compileEditForm(everyWidget, context('edit'))).fixedCode?.['x-pattern']).toBe(
      'readPretty',
    )
  })
})

describe('search: "range" fields', () => {
  const ranged: CompilablePage = {
    fields: {
      expectedDate: { label: 'Expected', widget: 'DatePicker', search: 'range' },
      shippedAt: { label: 'Shipped', widget: 'DatetimePicker', search: 'range' },
      quantity: { label: 'Qty', widget: 'InputNumber', precision: 2, min: 0, search: 'range' },
    },
    search: { fields: ['expectedDate', 'shippedAt', 'quantity'] },
    form: { sections: [{ title: 's', fields: ['expectedDate'] }] },
  }
  const search = props(compileSearchForm(ranged, { t, requiredMessage: () => 'enter', cacheKey: 'range' }))
  type Check = (value: unknown) => string
  const check = (name: string) => (search[name]?.['x-validator'] as { validator: Check }[])[0]!.validator

  it('compile to one SearchRange of the right kind, holding [from, to]', () => {
    expect(search.expectedDate).toMatchObject({
      type: 'array',
      'x-component': 'SearchRange',
      'x-component-props': { kind: 'date', 'aria-label': 'Expected' },
    })
    expect(search.shippedAt?.['x-component-props']).toMatchObject({ kind: 'datetime' })
    expect(search.quantity?.['x-component-props']).toMatchObject({ kind: 'number', precision: 2, min: 0 })
  })

  it('refuse a start after the end; open ends and equal ends pass', () => {
    expect(check('expectedDate')(['2026-05-02', '2026-05-01'])).toBe('Expected: start after end')
    expect(check('expectedDate')(['2026-05-01', '2026-05-01'])).toBe('')
    expect(check('expectedDate')([null, '2026-05-01'])).toBe('')
    expect(check('quantity')([10, 9])).toBe('Qty: start after end')
    expect(check('quantity')([9, 10])).toBe('')
  })

  it('stay a single picker in the edit form', () => {
    expect(formFields(compileEditForm(ranged, context('edit'))).expectedDate?.['x-component']).toBe(
      'DatePicker',
    )
  })
})

describe('every page kind', () => {
  it('list: search form, edit form and columns come from one field dictionary', () => {
    const page = warehouse as unknown as ListPage
    const search = compileSearchForm(page, { t, requiredMessage: () => 'enter', cacheKey: 'kinds' })
    expect(Object.keys(props(search))).toEqual(page.search!.fields)
    expect(Object.keys(formFields(compileEditForm(page, context('create'))))).toEqual(
      page.form!.sections.flatMap((s) => s.fields),
    )
    expect(compileColumns(page, t).map((c) => c.field)).toEqual(page.table.columns.map((c) => c.field))
    expect(PAGE_WIDGETS.list).toBe('ListPage')
  })

  it('form: the same edit form, read-only in view mode', () => {
    const page = { ...(warehouse as unknown as ListPage), kind: 'form' } as unknown as CompilablePage
    const view = formFields(compileEditForm(page, context('view')))
    expect(Object.values(view).every((f) => f['x-pattern'] === 'readPretty')).toBe(true)
    expect(PAGE_WIDGETS.form).toBe('FormPage')
  })

  it('master-detail: the header form, and per line table its columns and line form', () => {
    const page = masterDetail() as unknown as MasterDetailPage
    const header = compileEditForm({ fields: page.fields, form: page.header }, context('edit'))
    expect(formFields(header).orderNumber).toMatchObject({ 'x-component': 'Input', title: 't.number' })
    const detail = page.details[0]!
    expect(compileColumns(detail, t).map((c) => [c.field, c.widget])).toEqual([['quantity', 'InputNumber']])
    const lineForm = compileEditForm(
      { ...detail, form: { sections: [{ title: 'l', fields: ['quantity'] }] } },
      context('create'),
    )
    expect(formFields(lineForm).quantity?.['x-component-props']).toMatchObject({ precision: 0 })
    expect(PAGE_WIDGETS['master-detail']).toBe('MasterDetailPage')
  })

  it('tabs, dashboard and custom: rendered by their page widget (custom: the one it names)', () => {
    expect([tabs(), dashboard()].map((p) => PAGE_WIDGETS[p.kind as 'tabs' | 'dashboard'])).toEqual([
      'TabsPage',
      'DashboardPage',
    ])
    expect(custom().widget).toBe('SchemaPlayground')
    expect(Object.keys(PAGE_WIDGETS).sort()).toEqual(['dashboard', 'form', 'list', 'master-detail', 'tabs'])
  })
})
