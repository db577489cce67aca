/**
 * Page → Formily schemas (search form, edit form) and table column models. Pure functions; results are
 * memoised per page object and language/mode, so re-renders reuse them.
 */
import type { ISchema } from '@formily/json-schema'
import type { FilterFieldType } from '../contract/filter-conditions'
import type { FieldSpec, FormSpec, TableColumnSpec } from '../schema/page'
import { compileField, type CompileContext, type FormMode } from './field-schema'

/** The parts of a page the compiler reads (list, form and master-detail pages share them). */
export interface CompilablePage {
  fields: Record<string, FieldSpec>
  search?: { fields: string[]; columns?: number; rows?: number }
  table?: { columns: TableColumnSpec[] }
  form?: FormSpec
}

const cache = new WeakMap<object, Map<string, unknown>>()

/** Runs `build` once per (page object, key). */
export function memoised<T>(page: object, key: string, build: () => T): T {
  let entries = cache.get(page)
  if (!entries) cache.set(page, (entries = new Map()))
  if (!entries.has(key)) entries.set(key, build())
  return entries.get(key) as T
}

const fieldOf = (page: CompilablePage, name: string): FieldSpec => {
  const spec = page.fields[name]
  if (!spec)
    throw new Error(`field '${name}' is not in the page's fields (validate the page before compiling it)`)
  return spec
}

/**
 * The edit form: one void `FormSection` node per section, fields inside.
 * @example compileEditForm(page, { t, requiredMessage, mode: 'create' }).properties.section0.properties.warehouseCode
 */
export function compileEditForm(
  page: CompilablePage,
  context: CompileContext & { cacheKey?: string },
): ISchema {
  return memoised(page, `form|${context.mode}|${context.cacheKey ?? ''}`, () => {
    const sections = page.form?.sections ?? [{ title: '', fields: Object.keys(page.fields) }]
    const properties: Record<string, ISchema> = {}
    sections.forEach((section, index) => {
      properties[`section${index}`] = {
        type: 'void',
        'x-component': 'FormSection',
        'x-component-props': {
          title: section.title ? context.t(section.title) : '',
          columns: section.columns ?? 2,
        },
        properties: Object.fromEntries(
          section.fields.map((name) => [name, compileField(name, fieldOf(page, name), context)]),
        ),
      }
    })
    return { type: 'object', properties }
  })
}

/** The search form: the search fields, in order, without required rules or defaults. */
export function compileSearchForm(
  page: CompilablePage,
  context: Omit<CompileContext, 'mode'> & { cacheKey?: string },
): ISchema {
  return memoised(page, `search|${context.cacheKey ?? ''}`, () => {
    const mode: FormMode = 'search'
    const names = page.search?.fields ?? []
    return {
      type: 'object',
      properties: Object.fromEntries(
        names.map((name) => [name, compileField(name, fieldOf(page, name), { ...context, mode })]),
      ),
    }
  })
}

export interface ColumnModel {
  field: string
  title: string
  width: number
  fixed?: 'left' | 'right'
  sortable: boolean
  align?: 'left' | 'center' | 'right'
  ellipsis: boolean
  /** Footer row: sum or average of the page's rows (PLAT-TBL-11). */
  summary?: 'sum' | 'avg'
  /** Header filter (CORE-TBL-07): the field's filter type on the server; absent → no header filter. */
  filter?: FilterFieldType
  /** The field's widget: its read-only rendering draws the cell. */
  widget: string
  spec: FieldSpec
}

/** Default column width (PLAT-TBL-09). */
export const DEFAULT_COLUMN_WIDTH = 200

export function compileColumns(
  page: CompilablePage,
  t: (key: string) => string,
  cacheKey = '',
): ColumnModel[] {
  return memoised(page, `columns|${cacheKey}`, () =>
    (page.table?.columns ?? []).map((column) => {
      const spec = fieldOf(page, column.field)
      return {
        field: column.field,
        title: t(spec.label),
        width: column.width ?? DEFAULT_COLUMN_WIDTH,
        fixed: column.fixed,
        sortable: column.sortable === true,
        align: column.align,
        ellipsis: column.ellipsis === true,
        summary: column.summary,
        filter: column.filter ? (column.filter.toUpperCase() as FilterFieldType) : undefined,
        widget: spec.widget,
        spec,
      }
    }),
  )
}

/** Every component name a compiled schema uses, so the registry can refuse unknown ones before Formily renders. */
export function componentNames(schema: ISchema): string[] {
  const names = new Set<string>()
  const visit = (node: ISchema) => {
    for (const key of ['x-component', 'x-decorator'] as const) {
      const value = node[key]
      if (typeof value === 'string') names.add(value)
    }
    Object.values(node.properties ?? {}).forEach((child) => visit(child as ISchema))
  }
  visit(schema)
  return [...names]
}
