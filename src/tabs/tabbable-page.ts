/**
 * Which addresses get a tab: the role's home and every page of the route table. Everything else (error
 * pages, /404) is shown without a tab and is not kept alive.
 */
import { matchPath } from 'react-router-dom'
import type { RouteTable } from '../routes/route-table'

export interface TabbablePage {
  routeTitle: string
  menuId?: number
  /** For a hidden sub-page (detail): the pathname of the list page it belongs to. */
  listPath?: string
}

export interface HomePage {
  path: string
  title: string
}

/** Pages of the shell itself that get a tab (the personal centre, link pages): pathname → its tab. */
export type ShellPages = (pathname: string) => TabbablePage | undefined

/** The page `pathname` shows, when it is one that gets a tab. */
export function findTabbablePage(
  pathname: string,
  table: RouteTable,
  home: HomePage,
  shellPages?: ShellPages,
): TabbablePage | undefined {
  const page = table.pages.find((p) => matchPath({ path: p.path, end: true }, pathname))
  if (page) {
    const listPath = page.hidden
      ? table.pages.find((p) => !p.hidden && p.menuId === page.menuId && page.path.startsWith(`${p.path}/`))
          ?.path
      : undefined
    return { routeTitle: page.title, menuId: page.menuId, listPath }
  }
  if (pathname === home.path) return { routeTitle: home.title }
  return shellPages?.(pathname)
}

/** `/a/b?x=1` → `/a/b` */
export function pathnameOf(key: string): string {
  return key.split('?')[0] ?? key
}
