/** Where the layout settings live: per user on the server (DESIGN, server/modules/iam/routes-preferences.ts). */
import type { HttpClient } from '../http/http-client'
import type { LayoutSettings } from './layout-settings'

const PATH = '/hzero/v1/users/self/layout-settings'

/** The user's stored settings, or `{}` (the defaults) when they cannot be read: the shell must still open. */
export async function fetchLayoutSettings(http: HttpClient): Promise<unknown> {
  try {
    return await http.request<unknown>({ method: 'GET', service: 'iam', path: PATH, silent: true })
  } catch {
    return {}
  }
}

export function saveLayoutSettings(http: HttpClient, settings: LayoutSettings): Promise<unknown> {
  const { navTheme, primaryColor, layout, contentWidth, fixedHeader, fixSiderbar, colorWeak } = settings
  const data = { navTheme, primaryColor, layout, contentWidth, fixedHeader, fixSiderbar, colorWeak }
  return http.request({ method: 'PUT', service: 'iam', path: PATH, data })
}
