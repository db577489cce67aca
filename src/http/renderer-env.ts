/**
 * The renderer's environment (renderer/env.ts) built on the app's HTTP client, session, i18n and router.
 * One per page: its requests carry that page's menu id (H-Menu-Id).
 */
import type { i18n } from 'i18next'
import type { CurrentUser } from '../../renderer/contract/wire'
import type { DefaultWarehouse, Notifier, RendererEnv, SessionUser } from '../../renderer/env'
import { toLanguage } from '../locales/i18n'
import type { HttpClient } from './http-client'

// Fallback formats when the user has none (X-13: the platform's fixed formats).
const DEFAULT_FORMATS = { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' }

export interface RendererEnvParts {
  http: HttpClient
  user: CurrentUser
  i18n: i18n
  notifier: () => Notifier
  confirm: RendererEnv['confirm']
  navigate: RendererEnv['navigate']
  menuId?: number
  setTitle?: RendererEnv['setTitle']
  /** The quantity precision of the session's warehouse config (src/stores/warehouse-config.ts), if loaded. */
  quantityPrecision?: number
  /** The user's default warehouse from the same config, if one is flagged. */
  defaultWarehouse?: DefaultWarehouse
  /** Subscribes to the page's tab being shown again (kept-alive pages only). */
  onPageShown?: RendererEnv['onPageShown']
}

/**
 * The session user the renderer sees, from users/self (and the warehouse config's quantity precision and
 * default warehouse).
 */
export function toSessionUser(
  user: CurrentUser,
  quantityPrecision?: number,
  defaultWarehouse?: DefaultWarehouse,
): SessionUser {
  return {
    userId: user.id,
    tenantId: user.tenantId,
    roleId: user.currentRoleId,
    roleCode: user.currentRoleCode,
    roleLevel: user.currentRoleLevel,
    language: toLanguage(user.language),
    dateFormat: user.dateFormat || DEFAULT_FORMATS.date,
    dateTimeFormat: user.dateTimeFormat || DEFAULT_FORMATS.dateTime,
    timeFormat: user.timeFormat || DEFAULT_FORMATS.time,
    ...(user.timeZone ? { timeZone: user.timeZone } : {}),
    ...(quantityPrecision !== undefined ? { quantityPrecision } : {}),
    ...(defaultWarehouse ? { defaultWarehouse } : {}),
  }
}

export function createRendererEnv(parts: RendererEnvParts): RendererEnv {
  const { http, i18n, menuId } = parts
  return {
    request: (req) => http.request(req, { menuId }),
    user: toSessionUser(parts.user, parts.quantityPrecision, parts.defaultWarehouse),
    t: (key, fallback, vars) => i18n.t(key, { ...vars, defaultValue: fallback ?? key }),
    // A getter: the antd notification API bound to the app's theme is known only once the tree is mounted.
    notify: {
      success: (m, t) => parts.notifier().success(m, t),
      error: (m, t) => parts.notifier().error(m, t),
      warning: (m, t) => parts.notifier().warning(m, t),
      info: (m, t) => parts.notifier().info(m, t),
    },
    confirm: parts.confirm,
    navigate: parts.navigate,
    menuId,
    ...(parts.setTitle ? { setTitle: parts.setTitle } : {}),
    ...(parts.onPageShown ? { onPageShown: parts.onPageShown } : {}),
  }
}
