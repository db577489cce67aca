/**
 * The edits the page designer makes to a page file, as pure functions from text to text: each parses the text
 * (json-tree.ts), changes the nodes it names and prints the file back (print-json.ts), so the rest of the file
 * (key order, one-line objects, `$schema`) is untouched and the diff shows only the edit.
 *
 * @example
 *   const next = applyPageEdit(text, { op: 'move', list: '/search/fields', from: 0, to: 2 }, { model })
 */
import type { ModelSchema } from '../schema/model'
import { fieldSpec } from './field-from-model'
import { nodeAt, parseJsonTree, pointerSegments, toJsonTree, type JsonTree } from './json-tree'
import { printJsonTree } from './print-json'

export const LANGUAGES = ['zh_CN', 'en_US', 'zh_TW'] as const
export type Language = (typeof LANGUAGES)[number]

export type PageEdit =
  /** Moves an item of a list (search fields, columns, a section's fields…) from one index to another. */
  | { op: 'move'; list: string; from: number; to: number }
  /** Adds a model field to the search bar, the table or a form section (defining it in `fields` if new). */
  | { op: 'addSearchField'; field: string }
  | { op: 'addColumn'; field: string }
  | { op: 'addFormField'; section: number; field: string }
  /** Removes the item at `index` of a list. */
  | { op: 'remove'; list: string; index: number }
  /** Sets one language of a text of the page's `texts` (creating the entry when the key has none). */
  | { op: 'setText'; key: string; language: Language; text: string }
  /** Sets the value at a pointer (creating the objects on the way); `value: undefined` removes the property. */
  | { op: 'set'; pointer: string; value: unknown }

export interface EditContext {
  /** The page's model (dataSource.model), for adding its fields. */
  model?: ModelSchema
}

/** An edit that cannot be made, with what to do instead. */
export class PageEditError extends Error {}

/** The text after `edit`; throws PageEditError when the edit does not fit the page. */
export function applyPageEdit(text: string, edit: PageEdit, context: EditContext = {}): string {
  const tree = parseJsonTree(text)
  editTree(tree, edit, context)
  return printJsonTree(tree)
}

