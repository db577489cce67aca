/**
 * The data and page schemas the browser benchmarks render: a list page of 12 columns and 7 search fields over
 * 50 rows, a form of 300 fields, a table of 10,000 rows. The hand-written baselines render the same data.
 */
import { lookupValues } from '../../stories/fixtures/lookups'

export type BenchRow = Record<string, string | number> & { id: number }

const CITIES = ['Shanghai', 'Hangzhou', 'Suzhou', 'Nanjing', 'Ningbo', 'Hefei', 'Wuxi']
const TYPES = ['NORMAL', 'BONDED', 'COLD', 'VIRTUAL']

/** 12 columns: code, name, type, city, address, contact, phone, area, capacity, opened, status, remark. */
export const COLUMNS = [
  'code',
  'name',
  'type',
  'city',
  'address',
  'contact',
  'phone',
  'area',
  'capacity',
  'opened',
  'status',
  'remark',
] as const

export function rows(count: number): BenchRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `WH-${String(i + 1).padStart(5, '0')}`,
    name: `${CITIES[i % CITIES.length]} warehouse ${i + 1}`,
    type: TYPES[i % TYPES.length] as string,
    city: CITIES[i % CITIES.length] as string,
    address: `${100 + i} Harbour Road`,
    contact: `Contact ${i + 1}`,
    phone: `+86 21 5550 ${1000 + (i % 9000)}`,
    area: 1250.5 * ((i % 40) + 1),
    capacity: 10000 + i * 7,
    opened: `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
    status: i % 5 === 4 ? '0' : '1',
    remark: i % 3 === 0 ? 'Dock 3 closed on Sundays' : '',
    objectVersionNumber: 1,
  }))
}

export const typeMeaning = new Map(lookupValues['WMDM.WAREHOUSE_TYPE']?.map((v) => [v.value, v.meaning]))
export const statusMeaning = new Map(lookupValues['HPFM.ENABLED_FLAG']?.map((v) => [v.value, v.meaning]))

const label = (field: string) => `bench.field.${field}`
const text = (en: string) => ({ zh_CN: en, en_US: en, zh_TW: en })
const title = (field: string) => field[0]?.toUpperCase() + field.slice(1)

const FIELD_SPECS: Record<string, Record<string, unknown>> = {
  code: { widget: 'Input', required: true },
  name: { widget: 'Input', required: true },
  type: { widget: 'Select', lookupCode: 'WMDM.WAREHOUSE_TYPE' },
  city: { widget: 'Input' },
  address: { widget: 'Input' },
  contact: { widget: 'Input' },
  phone: { widget: 'Input' },
  area: { widget: 'InputNumber', precision: 2 },
  capacity: { widget: 'InputNumber', precision: 0 },
  opened: { widget: 'DatePicker' },
  status: { widget: 'Select', lookupCode: 'HPFM.ENABLED_FLAG' },
  remark: { widget: 'Input' },
}

export const SEARCH_FIELDS = ['code', 'name', 'type', 'city', 'contact', 'opened', 'status']

/** The list page: 12 columns, 7 search fields in one row, 50 rows a page, edit and delete on each row. */
export function listPage() {
  return {
    kind: 'list',
    route: '/bench/list',
    title: 'bench.title',
    description: 'Benchmark list page.',
    dataSource: { service: 'wms', path: '/v1/{tenantId}/bench', primaryKey: 'id' },
    fields: Object.fromEntries(COLUMNS.map((f) => [f, { label: label(f), ...FIELD_SPECS[f] }])),
    search: { fields: SEARCH_FIELDS, columns: 7, rows: 1 },
    table: {
      columns: COLUMNS.map((field) => ({ field, width: 140 })),
      pageSize: 50,
      pageSizeOptions: [10, 20, 50, 100],
      rowActions: [
        { type: 'edit', permission: 'bench.list.button.edit' },
        { type: 'delete', permission: 'bench.list.button.delete' },
      ],
    },
    toolbar: { actions: [{ type: 'create', permission: 'bench.list.button.create' }] },
    form: { sections: [{ title: 'bench.section', fields: [...COLUMNS] }] },
    texts: {
      'bench.title': text('Bench'),
      'bench.section': text('Basic'),
      ...Object.fromEntries(COLUMNS.map((f) => [label(f), text(title(f))])),
    },
  }
}

/** Field name, widget of the 300-field form: inputs, numbers and selects in turn. */
export const FORM_FIELDS = Array.from({ length: 300 }, (_, i) => ({
  name: `f${i}`,
  label: `Field ${i + 1}`,
  widget: i % 10 === 9 ? 'Select' : i % 5 === 4 ? 'InputNumber' : 'Input',
}))

/** A create form of 300 fields in 10 sections of 3 columns. */
export function formPage() {
  return {
    kind: 'form',
    route: '/bench/form',
    title: 'bench.title',
    description: 'Benchmark form page.',
    dataSource: { service: 'wms', path: '/v1/{tenantId}/bench', primaryKey: 'id' },
    fields: Object.fromEntries(
      FORM_FIELDS.map((f) => [
        f.name,
        {
          label: `bench.form.${f.name}`,
          widget: f.widget,
          ...(f.widget === 'Select' ? { lookupCode: 'WMDM.WAREHOUSE_TYPE' } : {}),
        },
      ]),
    ),
    form: {
      sections: Array.from({ length: 10 }, (_, s) => ({
        title: 'bench.section',
        columns: 3,
        fields: FORM_FIELDS.slice(s * 30, s * 30 + 30).map((f) => f.name),
      })),
    },
    texts: {
      'bench.title': text('Bench'),
      'bench.section': text('Section'),
      ...Object.fromEntries(FORM_FIELDS.map((f) => [`bench.form.${f.name}`, text(f.label)])),
    },
  }
}
