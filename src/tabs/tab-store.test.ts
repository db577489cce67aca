import { describe, expect, it } from 'vitest'
import { contextActions } from './tab-menu'
import { createTabStore, tabTitle, type TabStore } from './tab-store'

const adminStore = () =>
  createTabStore({ home: { key: '/workplace', routeTitle: 'Workplace' }, roleCode: 'tenant-admin' })

function openPages(store: TabStore, ...keys: string[]) {
  for (const key of keys) store.open({ key, pathname: key.split('?')[0] ?? key, routeTitle: `T ${key}` })
}
const keys = (store: TabStore) => store.getState().tabs.map((t) => t.key)

describe('tab store (CORE-TAB-01..04, 07..10)', () => {
  it('starts with the fixed home tab, which has no close control and cannot be closed', () => {
    const store = adminStore()
    expect(store.getState()).toMatchObject({ activeKey: '/workplace', tabs: [{ closable: false }] })
    expect(store.close('/workplace')).toEqual({ message: 'tabs.lastTab' })
    openPages(store, '/a')
    expect(store.close('/workplace')).toEqual({ message: 'tabs.homeFixed' })
    expect(keys(store)).toEqual(['/workplace', '/a'])
  })

  it('keys tabs by full path: other parameters make another tab, the same path activates its tab', () => {
    const store = adminStore()
    openPages(store, '/d/1', '/d/2', '/d/2?x=1')
    expect(keys(store)).toEqual(['/workplace', '/d/1', '/d/2', '/d/2?x=1'])
    openPages(store, '/d/1')
    expect(keys(store)).toHaveLength(4)
    expect(store.getState().activeKey).toBe('/d/1')
  })

  it('titles: custom title, else route title, else the title query', () => {
    const store = adminStore()
    store.open({ key: '/x?title=From%20query', pathname: '/x' })
    store.open({ key: '/y?title=From%20query', pathname: '/y', routeTitle: 'Route' })
    const [, x, y] = store.getState().tabs
    expect([tabTitle(x!), tabTitle(y!)]).toEqual(['From query', 'Route'])
    store.setCustomTitle('/y?title=From%20query', 'Custom')
    expect(tabTitle(store.getState().tabs[2]!)).toBe('Custom')
    store.setCustomTitle('/y?title=From%20query', undefined)
    expect(tabTitle(store.getState().tabs[2]!)).toBe('Route')
    // a page may name its tab just before the tab opens
    store.setCustomTitle('/z', 'Early')
    store.open({ key: '/z', pathname: '/z', routeTitle: 'Route' })
    expect(tabTitle(store.getState().tabs[3]!)).toBe('Early')
  })

  it('closing the active tab activates its right neighbour, or the left one when it was last', () => {
    const store = adminStore()
    openPages(store, '/a', '/b', '/c')
    store.open({ key: '/b', pathname: '/b' })
    expect(store.close('/b')).toEqual({ activate: '/c' })
    expect(store.close('/c')).toEqual({ activate: '/a' })
    expect(store.close('/workplace')).toEqual({ message: 'tabs.homeFixed' })
    expect(store.close('/a')).toEqual({ activate: '/workplace' })
    // closing a tab that is not active changes nothing else
    openPages(store, '/p', '/q')
    expect(store.close('/p')).toEqual({})
    expect(store.getState().activeKey).toBe('/q')
  })

  it('close others / left / right / all keep the home tab and answer with messages when nothing is there', () => {
    const store = adminStore()
    openPages(store, '/a', '/b', '/c', '/d')
    expect(store.closeLeft('/a')).toEqual({ message: 'tabs.noLeft' })
    expect(store.closeRight('/d')).toEqual({ message: 'tabs.noRight' })
    expect(store.closeRight('/b')).toEqual({ activate: '/b' }) // /d was active
    expect(keys(store)).toEqual(['/workplace', '/a', '/b'])
    expect(store.closeLeft('/b')).toEqual({})
    expect(keys(store)).toEqual(['/workplace', '/b'])
    openPages(store, '/e', '/f')
    expect(store.closeOthers('/e')).toEqual({ activate: '/e' })
    expect(keys(store)).toEqual(['/workplace', '/e'])
    expect(store.closeOthers('/e')).toEqual({ message: 'tabs.noOthers' })
    expect(store.closeAll()).toEqual({ activate: '/workplace' })
    expect(keys(store)).toEqual(['/workplace'])
    expect(store.closeAll()).toEqual({ message: 'tabs.lastTab' })
    expect(store.closeOthers('/workplace')).toEqual({ message: 'tabs.lastTab' })
  })

  it('leaves no tab active while the browser shows a page without a tab, and closing keeps it so', () => {
    const store = adminStore()
    openPages(store, '/a', '/b')
    store.activate(undefined)
    expect(store.getState().activeKey).toBe('')
    expect(store.close('/a')).toEqual({})
    store.activate('/b')
    expect(store.getState().activeKey).toBe('/b')
  })

  it('jxs: home is the dealer outbound orders and /workplace never becomes a tab (X-05)', () => {
    const store = createTabStore({
      home: { key: '/winv/jxsOutboundOrder', routeTitle: 'Dealer outbound orders', menuId: 201 },
      roleCode: 'jxs',
    })
    store.open({ key: '/workplace', pathname: '/workplace', routeTitle: 'Workplace' })
    store.open({ key: '/workplace?x=1', pathname: '/workplace' })
    openPages(store, '/winv/jxsOutboundOrder')
    expect(keys(store)).toEqual(['/winv/jxsOutboundOrder'])
    expect(store.getState().tabs[0]).toMatchObject({ closable: false, menuId: 201 })
  })
})

describe('right-click menu by position (CORE-TAB-06)', () => {
  const tabsOf = (n: number) => {
    const store = adminStore()
    openPages(store, ...Array.from({ length: n - 1 }, (_, i) => `/p${i}`))
    return store.getState().tabs
  }

  it('offers only actions that close something, never one that closes home', () => {
    expect(contextActions(tabsOf(1), 0)).toEqual(['fullscreen'])
    expect(contextActions(tabsOf(3), 0)).toEqual(['fullscreen', 'closeOthers', 'closeRight', 'closeAll'])
    expect(contextActions(tabsOf(2), 1)).toEqual(['fullscreen', 'closeAll'])
    expect(contextActions(tabsOf(3), 1)).toEqual(['fullscreen', 'closeOthers', 'closeRight', 'closeAll'])
    expect(contextActions(tabsOf(4), 2)).toEqual([
      'fullscreen',
      'closeOthers',
      'closeLeft',
      'closeRight',
      'closeAll',
    ])
    expect(contextActions(tabsOf(4), 3)).toEqual(['fullscreen', 'closeOthers', 'closeLeft', 'closeAll'])
  })
})
