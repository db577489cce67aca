/**
 * The app's long-lived services, created once in main.tsx (tests create their own): the HTTP client, the
 * i18n instance, the browser location, and the UI hooks (notifications, confirm, router navigation) that
 * the React tree plugs in once mounted.
 */
import type { AxiosAdapter } from 'axios'
import { Modal, notification } from 'antd'
import type { i18n } from 'i18next'
import type { Notifier, RendererEnv } from '../../renderer/env'
import { createHttpClient, type HttpClient } from '../http/http-client'
import { createNotifier } from '../http/notifier'
import { windowLocation, type BrowserLocation } from '../session/login'
import { readAccessToken } from '../session/tokens'
import { createSettingsStore, type SettingsStore } from '../settings/settings-store'

export interface AppServices {
  http: HttpClient
  i18n: i18n
  browser: BrowserLocation
  /** Replaced by `UiBridge` with the theme-aware antd APIs from `App.useApp()`. */
  ui: { notifier: Notifier; confirm: RendererEnv['confirm'] }
  /** Set once the router exists; until then navigation is a full page load. */
  router: { navigate?: (to: string, options?: { replace?: boolean }) => void }
  /** Menu id of the page on screen (H-Menu-Id for calls made outside a page's own environment). */
  activeMenu: { id?: number }
  /** Layout settings of the signed-in user (theme, navigation mode, …); defaults until a user is loaded. */
  layout: SettingsStore
}

export interface AppServicesOptions {
  i18n: i18n
  browser?: BrowserLocation
  adapter?: AxiosAdapter
}

/** Goes to `to` in the app: through the router once it exists, else as a full page load. */
export function navigateIn(services: Pick<AppServices, 'router' | 'browser'>, to: string): void {
  if (services.router.navigate) services.router.navigate(to)
  else services.browser.assign(to)
}

/** A confirm dialog on an antd `modal` API (static `Modal` or `App.useApp().modal`). */
export function confirmWith(modal: Pick<typeof Modal, 'confirm'>): RendererEnv['confirm'] {
  return ({ title, content, danger }) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okButtonProps: { danger },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      })
    })
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const browser = options.browser ?? windowLocation
  const t = (key: string, vars?: Record<string, string | number>) => options.i18n.t(key, vars)
  const services: AppServices = {
    i18n: options.i18n,
    browser,
    ui: { notifier: createNotifier(notification, t), confirm: confirmWith(Modal) },
    router: {},
    activeMenu: {},
    layout: createSettingsStore(),
    http: undefined as unknown as HttpClient, // assigned just below: the client reads `services` lazily
  }
  services.http = createHttpClient({
    getAccessToken: readAccessToken,
    getMenuId: () => services.activeMenu.id,
    getNotifier: () => services.ui.notifier,
    t,
    browser,
    navigate: (to) => navigateIn(services, to),
    adapter: options.adapter,
  })
  return services
}
