import { act, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import type { LovView } from '../../renderer/contract/lov-view'
import { toSessionUser } from '../http/renderer-env'
import { createI18n } from '../locales/i18n'
import { createAppServices } from '../stores/app-services'
import { ServicesContext, SessionContext } from '../stores/contexts'
import { createSessionCaches, type SessionCaches } from '../stores/session-caches'
import { fakeServer, type SentRequest } from '../test-support/fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from '../test-support/fixtures'
import { buildRouteTable } from './route-table'
import SchemaPageHost from './SchemaPageHost'
import { CurrentPage } from '../tabs/kept-page'

const view: LovView = {
  viewCode: 'HITF.CHARGE_SET',
  viewName: 'Warehouse',
  lovCode: 'HITF.CHARGE_SET',
  lovName: 'Warehouse',
  lovTypeCode: 'URL',
  queryUrl: '/wmdm/v1/{organizationId}/warehouses',
  requestMethod: 'GET',
  valueField: 'warehouseId',
  displayField: 'warehouseName',
  title: 'Warehouse',
  width: 720,
  pageSize: 20,
  delayLoadFlag: 0,
  queryFields: [],
  tableFields: [{ title: 'Warehouse', dataIndex: 'warehouseName', dataType: 'STRING' }],
}

/** A real create form whose Lov field uses the view HITF.CHARGE_SET; both test pages serve it. */
const pageSource = readFileSync(resolve('schemas/pages/hitf/charge-group-create.page.json'), 'utf8')

let caches: SessionCaches | undefined
afterEach(() => caches?.dispose())

function setUp() {
  const server = fakeServer((request) => {
    const url = new URL(request.url, 'http://wms.test')
    if (url.pathname === '/api/hpfm/v1/page-schemas/page') {
      const file = url.searchParams.get('file') ?? ''
      const route = fixturePageIndex[file] ?? '/x'
      return { status: 200, body: { file, route, kind: 'form', source: pageSource } }
    }
    if (url.pathname.endsWith('/lov-view/info')) return { status: 200, body: view }
    if (url.pathname.endsWith('/menus/check-permissions')) return { status: 200, body: [] }
    return { status: 200, body: { content: [], totalElements: 0 } }
  })
  const services = createAppServices({ i18n: createI18n('en_US'), adapter: server.adapter })
  caches = createSessionCaches(services.http, () => toSessionUser(adminUser))
  const session = {
    user: adminUser,
    roles: adminRoles,
    tenants: adminTenants,
    menus: adminMenus,
    language: 'en_US' as const,
    layoutSettings: {},
    routes: buildRouteTable(adminMenus, fixturePageIndex),
    caches,
  }
  const host = (file: string) => (
    <ServicesContext.Provider value={services}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <CurrentPage>
            <SchemaPageHost key={file} file={file} menuId={1} params={{}} search={new URLSearchParams()} />
          </CurrentPage>
        </MemoryRouter>
      </SessionContext.Provider>
    </ServicesContext.Provider>
  )
  const infoCalls = () => server.sent.filter((r: SentRequest) => r.url.includes('/lov-view/info'))
  return { host, infoCalls }
}

test('two pages with a Lov of the same view read its definition once in the session', async () => {
  const { host, infoCalls } = setUp()
  const first = render(host('schemas/pages/wmdm/warehouse.page.json'))
  await screen.findByRole('combobox', { name: 'Default charge set' })
  await waitFor(() => expect(infoCalls()).toHaveLength(1))
  first.unmount()

  // Another page, mounted afresh (its own environment and RendererProvider), with the same view.
  render(host('schemas/pages/winv/jxs-outbound-order.page.json'))
  await screen.findByRole('combobox', { name: 'Default charge set' })
  await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 50))))
  expect(infoCalls()).toHaveLength(1)
  expect(infoCalls()[0]?.url).toContain('viewCode=HITF.CHARGE_SET')
})

test('after sign-out the session caches are empty: the next page reads the definition again', async () => {
  const { host, infoCalls } = setUp()
  const first = render(host('schemas/pages/wmdm/warehouse.page.json'))
  await waitFor(() => expect(infoCalls()).toHaveLength(1))
  first.unmount()
  caches?.reset()
  expect(caches?.lovViews.cached('HITF.CHARGE_SET')).toBeUndefined()
  render(host('schemas/pages/winv/jxs-outbound-order.page.json'))
  await waitFor(() => expect(infoCalls()).toHaveLength(2))
})
