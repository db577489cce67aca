/**
 * Design marks: in the page designer only, each element a page file declares (a search field, a column, a form
 * section and its fields, a button, the title) carries the JSON pointer of its entry in the file as a data
 * attribute, so a click on the rendered page selects that entry. Outside the designer nothing is added: no
 * attribute, no wrapper, and the compiled schemas stay the memoised ones (the copy below is made in design mode
 * only). Pure: no React.
 *
 * @example
 *   designMark('/toolbar/actions/0') // { 'data-design-pointer': '/toolbar/actions/0' }
 */
import type { ISchema } from '@formily/json-schema'

/** The attribute naming the file entry an element comes from (a JSON pointer into the page file). */
export const DESIGN_POINTER = 'data-design-pointer'

export const designMark = (pointer: string): Record<string, string> => ({ [DESIGN_POINTER]: pointer })

/**
 * A copy of a compiled form schema whose nodes carry their design marks: `pointerOf(path)` names the pointer of
 * the node at `path` (its property names from the root, e.g. ['section0', 'code']), or undefined for none. A
 * field's mark goes on its FormItem decorator (which passes data attributes to its element), a void node's on
 * its component (FormSection passes them on too).
 */
export function markSchema(schema: ISchema, pointerOf: (path: string[]) => string | undefined): ISchema {
  const visit = (node: ISchema, path: string[]): ISchema => {
    const properties = node.properties as Record<string, ISchema> | undefined
    const marked: ISchema = properties
      ? {
          ...node,
          properties: Object.fromEntries(
            Object.entries(properties).map(([name, child]) => [name, visit(child, [...path, name])]),
          ),
        }
      : { ...node }
    const pointer = path.length ? pointerOf(path) : undefined
    if (!pointer) return marked
    const target = marked['x-decorator'] ? 'x-decorator-props' : 'x-component-props'
    return { ...marked, [target]: { ...(marked[target] as object | undefined), ...designMark(pointer) } }
  }
  return visit(schema, [])
}
