/**
 * Everything the shell needs before it renders (CORE-USR-01, PLAT-LOGIN-04): the user first, then roles,
 * tenants, the menu tree of the current role in the user's language, the server's prompts, and the index of
 * the page files the server serves (routes are built from menus + pages).
 */
import type { i18n } from 'i18next'
import type { CurrentUser, Language, MenuNode, SelfRole, SelfTenant } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'
import { loadPageIndex } from '../routes/page-files'
import type { PageIndex } from '../routes/route-table'
import { applyPrompts, toLanguage } from '../locales/i18n'
import { fetchLayoutSettings } from '../settings/layout-settings-api'
import { loadStartPermissions } from './start-permissions'
import type { SessionCaches } from './session-caches'
import { loadWarehouseConfig, type WarehouseConfig } from './warehouse-config'

export interface AppSession {
  user: CurrentUser
  roles: SelfRole[]
  tenants: SelfTenant[]
  menus: MenuNode[]
  language: Language
  /** The user's stored layout settings as the server sent them (parsed by the settings store). */
  layoutSettings: unknown
  /** Quantity precision and default warehouse permissions (CORE-DATA-03); null for site roles. */
  warehouseConfig?: WarehouseConfig | null
  /** The shell's own permission codes checked on start (PLAT-PERM-03, start-permissions.ts): code → approved. */
  startPermissions?: Record<string, boolean>
  /** Lov definitions and permission answers shared by every page of the session (session-caches.ts). */
  caches?: SessionCaches
}

/** Loads the session; rejects with the first failing call's ApiError. */
export async function loadSession(
  http: HttpClient,
  i18n: i18n,
): Promise<AppSession & { pageIndex: PageIndex }> {
  const user = await http.request<CurrentUser>({
    method: 'GET',
    service: 'iam',
    path: '/hzero/v1/users/self',
  })
  const language = toLanguage(user.language)
  const [roles, tenants, menus, pageIndex, , layoutSettings, warehouseConfig, startPermissions] =
    await Promise.all([
      http.request<SelfRole[]>({ method: 'GET', service: 'iam', path: '/hzero/v1/member-roles/self-roles' }),
      http.request<SelfTenant[]>({ method: 'GET', service: 'iam', path: '/hzero/v1/users/self-tenants' }),
      http.request<MenuNode[]>({
        method: 'GET',
        service: 'iam',
        path: '/hzero/v1/menus/tree',
        params: { lang: language, roldId: user.currentRoleId, unionLabel: false },
      }),
      loadPageIndex(http),
      loadPrompts(http, i18n, user.tenantId, language),
      fetchLayoutSettings(http),
      loadWarehouseConfig(http, user),
      loadStartPermissions(http),
    ])
  return {
    user,
    roles,
    tenants,
    menus,
    language,
    pageIndex,
    layoutSettings,
    warehouseConfig,
    startPermissions,
  }
}

// Server prompts override bundled texts; without them the bundled texts still read well, so a failure is
// not worth interrupting the user for.
export async function loadPrompts(
  http: HttpClient,
  i18n: i18n,
  tenantId: number,
  language: Language,
): Promise<void> {
  try {
    const prompts = await http.request<Record<string, string>>({
      method: 'GET',
      service: 'hpfm',
      path: `/v1/${tenantId}/prompt/${language}`,
      silent: true,
    })
    if (prompts && typeof prompts === 'object') applyPrompts(i18n, language, prompts)
  } catch {
    // bundled texts stay in place
  }
}
