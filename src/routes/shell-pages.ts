/**
 * Pages the shell brings itself (not page files): the personal centre (PLAT-HDR-07, /hiam/user/info) and
 * the iframe page of link menu entries (`/link/{id}`, wire contract), and the workplace when a domain's home page
 * replaced it as the home tab (home.ts). They open in a tab like any page.
 */
import { findMenuEntry } from '../shell/menu-navigation'
import type { ShellPages } from '../tabs/tabbable-page'
import { WORKPLACE_PATH } from './home'
import type { MenuEntry } from './route-table'

export const PERSONAL_CENTRE_PATH = '/hiam/user/info'
export const LINK_PAGE_PATTERN = '/link/:id'

/**
 * The tabs of the shell's own pages: the personal centre titled `personalTitle`, link pages by their entry, and
 * /workplace titled `workplaceTitle` when given (it is not the home tab).
 */
export function shellTabPages(menu: MenuEntry[], personalTitle: string, workplaceTitle?: string): ShellPages {
  return (pathname) => {
    if (pathname === PERSONAL_CENTRE_PATH) return { routeTitle: personalTitle }
    if (workplaceTitle && pathname === WORKPLACE_PATH) return { routeTitle: workplaceTitle }
    const link = /^\/link\/(\d+)$/.exec(pathname)
    const entry = link ? findMenuEntry(menu, Number(link[1])) : undefined
    if (entry && (entry.type === 'link' || entry.type === 'inner-link'))
      return { routeTitle: entry.name, menuId: entry.id }
    return undefined
  }
}
