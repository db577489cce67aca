/**
 * Role, tenant and language changes (PLAT-SW-01..03, PLAT-SW-06, X-12: ids as query parameters). A change
 * that the server accepts reloads the app from the root with cached state cleared; a refused change leaves
 * the page as it is (the HTTP client has already shown the server's message).
 */
import type { Language, SelfTenant } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'
import type { BrowserLocation } from '../session/login'
import { HIDDEN_LAYOUT_KEY, LANGUAGE_KEY, writeStoredLanguage } from '../session/session-storage'

// What survives a switch: the layout flag and language belong to the browser session, not to a role.
const KEPT_SESSION_KEYS = new Set([HIDDEN_LAYOUT_KEY, LANGUAGE_KEY])

/** Drops session-scoped caches (redirect target, page caches) before a reload under a new role/tenant. */
export function clearCachedState(): void {
  for (const key of Object.keys(sessionStorage)) {
    if (!KEPT_SESSION_KEYS.has(key)) sessionStorage.removeItem(key)
  }
}

/** After a switch the server accepted: cached state cleared, the app restarts from the root (PLAT-SW). */
export function restartAtRoot(browser: BrowserLocation): void {
  clearCachedState()
  browser.assign('/')
}

export interface SessionActions {
  /** Resolves true when the server accepted the switch (the page is then reloading). */
  switchRole(roleId: number): Promise<boolean>
  switchTenant(tenantId: number): Promise<boolean>
  changeLanguage(language: Language): Promise<boolean>
  /** Makes `tenantId` the user's default tenant (PLAT-SW-04: only ever to set one, never to unset). */
  setDefaultTenant(tenantId: number): Promise<boolean>
  /** The user's tenants, fresh from the server (PLAT-SW-05). */
  loadTenants(): Promise<SelfTenant[]>
}

export function createSessionActions(http: HttpClient, browser: BrowserLocation): SessionActions {
  const put = async (path: string, params: Record<string, unknown>): Promise<boolean> => {
    try {
      await http.request({ method: 'PUT', service: 'iam', path, params })
      return true
    } catch {
      return false
    }
  }
  return {
    async switchRole(roleId) {
      const ok = await put('/v1/users/roles', { roleId })
      if (ok) restartAtRoot(browser)
      return ok
    },
    async switchTenant(tenantId) {
      const ok = await put('/v1/users/tenant-id', { tenantId })
      if (ok) restartAtRoot(browser)
      return ok
    },
    async changeLanguage(language) {
      const ok = await put('/hzero/v1/users/default-language', { language })
      if (ok) {
        writeStoredLanguage(language)
        browser.reload()
      }
      return ok
    },
    setDefaultTenant: (tenantId) => put('/hzero/v1/users/default-tenant', { tenantId }),
    loadTenants: () =>
      http.request<SelfTenant[]>({ method: 'GET', service: 'iam', path: '/hzero/v1/users/self-tenants' }),
  }
}
