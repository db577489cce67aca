import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'

/**
 * PLAT-WH: organisation → warehouse → area. A page whose form has the parent field narrows the child picker by it
 * (lov.params), so the area picker of a page with a warehouse lists only that warehouse's areas.
 */
const root = resolve('schemas/pages')
const pages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pages(join(dir, entry.name))
      : entry.name.endsWith('.page.json')
        ? [join(dir, entry.name)]
        : [],
  )
type Field = { lovCode?: string; lov?: { params?: Record<string, string> } }
/** Blocks (and the page itself) with a field dictionary. */
const fieldSets = (node: unknown): Record<string, Field>[] => {
  if (!node || typeof node !== 'object') return []
  const own = (node as { fields?: unknown }).fields
  const here = own && typeof own === 'object' && !Array.isArray(own) ? [own as Record<string, Field>] : []
  return [...here, ...Object.values(node).flatMap(fieldSets)]
}
// The relation editor links a warehouse to an organisation: narrowing by it would hide the warehouses to link.
const NOT_NARROWED = new Set(['wmdm/warehouse-relation.page.json'])
const RULES = [
  { child: ['WINV.WHAREA', 'WMDM.WHAREA'], parent: 'warehouseId' },
  { child: ['WMDM.WAREHOUSE'], parent: 'invOrganizationId' },
]

test('every area picker beside a warehouse field, and warehouse picker beside an organisation field, is narrowed by it', () => {
  const missing: string[] = []
  let narrowed = 0
  for (const file of pages(root)) {
    const name = relative(root, file)
    if (NOT_NARROWED.has(name)) continue
    for (const fields of fieldSets(JSON.parse(readFileSync(file, 'utf8')))) {
      for (const [fieldName, field] of Object.entries(fields)) {
        for (const rule of RULES) {
          if (!field.lovCode || !rule.child.includes(field.lovCode) || !(rule.parent in fields)) continue
          if (field.lov?.params?.[rule.parent] === rule.parent) narrowed++
          else
            missing.push(`${name} ${fieldName}: add "lov": {"params": {"${rule.parent}": "${rule.parent}"}}`)
        }
      }
    }
  }
  expect(missing).toEqual([])
  expect(narrowed).toBeGreaterThanOrEqual(7)
})
