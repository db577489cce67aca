/**
 * Renders a part of the shell as the signed-in app would: the app services on a fake server (tenant list,
 * switches and settings answered like the reference server), i18n, the antd theme, the session and a router.
 */
import { useMemo, type ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import type { CurrentUser, Language, SelfTenant } from '../../renderer/contract/wire'
import { createI18n, toLanguage } from '../../src/locales/i18n'
import { buildRouteTable } from '../../src/routes/route-table'
import type { BrowserLocation } from '../../src/session/login'
import { AppRoot } from '../../src/shell/AppRoot'
import { createAppServices, type AppServices } from '../../src/stores/app-services'
import { SessionContext } from '../../src/stores/contexts'
import { answerHierarchyCall } from '../fixtures/data-hierarchy-backend'
import { fakeServer, type SentRequest } from '../../src/test-support/fake-adapter'
import {
  adminMenus,
  adminRoles,
  adminTenants,
  adminUser,
  fixturePageIndex,
} from '../../src/test-support/fixtures'

export interface ShellHarnessProps {
  user?: CurrentUser
  tenants?: SelfTenant[]
  path?: string
  children: ReactNode
}

/** The last harness's services, so a test can read what was sent. */
export let lastHarness: { services: AppServices; sent: SentRequest[] } | undefined

// Stories never leave the page: a switch that would reload is only recorded.
const storyBrowser: BrowserLocation = { assign: () => undefined, reload: () => undefined, href: () => '/' }

export function ShellHarness({
  user = adminUser,
  tenants = adminTenants,
  path = '/workplace',
  children,
}: ShellHarnessProps) {
  const { services, session } = useMemo(() => {
    const language: Language = toLanguage(user.language)
    const server = fakeServer((request) => {
      if (request.method === 'GET' && request.url.endsWith('/users/self-tenants'))
        return { status: 200, body: tenants }
      if (request.url.includes('/data-hierarchies/')) return answerHierarchyCall(request.method, request.url)
      if (request.method === 'PUT') return { status: 200, body: {} }
      return undefined
    })
    const created = createAppServices({
      i18n: createI18n(language),
      browser: storyBrowser,
      adapter: server.adapter,
    })
    created.layout.load({})
    lastHarness = { services: created, sent: server.sent }
    const routes = buildRouteTable(adminMenus, fixturePageIndex)
    return {
      services: created,
      session: { user, roles: adminRoles, tenants, menus: adminMenus, language, routes, layoutSettings: {} },
    }
  }, [user, tenants])
  return (
    <AppRoot services={services}>
      {() => (
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </SessionContext.Provider>
      )}
    </AppRoot>
  )
}
