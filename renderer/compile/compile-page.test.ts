import { createForm, type Field } from '@formily/core'
import type { ISchema } from '@formily/json-schema'
import { expect, test } from 'vitest'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import orderFile from '../../schemas/pages/winv/jxs-outbound-order.page.json'
import { pageWithModel } from '../../stories/support/page-with-model'
import { createTexts } from '../i18n/texts'
import type { ListPage } from '../schema/page'
import { compileColumns, compileEditForm, compileSearchForm, componentNames } from './compile-page'
import type { CompileContext } from './field-schema'

// as the server serves them: completed from their models
const warehouse = pageWithModel(warehouseFile)
const order = pageWithModel(orderFile)

const user = { language: 'en_US' as const }
const env = { t: (_key: string, fallback?: string) => fallback ?? '', user: user as never }
const t = createTexts(env, { ...warehouse.texts, ...order.texts })
const context = (mode: CompileContext['mode']): CompileContext => ({
  t,
  mode,
  requiredMessage: (widget) => (['Select', 'Switch', 'DatePicker'].includes(widget) ? 'select' : 'enter'),
})
const page = warehouse as unknown as ListPage
const props = (schema: ISchema | undefined) => (schema?.properties ?? {}) as Record<string, ISchema>
const field = (schema: ISchema, section: number, name: string) =>
  props(props(schema)[`section${section}`])[name] as ISchema

type Validator = (value: unknown, rule: unknown, ctx: { field?: Partial<Field> }) => string
const requiredCheck = (schema: ISchema) => (schema['x-validator'] as { validator: Validator }[])[0]!.validator

test('the edit form has one section per form section with the fields in order', () => {
  const schema = compileEditForm(page, context('create'))
  expect(Object.keys(props(schema))).toEqual(['section0', 'section1', 'section2'])
  expect(props(schema).section0?.['x-component-props']).toEqual({
    title: 'Basic information',
    columns: 2,
  })
  expect(Object.keys(props(props(schema).section0))).toEqual(page.form!.sections[0]!.fields)
  expect(field(schema, 0, 'warehouseCode')).toMatchObject({
    title: 'Warehouse code',
    'x-decorator': 'FormItem',
    'x-component': 'Input',
    'x-decorator-props': { asterisk: true },
  })
})

test("required fields say 'Please enter {name}' or 'Please select {name}'", () => {
  const schema = compileEditForm(page, context('create'))
  expect(requiredCheck(field(schema, 0, 'warehouseCode'))('', {}, {})).toBe('Please enter Warehouse code')
  expect(requiredCheck(field(schema, 0, 'warehouseType'))(undefined, {}, {})).toBe(
    'Please select Warehouse type',
  )
  expect(requiredCheck(field(schema, 0, 'warehouseType'))('COLD', {}, {})).toBe('')
  expect(requiredCheck(field(schema, 1, 'address'))('', {}, {})).toBe('')
})

test('rules carry length, range and pattern with the page messages', () => {
  const rules = field(compileEditForm(page, context('create')), 0, 'warehouseCode')['x-validator'] as object[]
  expect(rules).toContainEqual({ maxLength: 30, message: 'Warehouse code can have at most 30 characters' })
  expect(rules).toContainEqual({
    pattern: '^[A-Z0-9_-]+$',
    message: 'Use capital letters, digits, _ and - only in the warehouse code',
  })
})

test('defaults apply on create; a non-updatable field is read-only when editing', () => {
  expect(field(compileEditForm(page, context('create')), 0, 'enabledFlag').default).toBe(1)
  expect(field(compileEditForm(page, context('edit')), 0, 'enabledFlag').default).toBeUndefined()
  expect(field(compileEditForm(page, context('create')), 0, 'warehouseCode')['x-pattern']).toBeUndefined()
  expect(field(compileEditForm(page, context('edit')), 0, 'warehouseCode')['x-pattern']).toBe('readPretty')
})

