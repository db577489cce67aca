/**
 * The tab bar's state (CORE-TAB-01..12): a plain store so the rules are tested without React. The first tab
 * is the role's home and is never closable; every other tab is keyed by its full path (path + query), so the
 * same page with other parameters gets its own tab; opening a key that has a tab activates it.
 */
import { hasWorkplace, WORKPLACE_PATH } from '../routes/home'

export interface Tab {
  /** Full path: pathname + search, e.g. `/wmdm/warehouse/detail/7?title=W1`. */
  key: string
  pathname: string
  closable: boolean
  /** H-Menu-Id while this tab is active. */
  menuId?: number
  /** Set by the page (e.g. "Warehouse W1"); wins over every other title. */
  customTitle?: string
  /** The menu's name for the route. */
  routeTitle?: string
  /** The `title` query parameter, the last resort. */
  queryTitle?: string
}

/** Message keys (src/locales) the shell shows when an action cannot do what was asked. */
export type TabMessage = 'tabs.lastTab' | 'tabs.noLeft' | 'tabs.noRight' | 'tabs.noOthers' | 'tabs.homeFixed'

export interface TabState {
  tabs: Tab[]
  /** '' while the browser shows a page that has no tab (e.g. /404). */
  activeKey: string
}

/** What an action did: a message to show, or the key the browser should now show (the active tab changed). */
export interface TabResult {
  message?: TabMessage
  activate?: string
}

export interface TabOpen {
  key: string
  pathname: string
  routeTitle?: string
  menuId?: number
}

export interface TabStore {
  getState(): TabState
  subscribe(listener: () => void): () => void
  /** Adds a tab for `key` or activates the existing one. Ignored for /workplace when the role has none. */
  open(tab: TabOpen): void
  /**
   * The page of tab `from` moved to `tab.key` in place (a replace navigation, e.g. a create page showing the
   * document it saved): the tab takes the new key where it stood, or closes when `tab.key` already has a tab,
   * which becomes active. The home tab never moves: then this is `open`.
   */
  replace(from: string, tab: TabOpen): void
  /** Makes `key` the active tab; undefined leaves no tab active (the browser shows a page without a tab). */
  activate(key: string | undefined): void
  setCustomTitle(key: string, title: string | undefined): void
  close(key: string): TabResult
  closeOthers(key: string): TabResult
  closeLeft(key: string): TabResult
  closeRight(key: string): TabResult
  closeAll(): TabResult
}

export interface TabStoreOptions {
  home: { key: string; routeTitle: string; menuId?: number }
  roleCode: string
}

/** The title shown on a tab: custom title, else route (menu) title, else `title` query, else the path. */
export function tabTitle(tab: Tab): string {
  return tab.customTitle || tab.routeTitle || tab.queryTitle || tab.pathname
}

function queryTitleOf(key: string): string | undefined {
  const query = key.indexOf('?')
  return query < 0 ? undefined : (new URLSearchParams(key.slice(query)).get('title') ?? undefined)
}

export function createTabStore(options: TabStoreOptions): TabStore {
  const { home } = options
  const homeTab: Tab = {
    key: home.key,
    pathname: home.key.split('?')[0] ?? home.key,
    closable: false,
    routeTitle: home.routeTitle,
    menuId: home.menuId,
  }
  let state: TabState = { tabs: [homeTab], activeKey: homeTab.key }
  const listeners = new Set<() => void>()
  // A page sets its title as it mounts, which can be just before its tab opens: the title waits here.
  const customTitles = new Map<string, string>()
  const set = (next: TabState) => {
    state = next
    listeners.forEach((listener) => listener())
  }

  // Keeps the tabs for which `keep` holds (and the home tab); the active tab falls back to `fallback`.
  const keepOnly = (keep: (tab: Tab, index: number) => boolean, fallback: string): TabResult => {
    const tabs = state.tabs.filter((tab, index) => !tab.closable || keep(tab, index))
    const stays = state.activeKey === '' || tabs.some((t) => t.key === state.activeKey)
    const activeKey = stays ? state.activeKey : fallback
    const changed = activeKey !== state.activeKey
    set({ tabs, activeKey })
    return changed ? { activate: activeKey } : {}
  }
  const indexOf = (key: string) => state.tabs.findIndex((t) => t.key === key)
  const newTab = ({ key, pathname, routeTitle, menuId }: TabOpen): Tab => ({
    key,
    pathname,
    closable: true,
    routeTitle,
    menuId,
    queryTitle: queryTitleOf(key),
    customTitle: customTitles.get(key),
  })

  const open = (tab: TabOpen): void => {
    if (tab.pathname === WORKPLACE_PATH && !hasWorkplace(options.roleCode)) return
    if (indexOf(tab.key) >= 0) {
      if (state.activeKey !== tab.key) set({ ...state, activeKey: tab.key })
      return
    }
    set({ tabs: [...state.tabs, newTab(tab)], activeKey: tab.key })
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open,
    replace(from, tab) {
      const index = indexOf(from)
      const moving = state.tabs[index]
      if (!moving?.closable || from === tab.key) return open(tab)
      if (indexOf(tab.key) >= 0) {
        set({ tabs: state.tabs.filter((t) => t.key !== from), activeKey: tab.key })
        return
      }
      customTitles.delete(from)
      set({ tabs: state.tabs.map((t, i) => (i === index ? newTab(tab) : t)), activeKey: tab.key })
    },
    activate(key) {
      const activeKey = key !== undefined && indexOf(key) >= 0 ? key : ''
      if (activeKey !== state.activeKey) set({ ...state, activeKey })
    },
    setCustomTitle(key, title) {
      if (title === undefined) customTitles.delete(key)
      else customTitles.set(key, title)
      if (state.tabs.find((t) => t.key === key)?.customTitle === title) return
      set({ ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, customTitle: title } : t)) })
    },
    close(key) {
      const index = indexOf(key)
      const tab = state.tabs[index]
      if (!tab) return {}
      if (state.tabs.length === 1) return { message: 'tabs.lastTab' }
      if (!tab.closable) return { message: 'tabs.homeFixed' }
      // A closed active tab hands over to its right neighbour, or the left one when it was the last.
      const neighbour = state.tabs[index + 1] ?? state.tabs[index - 1]
      return keepOnly((t) => t.key !== key, neighbour?.key ?? homeTab.key)
    },
    closeOthers(key) {
      if (state.tabs.length === 1) return { message: 'tabs.lastTab' }
      if (!state.tabs.some((t) => t.closable && t.key !== key)) return { message: 'tabs.noOthers' }
      return keepOnly((t) => t.key === key, key)
    },
    closeLeft(key) {
      const index = indexOf(key)
      if (!state.tabs.slice(0, index).some((t) => t.closable)) return { message: 'tabs.noLeft' }
      return keepOnly((_, i) => i >= index, key)
    },
    closeRight(key) {
      const index = indexOf(key)
      if (index < 0 || index === state.tabs.length - 1) return { message: 'tabs.noRight' }
      return keepOnly((_, i) => i <= index, key)
    },
    closeAll() {
      if (state.tabs.length === 1) return { message: 'tabs.lastTab' }
      return keepOnly(() => false, homeTab.key)
    },
  }
}
