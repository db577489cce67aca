import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { designerGroups, designerLists, markOfSelection, selectionOfMark } from './designer-elements'
import warehouse from '../../schemas/pages/wmdm/warehouse.page.json'

const pageFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(join(dir, entry.name))
      : entry.name.endsWith('.page.json')
        ? [join(dir, entry.name)]
        : [],
  )

describe('selection on the rendered page', () => {
  test('a mark selects the outline item of its entry, and the item outlines that mark', () => {
    expect(selectionOfMark(warehouse, '/search/fields/1')).toBe('/search/fields#warehouseName')
    expect(selectionOfMark(warehouse, '/table/columns/3')).toBe('/table/columns#address')
    expect(selectionOfMark(warehouse, '/form/sections/1/fields/0')).toBe(
      '/form/sections/1/fields#contactName',
    )
    expect(selectionOfMark(warehouse, '/toolbar/actions/0')).toBe('/toolbar/actions/0')
    expect(selectionOfMark(warehouse, '/form/sections/2')).toBe('/form/sections/2')
    expect(selectionOfMark(warehouse, '/title')).toBe('/title')
    expect(markOfSelection(warehouse, '/table/columns#address')).toBe('/table/columns/3')
  })

  test('a stale mark (an entry the page no longer has) selects nothing', () => {
    expect(selectionOfMark(warehouse, '/search/fields/40')).toBeUndefined()
    expect(selectionOfMark(warehouse, '/toolbar/actions/9')).toBeUndefined()
    expect(selectionOfMark(warehouse, '/cards/0')).toBeUndefined()
    expect(markOfSelection(warehouse, '/table/columns#nothing')).toBeUndefined()
  })

  test('after a reorder the selection follows its field, not its old place', () => {
    const moved = structuredClone(warehouse)
    moved.table.columns.reverse()
    const key = selectionOfMark(warehouse, '/table/columns/0')!
    expect(markOfSelection(moved, key)).toBe(`/table/columns/${moved.table.columns.length - 1}`)
  })

  // generated over every page file: each element the outline lists maps to one mark and back
  const files = pageFiles(join(__dirname, '../../schemas/pages'))
  test(`every element of every page file (${files.length}) round-trips between mark and selection`, () => {
    let elements = 0
    for (const file of files) {
      const page: unknown = JSON.parse(readFileSync(file, 'utf8'))
      for (const list of designerLists(page))
        list.items.forEach((item, index) => {
          // a field listed twice in one list is one item (the page check refuses the twin): its first place
          const first = list.items.findIndex((other) => other.field === item.field)
          const mark = `${list.pointer}/${index}`
          expect(markOfSelection(page, selectionOfMark(page, mark)!), `${file} ${mark}`).toBe(
            `${list.pointer}/${first}`,
          )
          elements++
        })
      for (const group of designerGroups(page))
        for (const element of group.items) {
          expect(selectionOfMark(page, element.pointer), file).toBe(element.pointer)
          expect(markOfSelection(page, element.pointer), file).toBe(element.pointer)
          elements++
        }
    }
    expect(elements).toBeGreaterThan(files.length)
  })
})
