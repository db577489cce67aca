/**
 * Renders one schema page in its host (SchemaPageHost) with the real services and a signed-in session, the
 * network a fake server: for tests of what the host does around a page (errors, live reloads, the designer's
 * entry). The caller disposes of the returned caches after the test.
 */
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import type { MenuNode } from '../../renderer/contract/wire'
import { toSessionUser } from '../http/renderer-env'
import { createI18n } from '../locales/i18n'
import { buildRouteTable } from '../routes/route-table'
import SchemaPageHost from '../routes/SchemaPageHost'
import { createAppServices, type AppServices } from '../stores/app-services'
import { ServicesContext, SessionContext } from '../stores/contexts'
import { createSessionCaches } from '../stores/session-caches'
import { CurrentPage } from '../tabs/kept-page'
import type { FakeHandler } from './fake-adapter'
import { fakeServer } from './fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from './fixtures'

export interface PageHostOptions {
  file: string
  handler: FakeHandler
  menuId?: number
  menus?: MenuNode[]
  /** Page files and their routes (default: the fixtures' index). */
  pageIndex?: Record<string, string>
  /** Changes the services before the page renders (e.g. a recording router). */
  prepare?: (services: AppServices) => void
}

export function renderPageHost(options: PageHostOptions) {
  const server = fakeServer(options.handler)
  const services = createAppServices({ i18n: createI18n('en_US'), adapter: server.adapter })
  options.prepare?.(services)
  const caches = createSessionCaches(services.http, () => toSessionUser(adminUser))
  const menus = options.menus ?? adminMenus
  const session = {
    user: adminUser,
    roles: adminRoles,
    tenants: adminTenants,
    menus,
    language: 'en_US' as const,
    layoutSettings: {},
    routes: buildRouteTable(menus, options.pageIndex ?? fixturePageIndex),
    caches,
  }
  const view = render(
    <ServicesContext.Provider value={services}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <CurrentPage>
            <SchemaPageHost
              file={options.file}
              menuId={options.menuId ?? 1}
              params={{}}
              search={new URLSearchParams()}
            />
          </CurrentPage>
        </MemoryRouter>
      </SessionContext.Provider>
    </ServicesContext.Provider>,
  )
  return { view, services, caches, server }
}
