/**
 * Every table column of every page file, with the field spec it is drawn with: the generated checks of
 * reference columns (floor-pickers.test.ts) walk these instead of naming pages. A table is any object of a page
 * holding `columns: [{field}]` (list tables, line tables, detail tabs); its field spec is the nearest `fields`
 * map above it (the table's own, else the page's).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface PageColumn {
  file: string
  /** JSON pointer of the column. */
  pointer: string
  field: string
  /** The field spec the column is drawn with (undefined: the page declares none). */
  spec?: { widget?: string; lovCode?: string; lov?: { textField?: string } } & Record<string, unknown>
  /** The page's own primary key (a column of it is the row's own id, not a reference). */
  ownKey?: string
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(join(dir, entry.name))
      : entry.name.endsWith('.page.json')
        ? [join(dir, entry.name)]
        : [],
  )
}

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

export function pageColumns(dir = 'schemas/pages'): PageColumn[] {
  const out: PageColumn[] = []
  for (const file of pageFiles(dir)) {
    const page = JSON.parse(readFileSync(file, 'utf8')) as Node
    const ownKey = isNode(page.dataSource) ? (page.dataSource.primaryKey as string | undefined) : undefined
    const visit = (node: unknown, pointer: string, fields: Node | undefined) => {
      if (!isNode(node)) return
      const here = isNode(node.fields) && !Array.isArray(node.fields) ? node.fields : fields
      const columns = node.columns
      if (Array.isArray(columns) && columns.every((c) => isNode(c) && typeof c.field === 'string'))
        columns.forEach((column: Node, i) => {
          const field = column.field as string
          out.push({
            file,
            pointer: `${pointer}/columns/${i}`,
            field,
            spec: isNode(here?.[field]) ? (here[field] as PageColumn['spec']) : undefined,
            ownKey,
          })
        })
      for (const [key, value] of Object.entries(node)) visit(value, `${pointer}/${key}`, here)
    }
    visit(page, '', isNode(page.fields) ? page.fields : undefined)
  }
  return out
}
