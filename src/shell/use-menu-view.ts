/**
 * How this browser shows the side menu: collapsed or not, titles in the collapsed menu, the mixed submenu
 * panel pinned. View state of one browser (like a window size), so it is kept in localStorage per user.
 */
import { useCallback, useState } from 'react'

export interface MenuView {
  collapsed: boolean
  collapsedTitles: boolean
  pinned: boolean
}

const DEFAULT_VIEW: MenuView = { collapsed: false, collapsedTitles: false, pinned: false }
const keyOf = (userId: number) => `wms.menuView.${userId}`

export function readMenuView(userId: number): MenuView {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '{}') as Record<string, unknown>
    const flag = (name: keyof MenuView) =>
      typeof stored[name] === 'boolean' ? stored[name] : DEFAULT_VIEW[name]
    return { collapsed: flag('collapsed'), collapsedTitles: flag('collapsedTitles'), pinned: flag('pinned') }
  } catch {
    return DEFAULT_VIEW
  }
}

export function useMenuView(userId: number): [MenuView, (patch: Partial<MenuView>) => void] {
  const [view, setView] = useState(() => readMenuView(userId))
  const change = useCallback(
    (patch: Partial<MenuView>) =>
      setView((current) => {
        const next = { ...current, ...patch }
        try {
          localStorage.setItem(keyOf(userId), JSON.stringify(next))
        } catch {
          // storage disabled: the choice lasts for this page load
        }
        return next
      }),
    [userId],
  )
  return [view, change]
}
