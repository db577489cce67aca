/**
 * The RendererEnv of stories and tests: the app's own environment (src/http/renderer-env.ts) over its real HTTP
 * client (src/http/http-client.ts: axios, H-Request-Id, the error envelope turned into an ApiError, the
 * failure notification, downloads), with i18next in the user's language. Only the network is replaced: an
 * axios adapter answers from fixture handlers keyed "METHOD service path" in wire shapes
 * (stories/support/fixture-adapter.ts); a handler that throws an ApiError answers that error's envelope.
 * Every call is recorded as the widget asked it (`calls`) and as it went over the wire (`sent`), and a call
 * without a fixture fails with a 404 envelope naming what is missing.
 */
import type { i18n } from 'i18next'
import type { CurrentUser } from '../../renderer/contract/wire'
import type { HttpRequest, Notifier, RendererEnv, SessionUser } from '../../renderer/index'
import { createHttpClient } from '../../src/http/http-client'
import { createRendererEnv } from '../../src/http/renderer-env'
import { createI18n } from '../../src/locales/i18n'
import type { BrowserLocation } from '../../src/session/login'
import type { SentRequest } from '../../src/test-support/fake-adapter'
import { adminUser } from '../../src/test-support/fixtures'
import { fixtureAdapter, type FixtureHandler } from './fixture-adapter'

export { GatewayDown, NetworkDown } from './fixture-adapter'

/** Answers one request; `env` gives the session (e.g. the user's language, as the server reads it from the session). */
export type Handler = FixtureHandler<FakeEnv>
export interface Notice {
  type: 'success' | 'error' | 'warning' | 'info'
  message: string
}

export interface FakeEnv extends RendererEnv {
  /** Requests as the widgets made them (before the client). */
  calls: HttpRequest[]
  /** The same calls as the client sent them: URL with query string, headers (bearer, H-Request-Id), body. */
  sent: SentRequest[]
  notices: Notice[]
  navigations: string[]
  confirms: string[]
  /** Requests no fixture answered ("METHOD service path"): a story that makes one is missing a fixture. */
  missing: string[]
  /** The fixtures the adapter answers from (read at each call: the toolbar's role narrows one). */
  handlers: Record<string, Handler>
  /** The env's i18next instance (the toolbar's language switches it). */
  i18n: i18n
  /** Shows the notices besides recording them (Storybook: antd notifications); unset in tests. */
  display?: Notifier
}

export const fakeUser: SessionUser = {
  userId: 1,
  tenantId: 1,
  roleId: 2,
  roleCode: 'tenant-admin',
  roleLevel: 'organization',
  language: 'en_US',
  dateFormat: 'YYYY-MM-DD',
  dateTimeFormat: 'YYYY-MM-DD HH:mm:ss',
  timeFormat: 'HH:mm:ss',
}

/** The users/self answer the session user stands for (what the app builds its env from). */
function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    ...adminUser,
    id: user.userId,
    tenantId: user.tenantId,
    currentRoleId: user.roleId,
    currentRoleCode: user.roleCode,
    currentRoleLevel: user.roleLevel,
    language: user.language,
    dateFormat: user.dateFormat,
    dateTimeFormat: user.dateTimeFormat,
    timeFormat: user.timeFormat,
  }
}

// The bearer token every story call carries (the client adds it as the app does).
const storyToken = 'story-access-token'

/**
 * Form and master-detail pages ask the server what they show of a saved document (widgets/document-header):
 * a story's page is not one unless its handlers answer for it.
 */
const NOT_A_DOCUMENT_PAGE: Record<string, Handler> = {
  'GET hpfm /v1/page-schemas/document': (request) => ({ route: request.params?.route, document: false }),
}

export function createFakeEnv(options: {
  handlers: Record<string, Handler>
  user?: Partial<SessionUser>
  /** What the confirm dialog answers (default: confirmed). */
  confirm?: boolean
  /** The page's menu id (sent as H-Menu-Id). */
  menuId?: number
}): FakeEnv {
  const user: SessionUser = { ...fakeUser, ...options.user }
  const i18n = createI18n(user.language)
  const calls: HttpRequest[] = []
  const sent: SentRequest[] = []
  const notices: Notice[] = []
  const navigations: string[] = []
  const confirms: string[] = []
  const missing: string[] = []
  const record =
    (type: Notice['type']) =>
    (message: string, title?: string): void => {
      notices.push({ type, message })
      env.display?.[type](message, title)
    }
  const notifier: Notifier = {
    success: record('success'),
    error: record('error'),
    warning: record('warning'),
    info: record('info'),
  }
  // Stories never leave the page: a navigation or a full page load (e.g. to /exception/501) is only recorded.
  const navigate = (to: string) => void navigations.push(to)
  const browser: BrowserLocation = { assign: navigate, reload: () => undefined, href: () => '/' }
  const http = createHttpClient({
    getAccessToken: () => storyToken,
    getMenuId: () => undefined,
    getNotifier: () => notifier,
    t: (key, vars) => i18n.t(key, vars),
    browser,
    navigate,
    adapter: fixtureAdapter<FakeEnv>({ handlers: () => env.handlers, env: () => env, sent, missing }),
  })
  const base = createRendererEnv({
    http,
    user: toCurrentUser(user),
    i18n,
    notifier: () => notifier,
    confirm: async ({ title }) => {
      confirms.push(title)
      return options.confirm ?? true
    },
    navigate,
    menuId: options.menuId,
  })
  const env: FakeEnv = {
    ...base,
    // The session user as given (createRendererEnv's own would drop an unknown language to zh_CN).
    user,
    request<T>(request: HttpRequest): Promise<T> {
      calls.push(request)
      return base.request<T>(request)
    },
    calls,
    sent,
    notices,
    navigations,
    confirms,
    missing,
    handlers: { ...NOT_A_DOCUMENT_PAGE, ...options.handlers },
    i18n,
  }
  return env
}