test('value lists are wired to the widgets; a flag searches with a Select of its value set', () => {
  expect(
    field(compileEditForm(page, context('create')), 0, 'warehouseType')['x-component-props'],
  ).toMatchObject({
    lookupCode: 'WMDM.WAREHOUSE_TYPE',
  })
  const search = props(compileSearchForm(page, context('search')))
  expect(Object.keys(search)).toEqual(['warehouseCode', 'warehouseName', 'warehouseType', 'enabledFlag'])
  expect(search.enabledFlag).toMatchObject({
    'x-component': 'Select',
    'x-component-props': { lookupCode: 'HPFM.ENABLED_FLAG', allowClear: true },
  })
  expect(search.warehouseCode?.['x-decorator-props']).toEqual({ asterisk: false })
})

test('linkage compiles into a reaction function that follows the other field', () => {
  const orderPage = order as unknown as ListPage
  const remark = field(compileEditForm(orderPage, context('edit')), 1, 'remark')
  const reactions = remark['x-reactions'] as ((f: Field) => void)[]
  expect(typeof reactions[0]).toBe('function')
  const form = createForm({ values: { orderStatus: 'NEW' } })
  form.createField({ name: 'orderStatus' })
  const target = form.createField({ name: 'remark', reactions })
  expect(target.data?.required).toBe(false)
  form.setValuesIn('orderStatus', 'CANCELLED')
  expect(target.data?.required).toBe(true)
  expect(requiredCheck(remark)('', {}, { field: target })).toBe('Please enter Remark')
})

test('visibleWhen, disabledWhen and readOnlyWhen drive the field state', () => {
  const linked = {
    ...page,
    fields: {
      ...page.fields,
      remark: {
        ...page.fields.remark!,
        linkage: {
          visibleWhen: { field: 'warehouseType', op: 'in' as const, value: ['COLD', 'BONDED'] },
          disabledWhen: { field: 'enabledFlag', op: 'eq' as const, value: 0 },
          readOnlyWhen: { all: [{ field: 'area', op: 'gt' as const, value: 1000 }] },
        },
      },
    },
  }
  const reactions = field(compileEditForm(linked, context('edit')), 1, 'remark')['x-reactions'] as never
  const form = createForm({ values: { warehouseType: 'NORMAL', enabledFlag: 1, area: 10 } })
  const remark = form.createField({ name: 'remark', reactions })
  expect(remark.visible).toBe(false)
  form.setValuesIn('warehouseType', 'COLD')
  expect(remark.visible).toBe(true)
  form.setValuesIn('enabledFlag', 0)
  expect(remark.disabled).toBe(true)
  form.setValuesIn('area', 2000)
  expect(remark.readPretty).toBe(true)
})

test('table columns carry titles, widths (default 200), sorting and the cell widget', () => {
  const columns = compileColumns(page, t)
  expect(columns[0]).toMatchObject({
    field: 'warehouseCode',
    title: 'Warehouse code',
    width: 160,
    fixed: 'left',
    sortable: true,
  })
  expect(columns.find((c) => c.field === 'area')).toMatchObject({ widget: 'InputNumber', align: 'right' })
  const noWidth = compileColumns({ ...page, table: { columns: [{ field: 'remark' }] } }, t)
  expect(noWidth[0]?.width).toBe(200)
})

test('results are memoised per page object and mode; component names are listed for the registry check', () => {
  expect(compileEditForm(page, context('edit'))).toBe(compileEditForm(page, context('edit')))
  expect(compileEditForm(page, context('edit'))).not.toBe(compileEditForm(page, context('create')))
  expect(componentNames(compileEditForm(page, context('edit'))).sort()).toEqual(
    [
      'FormItem',
      'FormSection',
      'Input',
      'InputNumber',
      'Lov', // the region (HPFM.REGION)
      'MultiLangInput',
      'Select',
      'Switch',
      'TextArea',
      'Upload',
    ].sort(),
  )
})
