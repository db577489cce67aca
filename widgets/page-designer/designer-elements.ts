/**
 * What the designer shows of a page as selectable elements: its lists (search fields, columns, each form
 * section's fields), the items of each with the JSON pointer the property panel edits, and the text keys an
 * element shows. Pure: read from the parsed page.
 */

/** A reorderable list of the page. */
export interface DesignerList {
  /** Pointer of the array in the file, e.g. /table/columns. */
  pointer: string
  kind: 'search' | 'column' | 'formField'
  /** Text key of the list's heading (a section title), if the page has one. */
  titleKey?: string
  /** For a form section: its index (add to it with addFormField). */
  section?: number
  items: DesignerItem[]
}

export interface DesignerItem {
  /** Field name (unique within its list). */
  field: string
  /** The pointer the property panel edits: the column object, or the field's definition in `fields`. */
  pointer: string
  /** Name of the page.schema.json definition describing what lives at `pointer`. */
  definition: 'TableColumn' | 'FieldSpec'
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')
const fieldPointer = (field: string) => `/fields/${escape(field)}`

/** The lists of a list, form or master-detail page (other kinds have none the designer reorders yet). */
export function designerLists(page: unknown): DesignerList[] {
  if (!isObject(page)) return []
  const lists: DesignerList[] = []
  const search = isObject(page.search) ? page.search.fields : undefined
  if (page.kind === 'list' || Array.isArray(search))
    lists.push({
      pointer: '/search/fields',
      kind: 'search',
      items: (Array.isArray(search) ? search : []).filter(isString).map((field) => ({
        field,
        pointer: fieldPointer(field),
        definition: 'FieldSpec',
      })),
    })
  const columns = isObject(page.table) ? page.table.columns : undefined
  if (Array.isArray(columns))
    lists.push({
      pointer: '/table/columns',
      kind: 'column',
      items: columns.flatMap((column, index) =>
        isObject(column) && isString(column.field)
          ? [{ field: column.field, pointer: `/table/columns/${index}`, definition: 'TableColumn' as const }]
          : [],
      ),
    })
  const sections = isObject(page.form) ? page.form.sections : undefined
  if (Array.isArray(sections))
    sections.forEach((section, index) => {
      if (!isObject(section) || !Array.isArray(section.fields)) return
      lists.push({
        pointer: `/form/sections/${index}/fields`,
        kind: 'formField',
        section: index,
        ...(isString(section.title) ? { titleKey: section.title } : {}),
        items: section.fields
          .filter(isString)
          .map((field) => ({ field, pointer: fieldPointer(field), definition: 'FieldSpec' })),
      })
    })
  return lists
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

/** The value at a JSON pointer of a parsed page. */
export function valueAt(page: unknown, pointer: string): unknown {
  if (pointer === '') return page
  let node: unknown = page
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(node)) node = node[Number(segment)]
    else if (isObject(node)) node = node[segment]
    else return undefined
  }
  return node
}

/** The label key of a field (its definition's `label`), for naming items in the outline. */
export function labelKeyOf(page: unknown, field: string): string | undefined {
  const label = valueAt(page, `${fieldPointer(field)}/label`)
  return isString(label) ? label : undefined
}

/**
 * The text keys an element shows: the string values of its text properties (label, title, help, placeholder,
 * patternMessage…) that the page's `texts` defines, and for a column those of its field.
 */
export function textKeysOf(page: unknown, item: DesignerItem): string[] {
  const texts = isObject(page) && isObject(page.texts) ? page.texts : {}
  const keys = new Set<string>()
  const collect = (value: unknown) => {
    if (!isObject(value)) return
    for (const v of Object.values(value)) if (isString(v) && v in texts) keys.add(v)
  }
  collect(valueAt(page, item.pointer))
  if (item.definition === 'TableColumn') collect(valueAt(page, fieldPointer(item.field)))
  return [...keys]
}
