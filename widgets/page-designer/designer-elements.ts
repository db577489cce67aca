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
  return textKeysAt(page, [
    item.pointer,
    ...(item.definition === 'TableColumn' ? [fieldPointer(item.field)] : []),
  ])
}

/** The text keys the values at `pointers` show (a string that is a key of `texts`, or such a property). */
export function textKeysAt(page: unknown, pointers: string[]): string[] {
  const texts = isObject(page) && isObject(page.texts) ? page.texts : {}
  const keys = new Set<string>()
  const collect = (value: unknown) => {
    if (isString(value) && value in texts) keys.add(value)
    else if (isObject(value)) for (const v of Object.values(value)) if (isString(v) && v in texts) keys.add(v)
  }
  for (const pointer of pointers) collect(valueAt(page, pointer))
  return [...keys]
}

/** An element of the page that is selected but not reordered here: the title, a button, a section, a tab… */
export interface DesignerElement {
  /** The pointer of its entry in the file (what the rendered page marks it with); also its selection key. */
  pointer: string
  /** Name of the page.schema.json definition describing it; undefined for a plain text (the title). */
  definition?: 'Action' | 'TransitionAction' | 'FormSection' | 'DashboardCard' | 'Tab'
  /** The text key it shows (title, label), to name it and to edit its texts. */
  textKey?: string
  /** Its name when it shows no text (an action's type, a card's key). */
  fallback: string
}

export interface DesignerGroup {
  kind: 'page' | 'toolbar' | 'rowActions' | 'sections' | 'tabs' | 'cards'
  items: DesignerElement[]
}

const textOf = (value: unknown, property: string) =>
  isObject(value) && isString(value[property]) ? value[property] : undefined

/** The page's other selectable elements, grouped as the outline shows them (empty groups left out). */
export function designerGroups(page: unknown): DesignerGroup[] {
  if (!isObject(page)) return []
  const list = (pointer: string, values: unknown, build: (value: unknown, at: string) => DesignerElement) =>
    Array.isArray(values) ? values.map((value, index) => build(value, `${pointer}/${index}`)) : []
  const action = (value: unknown, at: string): DesignerElement => ({
    pointer: at,
    // a row action naming a lifecycle transition has its own, shorter definition
    definition: textOf(value, 'transition') ? 'TransitionAction' : 'Action',
    ...(textOf(value, 'label') ? { textKey: textOf(value, 'label')! } : {}),
    fallback: textOf(value, 'key') ?? textOf(value, 'type') ?? textOf(value, 'transition') ?? at,
  })
  const titled =
    (definition: DesignerElement['definition'], fallbackKey: string) =>
    (value: unknown, at: string): DesignerElement => ({
      pointer: at,
      definition,
      ...(textOf(value, 'title') ? { textKey: textOf(value, 'title')! } : {}),
      fallback: textOf(value, fallbackKey) ?? at,
    })
  const groups: DesignerGroup[] = [
    {
      kind: 'page',
      items: isString(page.title) ? [{ pointer: '/title', textKey: page.title, fallback: 'title' }] : [],
    },
    {
      kind: 'toolbar',
      items: list('/toolbar/actions', isObject(page.toolbar) ? page.toolbar.actions : undefined, action),
    },
    {
      kind: 'rowActions',
      items: list('/table/rowActions', isObject(page.table) ? page.table.rowActions : undefined, action),
    },
    {
      kind: 'sections',
      items: list(
        '/form/sections',
        isObject(page.form) ? page.form.sections : undefined,
        titled('FormSection', 'title'),
      ),
    },
    { kind: 'tabs', items: list('/tabs', page.tabs, titled('Tab', 'key')) },
    { kind: 'cards', items: list('/cards', page.cards, titled('DashboardCard', 'key')) },
  ]
  return groups.filter((group) => group.items.length > 0)
}

/**
 * What a click on the rendered page selects: the selection key of the element whose design mark is `pointer`
 * (`/search/fields/2` → the outline's `/search/fields#<its field>`, `/toolbar/actions/0` → itself), or
 * undefined when the page has no such element (a stale mark).
 */
export function selectionOfMark(page: unknown, pointer: string): string | undefined {
  for (const list of designerLists(page)) {
    const match = pointer.startsWith(`${list.pointer}/`) ? pointer.slice(list.pointer.length + 1) : undefined
    if (match !== undefined && /^\d+$/.test(match)) {
      const item = list.items[Number(match)]
      return item ? `${list.pointer}#${item.field}` : undefined
    }
  }
  const known = designerGroups(page).some((group) => group.items.some((item) => item.pointer === pointer))
  return known ? pointer : undefined
}

/** The design mark of the selected element (the inverse of selectionOfMark), to outline it on the page. */
export function markOfSelection(page: unknown, key: string): string | undefined {
  const hash = key.lastIndexOf('#')
  if (hash < 0) return selectionOfMark(page, key) === key ? key : undefined
  const [listPointer, field] = [key.slice(0, hash), key.slice(hash + 1)]
  const list = designerLists(page).find((l) => l.pointer === listPointer)
  const index = list?.items.findIndex((item) => item.field === field) ?? -1
  return index >= 0 ? `${listPointer}/${index}` : undefined
}
