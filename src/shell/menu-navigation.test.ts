import { describe, expect, it } from 'vitest'
import { shellTabPages } from '../routes/shell-pages'
import type { MenuEntry } from '../routes/route-table'
import { activeMenuChain, openMenuEntry } from './menu-navigation'

const entry = (over: Partial<MenuEntry>): MenuEntry => ({
  id: 1,
  name: 'Entry',
  type: 'menu',
  hasPage: true,
  route: '/wmdm/warehouse',
  ...over,
})

function opened(e: MenuEntry) {
  const navigated: string[] = []
  const windows: string[] = []
  openMenuEntry(
    e,
    (to) => navigated.push(to),
    (url) => windows.push(url),
  )
  return { navigated, windows }
}

describe('opening menu entries (menu types, PLAT-SHELL-11)', () => {
  it('a page navigates in the app', () => {
    expect(opened(entry({}))).toEqual({ navigated: ['/wmdm/warehouse'], windows: [] })
  })
  it('link and inner-link open the iframe page /link/{id}', () => {
    expect(opened(entry({ id: 7, type: 'link', route: 'https://example.com' })).navigated).toEqual([
      '/link/7',
    ])
    expect(opened(entry({ id: 8, type: 'inner-link', route: '/api/docs' })).navigated).toEqual(['/link/8'])
  })
  it('window opens its address in a new browser window', () => {
    expect(opened(entry({ type: 'window', route: 'https://example.com' }))).toEqual({
      navigated: [],
      windows: ['https://example.com'],
    })
  })
  it('target _blank opens the in-app address in a new browser tab', () => {
    expect(opened(entry({ target: '_blank' }))).toEqual({ navigated: [], windows: ['/wmdm/warehouse'] })
  })
})

describe('shell pages and the active entry', () => {
  const menu = [
    entry({
      id: 10,
      name: 'Help',
      type: 'dir',
      route: undefined,
      children: [entry({ id: 11, name: 'Docs', type: 'inner-link', route: '/api/docs' })],
    }),
  ]
  it('a link page is a tab titled by its entry, with its menu id; the personal centre has its own title', () => {
    const pages = shellTabPages(menu, 'Personal centre')
    expect(pages('/link/11')).toEqual({ routeTitle: 'Docs', menuId: 11 })
    expect(pages('/link/99')).toBeUndefined()
    expect(pages('/hiam/user/info')).toEqual({ routeTitle: 'Personal centre' })
  })
  it('the link page highlights its entry and group', () => {
    expect(activeMenuChain(menu, '/link/11').map((e) => e.name)).toEqual(['Help', 'Docs'])
  })
})
