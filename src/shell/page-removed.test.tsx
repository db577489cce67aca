/**
 * A page file removed while the server runs (issue 22, live files): the `page-schema-changed` frame saying so
 * makes the open shell drop the file's route and menu entry without a reload; the open tab shows the "no page"
 * panel, and so does its address opened again. A file whose route moved loses its old route the same way.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n } from '../locales/i18n'
import { withoutChangedRoutes } from '../routes/menu-refresh'
import { dispatchPageChange } from '../routes/page-changes'
import { buildRouteTable } from '../routes/route-table'
import { createAppServices } from '../stores/app-services'
import { fakeServer } from '../test-support/fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from '../test-support/fixtures'
import { recordingBrowser } from '../test-support/render-signed-in'
import { AppRoot } from './AppRoot'
import { SignedInApp } from './SignedInApp'

const FILE = 'schemas/pages/wmdm/warehouse.page.json'
const ROUTE = '/wmdm/warehouse'
const pageFrame = (change: Record<string, unknown>) => ({
  key: 'page-schema-changed',
  type: 'S' as const,
  message: JSON.stringify({ type: 'page-schema-changed', file: FILE, version: 7, errors: 0, ...change }),
})
const NO_PAGE = `Page file ${FILE} was not found: pick another menu entry, or ask an administrator to add the file`

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the route table after a page change', () => {
  const table = buildRouteTable(adminMenus, fixturePageIndex)
  const paths = (t: typeof table) => t.pages.map((page) => page.path)
  const menuRoutes = (t: typeof table): string[] =>
    JSON.stringify(t.menu)
      .match(/"route":"[^"]*"/g)
      ?.map((r) => r.slice(9, -1)) ?? []

  it("loses a removed file's routes and menu entries, and keeps the rest", () => {
    const after = withoutChangedRoutes(table, {
      type: 'page-schema-changed',
      file: `./${FILE}`,
      route: '',
      previousRoute: ROUTE,
      version: 7,
      outcome: 'removed',
      errors: 0,
    })
    expect(paths(table)).toContain(ROUTE)
    expect(paths(after)).not.toContain(ROUTE)
    expect(menuRoutes(after)).not.toContain(ROUTE)
    expect(paths(after)).toEqual(paths(table).filter((path) => path !== ROUTE))
    expect(menuRoutes(after)).toContain('/winv/jxsOutboundOrder')
  })

  it("loses a moved file's old route; an applied change that keeps its route changes nothing", () => {
    const change = { type: 'page-schema-changed' as const, file: FILE, version: 8, errors: 0 }
    const moved = withoutChangedRoutes(table, {
      ...change,
      route: '/wmdm/stores',
      previousRoute: ROUTE,
      outcome: 'applied',
    })
    expect(paths(moved)).not.toContain(ROUTE)
    expect(withoutChangedRoutes(table, { ...change, route: ROUTE, outcome: 'applied' })).toBe(table)
  })
})

describe('the signed-in shell', () => {
  it('drops the route and menu entry of a removed page file without a reload: its tab shows the no-page panel', async () => {
    window.history.replaceState(null, '', ROUTE)
    const server = fakeServer((req) => {
      const path = req.url.split('?')[0]
      if (path === '/api/iam/hzero/v1/users/self') return { status: 200, body: adminUser }
      if (path === '/api/iam/hzero/v1/member-roles/self-roles') return { status: 200, body: adminRoles }
      if (path === '/api/iam/hzero/v1/users/self-tenants') return { status: 200, body: adminTenants }
      if (path === '/api/iam/hzero/v1/menus/tree') return { status: 200, body: adminMenus }
      if (path === '/api/hpfm/v1/page-schemas')
        return {
          status: 200,
          body: Object.entries(fixturePageIndex).map(([file, route]) => ({
            file,
            route,
            kind: 'list',
            errors: 0,
          })),
        }
      return { status: 200, body: {} }
    })
    const browser = recordingBrowser()
    const services = createAppServices({ i18n: createI18n('en_US'), browser, adapter: server.adapter })
    render(
      <AppRoot services={services}>{(setLanguage) => <SignedInApp setLanguage={setLanguage} />}</AppRoot>,
    )
    const entry = () => screen.queryAllByRole('menuitem', { name: /Warehouses/ })
    await waitFor(() => expect(entry()).not.toHaveLength(0), { timeout: 20_000 })
    expect(screen.queryByText(NO_PAGE)).toBeNull()

    act(() => void dispatchPageChange(pageFrame({ route: '', previousRoute: ROUTE, outcome: 'removed' })))
    expect((await screen.findAllByText(NO_PAGE, undefined, { timeout: 10_000 })).length).toBeGreaterThan(0)
    await waitFor(() => expect(entry()).toHaveLength(0))
    expect(window.location.pathname).toBe(ROUTE)
    expect(browser.reloads).toBe(0)

    // Its address opened again shows the panel too (the router keeps the path; the page is gone).
    act(() => services.router.navigate?.('/workplace'))
    await waitFor(() => expect(window.location.pathname).toBe('/workplace'))
    act(() => services.router.navigate?.(ROUTE))
    await waitFor(() => expect(window.location.pathname).toBe(ROUTE))
    expect((await screen.findAllByText(NO_PAGE)).length).toBeGreaterThan(0)
  }, 60_000)
})
