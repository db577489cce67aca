/**
 * Which routes of spec/routes.tsv (copied to schemas/routes.tsv) have a page file and a menu entry.
 *
 * - Every route needs a page file whose `route` is that path (patterns such as `/x/detail/{id}` as written).
 * - A plain route needs a menu entry with that route (server/seed/data/menus.json and menus/*.json).
 * - A sub-route (flag `sub-route`) or a route with `{params}` is opened from another screen: it needs a menu
 *   entry on itself, on a path it lies under (`/hpfm/code-rule` covers `/hpfm/code-rule/dist/{id}`), or one whose
 *   route fills its params (`/hiam/role-data-import/HIAM.ROLE` covers `/hiam/role-data-import/{code}`).
 * - Screens the shell draws itself (BUILT_IN: home, error pages, the personal centre; and the pages without
 *   sign-in under /public, which must be routes of src/routes) need neither.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readSeedSet } from '../../server/seed/seed-files.ts'
import { matchPattern } from '../../src/routes/route-pattern.ts'
import { findFiles } from './schema-files.ts'

/** Routes drawn by the shell's own code rather than a page file, and why they have no menu entry. */
export const BUILT_IN: Record<string, string> = {
  '/hiam/user/info': 'the personal centre, opened from the header avatar',
  '/workplace': 'the home page (src/shell/Workplace.tsx)',
  '/': 'the root layout',
  '/404': 'the not-found page',
  '*': 'the catch-all that redirects to /404',
  '/exception/403': 'an error page (src/routes/StatusPages.tsx)',
  '/exception/404': 'an error page (src/routes/StatusPages.tsx)',
  '/exception/500': 'an error page (src/routes/StatusPages.tsx)',
  '/exception/501': 'an error page (src/routes/StatusPages.tsx)',
}
const isBuiltIn = (path: string) => path in BUILT_IN || path.startsWith('/public/')

/** Every route path written in src/routes (for the built-in screens). */
function shellRouteSources(root: string): string {
  return findFiles(root, 'src/routes', '.tsx')
    .concat(findFiles(root, 'src/routes', '.ts'))
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n')
}

export interface SpecRoute {
  module: string
  path: string
  flags: string
}

export interface RouteGap {
  route: SpecRoute
  missing: Array<'page' | 'menu'>
}

export function readSpecRoutes(root: string): SpecRoute[] {
  return readFileSync(join(root, 'schemas/routes.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [module = '', path = '', , flags = ''] = line.split('\t')
      return { module, path, flags }
    })
}

export function pageRoutes(root: string): Set<string> {
  const routes = new Set<string>()
  for (const file of findFiles(root, 'schemas/pages', '.page.json')) {
    try {
      const page = JSON.parse(readFileSync(join(root, file), 'utf8')) as { route?: unknown }
      if (typeof page.route === 'string') routes.add(page.route.split('?')[0]!)
    } catch {
      // schemas:check reports files that are not JSON
    }
  }
  return routes
}

export function menuRoutes(root: string): Set<string> {
  const menus = readSeedSet<Array<{ route?: string }>>(join(root, 'server/seed/data'), 'menus') ?? []
  return new Set(menus.map((menu) => menu.route?.split('?')[0]).filter((r): r is string => Boolean(r)))
}

const opensFromAnotherScreen = (route: SpecRoute) =>
  route.flags.includes('sub-route') || route.path.includes('{')

function hasMenu(route: SpecRoute, menus: Set<string>): boolean {
  if (menus.has(route.path)) return true
  if (!opensFromAnotherScreen(route)) return false
  if ([...menus].some((menu) => matchPattern(route.path, menu))) return true
  const segments = route.path.split('/')
  for (let end = segments.length - 1; end > 1; end--) {
    if (menus.has(segments.slice(0, end).join('/'))) return true
  }
  return false
}

/** The gaps of the routes of `modules` (all modules when empty). */
export function routeGaps(root: string, modules: string[] = []): RouteGap[] {
  const pages = pageRoutes(root)
  const menus = menuRoutes(root)
  const shell = shellRouteSources(root)
  return readSpecRoutes(root)
    .filter((route) => !modules.length || modules.includes(route.module))
    .map((route) => {
      const missing: RouteGap['missing'] = []
      if (route.path in BUILT_IN) return { route, missing }
      if (isBuiltIn(route.path)) {
        if (!shell.includes(`'${route.path}'`)) missing.push('page')
        return { route, missing }
      }
      if (!pages.has(route.path)) missing.push('page')
      if (!hasMenu(route, menus)) missing.push('menu')
      return { route, missing }
    })
    .filter((gap) => gap.missing.length)
}
