/**
 * Routes from the menu tree (CORE-ROUTE-01..04): a menu route that matches a page file's route pattern
 * becomes a page; page files whose route extends a menu page's route become hidden sub-pages of it; a menu
 * node with a single child chain collapses to the child. Pure, so it is tested without a browser.
 */
import type { MenuNode, MenuType } from '../../renderer/contract/wire'
import { isAuthorizedRoute } from '../../renderer/contract/authorized-routes'
import { matchPattern, routePath, toRouterPath } from './route-pattern'

/** Page file (e.g. `schemas/pages/wmdm/warehouse.page.json`) → its route pattern. */
export type PageIndex = Record<string, string>

export interface PageRoute {
  /** react-router path: the menu's own route, or a sub-page pattern with `:params`. */
  path: string
  file: string
  /** H-Menu-Id of the page (a sub-page carries its menu entry's id). */
  menuId: number
  title: string
  /** Sub-pages are routable but not in the menu. */
  hidden: boolean
  /** Values a menu route fixes for a pattern's params (menu `/import/ABC` on page `/import/{code}`). */
  fixedParams: Record<string, string>
  /**
   * An authorized page reached without a menu entry of the role (CORE-PERM-05): it has no menu id (0, no
   * H-Menu-Id sent) and its tab takes the page's own title once loaded.
   */
  authorized?: true
}

export { isAuthorizedRoute }

export interface MenuEntry {
  id: number
  name: string
  type: MenuType
  icon?: string
  quickIndex?: string
  tag?: MenuNode['tag']
  /** `_blank`: the entry opens in a new browser tab (PLAT-SHELL-11). */
  target?: string
  /** Where the entry leads (path without query for pages; the raw route for links). */
  route?: string
  /** True when the route has a page; false for menus whose route matches no page file (→ not found). */
  hasPage: boolean
  children?: MenuEntry[]
}

export interface RouteTable {
  pages: PageRoute[]
  menu: MenuEntry[]
}

/** Builds the page routes and the visible menu from the server's menu tree and the page files. */
export function buildRouteTable(tree: MenuNode[], pageIndex: PageIndex): RouteTable {
  const files = Object.entries(pageIndex).map(([file, route]) => ({ file: normaliseFile(file), route }))
  const pages: PageRoute[] = []
  const menuPages = new Map<string, PageRoute>()

  const toEntry = (node: MenuNode): MenuEntry | undefined => {
    const children = (node.subMenus ?? []).map(toEntry).filter((e): e is MenuEntry => !!e)
    if (children.length === 1 && !node.route) {
      const only = children[0] as MenuEntry
      return { ...only, icon: only.icon ?? node.icon }
    }
    let hasPage = false
    const path = node.route ? routePath(node.route) : undefined
    if (path && (node.type === 'menu' || node.type === 'root')) {
      const page = menuPages.get(path) ?? registerMenuPage(node, path)
      hasPage = !!page
    }
    if (!path && children.length === 0 && node.type === 'dir') return undefined
    const entry: MenuEntry = { id: node.id, name: node.name, type: node.type, hasPage }
    if (node.icon) entry.icon = node.icon
    if (node.quickIndex) entry.quickIndex = node.quickIndex
    if (node.tag) entry.tag = node.tag
    if (node.target) entry.target = node.target
    if (node.route) entry.route = node.type === 'menu' ? path : node.route
    if (children.length) entry.children = children
    return entry
  }

  const registerMenuPage = (node: MenuNode, path: string): PageRoute | undefined => {
    for (const { file, route } of files) {
      const params = matchPattern(route, path)
      if (!params) continue
      const page: PageRoute = {
        path,
        file,
        menuId: node.id,
        title: node.name,
        hidden: false,
        fixedParams: params,
      }
      pages.push(page)
      menuPages.set(path, page)
      return page
    }
    return undefined
  }

  const menu = tree.map(toEntry).filter((e): e is MenuEntry => !!e)
  for (const parent of [...menuPages.values()]) {
    for (const { file, route } of files) {
      if (!route.startsWith(`${parent.path}/`) || menuPages.has(route)) continue
      const path = toRouterPath(route)
      if (pages.some((p) => p.path === path)) continue
      pages.push({ path, file, menuId: parent.menuId, title: parent.title, hidden: true, fixedParams: {} })
    }
  }
  // Authorized pages the role's menu does not reach: routable, not in the menu.
  for (const { file, route } of files) {
    if (!isAuthorizedRoute(route)) continue
    const path = toRouterPath(route)
    if (pages.some((p) => p.path === path)) continue
    pages.push({ path, file, menuId: 0, title: path, hidden: true, fixedParams: {}, authorized: true })
  }
  return { pages, menu }
}

/** `/schemas/pages/x.page.json` (a glob key) → `schemas/pages/x.page.json` (as messages name it). */
export function normaliseFile(file: string): string {
  return file.replace(/^\.?\//, '')
}

/** Every entry that leads somewhere, depth first (menu search, quick entries). */
export function leafEntries(menu: MenuEntry[]): MenuEntry[] {
  return menu.flatMap((entry) => (entry.children ? leafEntries(entry.children) : entry.route ? [entry] : []))
}
