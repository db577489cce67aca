import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import type { HttpRequest } from '../../renderer/index'
import { toSessionUser } from '../../src/http/renderer-env'
import { createI18n } from '../../src/locales/i18n'
import { AppRoot } from '../../src/shell/AppRoot'
import { createAppServices } from '../../src/stores/app-services'
import { SessionContext } from '../../src/stores/contexts'
import { createSessionCaches } from '../../src/stores/session-caches'
import { CurrentPage } from '../../src/tabs/kept-page'
import { adminMenus, adminRoles, adminTenants, adminUser } from '../../src/test-support/fixtures'
import { buildRouteTable } from '../../src/routes/route-table'
import { lookupBatch, permissionCheck } from '../../stories/fixtures/lookups'
import { fixtureAdapter } from '../../stories/support/fixture-adapter'
import type { FakeEnv } from '../../stories/support/fake-env'
import { listPage, rows } from '../browser/fixtures'

/**
 * What every page of the app runs in, for both cases of measure 1: the app's providers (AppRoot: antd theme and
 * locale, i18next, the app services with their HTTP client), the signed-in session and the router's page outlet.
 * The HTTP client's adapter answers in-process, at once, what the platform server would.
 */
export const FILE = 'schemas/pages/bench/list.page.json'
export const data = rows(500)
export const page = listPage()
const env = { user: { ...toSessionUser(adminUser), language: 'en_US' } } as unknown as FakeEnv

/** What the platform server answers, at once: the page file with its verdict, the rows, value sets, codes. */
const handlers: Record<string, (request: HttpRequest, env: FakeEnv) => unknown> = {
  'GET hpfm /v1/page-schemas/page': () => ({
    file: FILE,
    route: page.route,
    kind: page.kind,
    source: JSON.stringify(page, null, 2),
    issues: [],
  }),
  'GET wms /v1/1/bench': (request) => {
    const number = Number(request.params?.page ?? 0)
    const size = Number(request.params?.size ?? 10)
    const content = data.slice(number * size, number * size + size)
    return {
      content,
      totalElements: data.length,
      totalPages: Math.ceil(data.length / size),
      number,
      size,
      numberOfElements: content.length,
    }
  },
  'GET hpfm /v1/1/lovs/value/batch': lookupBatch,
  'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
}

const services = createAppServices({
  i18n: createI18n('en_US'),
  adapter: fixtureAdapter({ handlers: () => handlers, env: () => env, sent: [], missing: [] }),
})
const caches = createSessionCaches(services.http, () => toSessionUser(adminUser))
const session = {
  user: { ...adminUser, language: 'en_US' as const },
  roles: adminRoles,
  tenants: adminTenants,
  menus: adminMenus,
  language: 'en_US' as const,
  layoutSettings: {},
  routes: buildRouteTable(adminMenus, { [FILE]: page.route }),
  caches,
}

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <AppRoot services={services}>
      {() => (
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[page.route]}>
            <CurrentPage>{children}</CurrentPage>
          </MemoryRouter>
        </SessionContext.Provider>
      )}
    </AppRoot>
  )
}
