/**
 * Menus follow the files live (issue 22): when a page file's menu entry is created, changed or removed, the
 * server sends `menu-changed` over the notice socket (server/modules/lowcode/index.ts); the shell fetches its
 * menu tree and the page index again and shows the new menu without a reload, adding the routes of screens it
 * did not have (SignedInApp). A refused model file (`model-schema-changed` with `refused`) is told the same way:
 * the shell shows each problem with file, line, pointer and fix.
 */
import {
  MENU_CHANGED_FRAME_KEY,
  MODEL_CHANGED_FRAME_KEY,
  type MenuChanged,
  type ModelSchemaChanged,
  type PageSchemaChanged,
  type SocketFrame,
} from '../../renderer/contract/hmsg'
import type { Language, MenuNode } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'
import { loadPageIndex } from './page-files'
import {
  buildRouteTable,
  normaliseFile,
  type MenuEntry,
  type PageIndex,
  type PageRoute,
  type RouteTable,
} from './route-table'

type Listener = (change: MenuChanged | ModelSchemaChanged) => void
const listeners = new Set<Listener>()

/** The change a frame carries (a menu or a model file change), or undefined for any other frame. */
export function parseLiveFileFrame(frame: SocketFrame): MenuChanged | ModelSchemaChanged | undefined {
  if (frame.key !== MENU_CHANGED_FRAME_KEY && frame.key !== MODEL_CHANGED_FRAME_KEY) return undefined
  try {
    const change = JSON.parse(frame.message) as Partial<MenuChanged> | Partial<ModelSchemaChanged>
    if (frame.key === MENU_CHANGED_FRAME_KEY && change.type === 'menu-changed') return change as MenuChanged
    if (frame.key === MODEL_CHANGED_FRAME_KEY && change.type === 'model-schema-changed')
      return {
        ...change,
        refused: (change as Partial<ModelSchemaChanged>).refused ?? [],
      } as ModelSchemaChanged
    return undefined
  } catch {
    return undefined
  }
}

/** Hands a socket frame to the listeners when it announces a menu or model change; answers whether it did. */
export function dispatchLiveFileFrame(frame: SocketFrame): boolean {
  const change = parseLiveFileFrame(frame)
  if (!change) return false
  for (const listener of [...listeners]) listener(change)
  return true
}

/** Calls `listener` for each menu or model change; answers the function that stops it. */
export function onLiveFileChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The menu tree of the role and the page index, fetched again, and the route table built from them. */
export async function fetchRouteTable(
  http: HttpClient,
  language: Language,
  roleId: number,
): Promise<{ menus: MenuNode[]; pageIndex: PageIndex; routes: RouteTable }> {
  const [menus, pageIndex] = await Promise.all([
    http.request<MenuNode[]>({
      method: 'GET',
      service: 'iam',
      path: '/hzero/v1/menus/tree',
      params: { lang: language, roldId: roleId, unionLabel: false },
    }),
    loadPageIndex(http),
  ])
  return { menus, pageIndex, routes: buildRouteTable(menus, pageIndex) }
}

/** The page routes of `after` that `before` has no route for (the router is given these). */
export function addedPages(before: RouteTable, after: RouteTable): PageRoute[] {
  const known = new Set(before.pages.map((page) => page.path))
  return after.pages.filter((page) => !known.has(page.path))
}

/**
 * The route table without what a page file change took away (`page-schema-changed`): every route of a removed
 * file, or of a file whose route moved (the menu refresh adds the new one), and the menu entries leading there
 * (a folder left empty goes with them). The router keeps such a path, but its page view finds it gone from the
 * session's table and shows the "no page" panel (PageRouteView).
 */
export function withoutChangedRoutes(table: RouteTable, change: PageSchemaChanged): RouteTable {
  const moved = change.previousRoute !== undefined && change.previousRoute !== change.route
  if (change.outcome !== 'removed' && !moved) return table
  const file = normaliseFile(change.file)
  const gone = new Set(table.pages.filter((page) => normaliseFile(page.file) === file).map((p) => p.path))
  if (!gone.size) return table
  const keep = (entries: MenuEntry[]): MenuEntry[] =>
    entries.flatMap((entry) => {
      if (entry.route && gone.has(entry.route)) return []
      if (!entry.children) return [entry]
      const children = keep(entry.children)
      return children.length || entry.route ? [{ ...entry, children }] : []
    })
  return { pages: table.pages.filter((page) => !gone.has(page.path)), menu: keep(table.menu) }
}

/**
 * Runs `refresh` for a burst of changes once at a time: a change heard while a refresh runs makes one more run
 * after it (a file's entry and grants arrive as several frames; the menu is fetched at most twice).
 */
export function coalesced(refresh: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = refresh()
      .catch(() => undefined) // the menu stays as it was; the next change tries again
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          void run()
        }
      })
    return running
  }
  return run
}

/** One line per problem of a refused model file: `file:line:column pointer: message — fix`. */
export function modelProblemLines(change: ModelSchemaChanged): string[] {
  return change.refused.flatMap((entry) =>
    entry.problems.map(
      (p) =>
        `${p.line ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file} ${p.pointer || '/'}: ${p.message} — ${p.fix}`,
    ),
  )
}