function editTree(tree: JsonTree, edit: PageEdit, context: EditContext): void {
  switch (edit.op) {
    case 'move': {
      const list = arrayAt(tree, edit.list)
      const { from, to } = edit
      if (!list.items[from] || to < 0 || to >= list.items.length)
        throw new PageEditError(
          `${edit.list} has no item ${from} or ${to}: move within 0–${list.items.length - 1}`,
        )
      const [item] = list.items.splice(from, 1)
      list.items.splice(to, 0, item!)
      return
    }
    case 'remove': {
      const list = arrayAt(tree, edit.list)
      if (!list.items[edit.index]) throw new PageEditError(`${edit.list} has no item ${edit.index}`)
      list.items.splice(edit.index, 1)
      return
    }
    case 'addSearchField': {
      defineField(tree, edit.field, context)
      const list = ensureArray(tree, '/search/fields')
      if (list.items.some((i) => i.type === 'string' && i.value === edit.field))
        throw new PageEditError(`${edit.field} is already a search field: move it instead`)
      list.items.push(toJsonTree(edit.field))
      return
    }
    case 'addColumn': {
      defineField(tree, edit.field, context)
      const list = arrayAt(tree, '/table/columns')
      if (list.items.some((i) => fieldOfColumn(i) === edit.field))
        throw new PageEditError(`${edit.field} is already a column: move it instead`)
      const sortable = context.model?.fields.find((f) => f.name === edit.field)?.sortable
      list.items.push(toJsonTree({ field: edit.field, ...(sortable ? { sortable: true } : {}) }))
      return
    }
    case 'addFormField': {
      defineField(tree, edit.field, context)
      const list = arrayAt(tree, `/form/sections/${edit.section}/fields`)
      const sections = arrayAt(tree, '/form/sections').items
      if (
        sections.some(
          (s) => nodeAt(s, '/fields')?.type === 'array' && hasString(nodeAt(s, '/fields')!, edit.field),
        )
      )
        throw new PageEditError(`${edit.field} is already in the form: move it instead`)
      list.items.push(toJsonTree(edit.field))
      return
    }
    case 'setText':
      setAt(tree, `/texts/${escape(edit.key)}/${edit.language}`, toJsonTree(edit.text))
      return
    case 'set':
      setAt(tree, edit.pointer, edit.value === undefined ? undefined : toJsonTree(edit.value))
      return
  }
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')
const hasString = (list: JsonTree, value: string) =>
  list.type === 'array' && list.items.some((i) => i.type === 'string' && i.value === value)
const fieldOfColumn = (column: JsonTree) => {
  const field = nodeAt(column, '/field')
  return field?.type === 'string' ? field.value : undefined
}

function arrayAt(tree: JsonTree, pointer: string): Extract<JsonTree, { type: 'array' }> {
  const node = nodeAt(tree, pointer)
  if (node?.type !== 'array') throw new PageEditError(`the page has no list at ${pointer}`)
  return node
}

function ensureArray(tree: JsonTree, pointer: string): Extract<JsonTree, { type: 'array' }> {
  if (!nodeAt(tree, pointer)) setAt(tree, pointer, { type: 'array', items: [] })
  return arrayAt(tree, pointer)
}

/** Sets (or with undefined removes) the member at `pointer`; objects on the way are created, in file order. */
export function setAt(tree: JsonTree, pointer: string, value: JsonTree | undefined): void {
  const segments = pointerSegments(pointer)
  const last = segments.pop()
  if (last === undefined) throw new PageEditError('give the pointer of a property to set, not the whole page')
  let node = tree
  for (const segment of segments) {
    let next = childOf(node, segment)
    if (!next) {
      if (value === undefined) return
      if (node.type !== 'object') throw new PageEditError(`${pointer}: no item ${segment} in this list`)
      next = { type: 'object', entries: [], expanded: false }
      node.entries.push({ key: segment, rawKey: JSON.stringify(segment), value: next })
    }
    node = next
  }
  if (node.type === 'array') {
    const index = last === '-' ? node.items.length : Number(last)
    if (!Number.isInteger(index) || index > node.items.length)
      throw new PageEditError(`${pointer}: no item ${last} in this list`)
    if (value === undefined) node.items.splice(index, 1)
    else node.items[index] = value
    return
  }
  if (node.type !== 'object') throw new PageEditError(`${pointer}: ${segments.join('/')} is not an object`)
  const at = node.entries.findIndex((e) => e.key === last)
  if (value === undefined) {
    if (at >= 0) node.entries.splice(at, 1)
  } else if (at >= 0) node.entries[at]!.value = keepLayout(node.entries[at]!.value, value)
  else node.entries.push({ key: last, rawKey: JSON.stringify(last), value })
}

/** An object replaced by an equal-shaped one keeps being written across lines if it was. */
function keepLayout(old: JsonTree, next: JsonTree): JsonTree {
  if (old.type === 'object' && next.type === 'object') return { ...next, expanded: old.expanded }
  return next
}

function childOf(node: JsonTree, segment: string): JsonTree | undefined {
  if (node.type === 'object') return node.entries.find((e) => e.key === segment)?.value
  if (node.type === 'array' && /^\d+$/.test(segment)) return node.items[Number(segment)]
  return undefined
}

/**
 * Makes sure `fields` defines `name`: a model field gets the definition `npm run new:page` would write, with a
 * label key next to the page's other labels and its text in the three languages (the model's English label,
 * flagged by the designer until translated).
 */
function defineField(tree: JsonTree, name: string, context: EditContext): void {
  if (nodeAt(tree, `/fields/${escape(name)}`)) return
  const field = context.model?.fields.find((f) => f.name === name)
  if (!field)
    throw new PageEditError(
      `${name} is neither a field of this page nor of its model: add it to the model file first`,
    )
  const key = `${textPrefix(tree)}.field.${name}`
  const spec = fieldSpec(field, key)
  if (!spec) throw new PageEditError(`${name} is a json field: pages do not show json fields`)
  setAt(tree, `/fields/${escape(name)}`, toJsonTree(spec))
  if (!nodeAt(tree, `/texts/${escape(key)}`)) {
    const label = field.label ?? name
    setAt(tree, `/texts/${escape(key)}`, toJsonTree({ zh_CN: label, en_US: label, zh_TW: label }))
  }
}

/** The prefix of the page's label keys ("wmdm.warehouse" of "wmdm.warehouse.field.x"), else of its title. */
function textPrefix(tree: JsonTree): string {
  const fields = nodeAt(tree, '/fields')
  if (fields?.type === 'object') {
    for (const entry of fields.entries) {
      const label = nodeAt(entry.value, '/label')
      const match = label?.type === 'string' ? /^(.*)\.field\.[^.]+$/.exec(label.value) : null
      if (match) return match[1]!
    }
  }
  const title = nodeAt(tree, '/title')
  return title?.type === 'string' ? title.value.replace(/\.title$/, '') : 'page'
}
