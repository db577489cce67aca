/** How a menu entry opens, and which entry the current address belongs to. */
import type { MenuEntry } from '../routes/route-table'

/** Opens an entry: pages in the app; `window` and external link types in a new browser window. */
export function openMenuEntry(entry: MenuEntry, navigate: (to: string) => void): void {
  if (!entry.route) return
  if (entry.type === 'window' || entry.type === 'link' || entry.type === 'inner-link') {
    window.open(entry.route, '_blank', 'noopener')
    return
  }
  navigate(entry.route)
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
      const route = entry.route
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
