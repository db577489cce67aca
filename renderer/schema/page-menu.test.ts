/**
 * Issue 22: a page file declares its menu entry and default grants. The page check (schemas:check, the server,
 * the playground) refuses what the server could not apply safely: a grant of a code the page does not declare,
 * a menu entry on a route with parameters, and (against the seed's directories) a parent that is not one.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WIDGET_NAMES } from '../contract/widget-names'
import { checkPageFile, type PageCheckContext } from './check-page-files'

const source = readFileSync('schemas/pages/hiam/menu.page.json', 'utf8')
const context: PageCheckContext = {
  widgetNames: WIDGET_NAMES,
  models: new Map(),
  routes: new Set(),
  menuDirs: new Set(['hiam', 'wmdm']),
}
const title = { zh_CN: '菜单', en_US: 'Menus', zh_TW: '選單' }
const errorsOf = (extra: Record<string, unknown>) => {
  const page = { ...(JSON.parse(source) as Record<string, unknown>), ...extra }
  return checkPageFile('m.page.json', JSON.stringify(page, null, 2), context).issues.filter(
    (issue) => issue.severity === 'error',
  )
}

describe('menu and grants of a page file', () => {
  it('accepts an entry under a directory and grants of the codes the page declares', () => {
    expect(
      errorsOf({
        menu: { parent: 'hiam', order: 5, icon: 'menu', title },
        grants: { 'tenant-admin': ['hiam.menu.button.update'], 'wh-clerk': [] },
      }),
    ).toEqual([])
  })

  it('refuses a grant of a code the page does not declare, naming the closest one it does', () => {
    expect(errorsOf({ grants: { 'wh-clerk': ['hiam.menu.button.updat'] } })).toEqual([
      expect.objectContaining({
        pointer: '/grants/wh-clerk/0',
        line: expect.any(Number),
        suggestion: "did you mean 'hiam.menu.button.update'?",
      }),
    ])
  })

  it('refuses a parent that is not a directory entry, and an entry without its three titles', () => {
    expect(errorsOf({ menu: { parent: 'hiamm', title } })).toEqual([
      expect.objectContaining({ pointer: '/menu/parent', suggestion: "did you mean 'hiam'?" }),
    ])
    expect(errorsOf({ menu: { title: { zh_CN: '菜单', en_US: 'Menus' } } })).toEqual([
      expect.objectContaining({ pointer: '/menu/title', message: expect.stringContaining('zh_TW') }),
    ])
  })

  it('refuses a menu entry on a route with parameters', () => {
    expect(errorsOf({ route: '/hiam/menu/{menuId}', menu: { title } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/menu' })]),
    )
  })
})
