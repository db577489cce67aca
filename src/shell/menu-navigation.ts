/** How a menu entry opens, and which entry the current address belongs to. */
import type { MenuEntry } from '../routes/route-table'

/** The in-app address of a link entry: its route shown in an iframe page (wire contract: `/link/{id}`). */
export const linkPagePath = (entry: Pick<MenuEntry, 'id'>) => `/link/${entry.id}`

/**
 * Opens an entry (PLAT-SHELL-11, wire contract menu types): `window` opens its route in a new browser
 * window; `link` and `inner-link` open the iframe page `/link/{id}`; an entry with target `_blank` opens
 * its in-app address in a new browser tab; every other entry navigates in the app.
 */
export function openMenuEntry(
  entry: MenuEntry,
  navigate: (to: string) => void,
  open: (url: string) => void = (url) => void window.open(url, '_blank', 'noopener'),
): void {
  if (!entry.route) return
  if (entry.type === 'window') return open(entry.route)
  const inApp = entry.type === 'link' || entry.type === 'inner-link' ? linkPagePath(entry) : entry.route
  if (entry.target === '_blank') return open(inApp)
  navigate(inApp)
}

/** Finds the entry with `id` anywhere in the tree. */
export function findMenuEntry(menu: MenuEntry[], id: number): MenuEntry | undefined {
  for (const entry of menu) {
    if (entry.id === id) return entry
    const inner = entry.children ? findMenuEntry(entry.children, id) : undefined
    if (inner) return inner
  }
  return undefined
}

/**
 * The chain of entries (outermost first) whose leaf owns `pathname`: the exact route, or the longest route
 * that `pathname` extends (a sub-page highlights its list entry, PLAT-ROUTE-06). Empty when none does.
 */
export function activeMenuChain(menu: MenuEntry[], pathname: string): MenuEntry[] {
  let best: MenuEntry[] = []
  const visit = (entries: MenuEntry[], chain: MenuEntry[]) => {
    for (const entry of entries) {
      const here = [...chain, entry]
      if (entry.children) visit(entry.children, here)
      const route = entry.type === 'link' || entry.type === 'inner-link' ? linkPagePath(entry) : entry.route
      if (!route || entry.children) continue
      const owns = pathname === route || pathname.startsWith(`${route}/`)
      const bestRoute = best[best.length - 1]?.route ?? ''
      if (owns && route.length > bestRoute.length) best = here
    }
  }
  visit(menu, [])
  return best
}

/** Entries whose name or quick index contains `text` (case-insensitive). */
export function searchMenu(entries: MenuEntry[], text: string): MenuEntry[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  return entries.filter(
    (e) => e.name.toLowerCase().includes(needle) || (e.quickIndex ?? '').toLowerCase().includes(needle),
  )
}
