/**
 * Renders the signed-in app at `path` with the real providers, routes and HTTP client; the network is a
 * fake server and the browser location a recorder, so tests see what the user sees and what is sent.
 */
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import type { CurrentUser, MenuNode, SelfRole, SelfTenant } from '../../renderer/contract/wire'
import { createI18n, toLanguage } from '../locales/i18n'
import { signedInRoutes } from '../routes/app-routes'
import { homePathOf } from '../routes/home'
import { buildRouteTable } from '../routes/route-table'
import { saveLayoutSettings } from '../settings/layout-settings-api'
import type { BrowserLocation } from '../session/login'
import { AppRoot } from '../shell/AppRoot'
import { createAppServices } from '../stores/app-services'
import { SessionContext } from '../stores/contexts'
import { createSessionCaches } from '../stores/session-caches'
import { toSessionUser } from '../http/renderer-env'
import { fakeServer, type FakeHandler } from './fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from './fixtures'

export interface RecordingBrowser extends BrowserLocation {
  visited: string[]
  reloads: number
}

export function recordingBrowser(href = 'http://wms.test/workplace'): RecordingBrowser {
  const browser: RecordingBrowser = {
    visited: [],
    reloads: 0,
    assign: (url) => void browser.visited.push(url),
    reload: () => void (browser.reloads += 1),
    href: () => href,
  }
  return browser
}

export interface SignedInOptions {
  path?: string
  user?: CurrentUser
  roles?: SelfRole[]
  tenants?: SelfTenant[]
  menus?: MenuNode[]
  handler?: FakeHandler
  /** What the server has stored for the user (GET users/self/layout-settings). */
  layoutSettings?: unknown
  /** The shell's start-up permission answers (code → approved). */
  startPermissions?: Record<string, boolean>
  /** Page files and their routes (default: the fixtures' index). */
  pageIndex?: Record<string, string>
}

export function renderSignedIn(options: SignedInOptions = {}) {
  const user = options.user ?? adminUser
  const language = toLanguage(user.language)
  const browser = recordingBrowser()
  const server = fakeServer(options.handler ?? (() => ({ status: 200, body: {} })))
  const services = createAppServices({ i18n: createI18n(language), browser, adapter: server.adapter })
  services.layout.load(options.layoutSettings ?? {}, (settings) =>
    saveLayoutSettings(services.http, settings),
  )
  const menus = options.menus ?? adminMenus
  const routes = buildRouteTable(menus, options.pageIndex ?? fixturePageIndex)
  const router = createMemoryRouter(signedInRoutes(routes, user.currentRoleCode, homePathOf(user, routes)), {
    initialEntries: [options.path ?? '/workplace'],
  })
  services.router.navigate = (to, navigateOptions) => void router.navigate(to, navigateOptions)
  const session = {
    user,
    roles: options.roles ?? adminRoles,
    tenants: options.tenants ?? adminTenants,
    menus,
    language,
    routes,
    layoutSettings: options.layoutSettings ?? {},
    startPermissions: options.startPermissions ?? {},
    caches: createSessionCaches(services.http, () => toSessionUser(user)),
  }
  const view = render(
    <AppRoot services={services}>
      {() => (
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      )}
    </AppRoot>,
  )
  return { ...view, router, sent: server.sent, browser, services, user: userEvent.setup() }
}
