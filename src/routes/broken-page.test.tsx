/**
 * Issue 22: a page file that is not JSON showed "page does not exist" (or a bare parse message). The server
 * serves it at its route with its verdict; the page shows the error panel: file, line, column and what to fix.
 */
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, expect, test } from 'vitest'
import type { SchemaIssue } from '../../renderer/schema/issue'
import { toSessionUser } from '../http/renderer-env'
import { createI18n } from '../locales/i18n'
import { createAppServices } from '../stores/app-services'
import { ServicesContext, SessionContext } from '../stores/contexts'
import { createSessionCaches, type SessionCaches } from '../stores/session-caches'
import { fakeServer } from '../test-support/fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from '../test-support/fixtures'
import { CurrentPage } from '../tabs/kept-page'
import { buildRouteTable } from './route-table'
import SchemaPageHost from './SchemaPageHost'

const file = 'schemas/pages/zz/broken.page.json'
const issue: SchemaIssue = {
  file,
  line: 4,
  column: 1,
  pointer: '',
  severity: 'error',
  message: 'not valid JSON: Expected double-quoted property name',
  suggestion: "remove the comma before this '}'",
}

let caches: SessionCaches | undefined
afterEach(() => caches?.dispose())

test('a page whose text is not JSON shows the error panel with the line and the fix', async () => {
  const server = fakeServer((request) => {
    const url = new URL(request.url, 'http://wms.test')
    if (url.pathname === '/api/hpfm/v1/page-schemas/page')
      return {
        status: 200,
        body: {
          file,
          route: '/zz/broken',
          kind: '',
          source: '{\n  "kind": "list",\n  "route": "/zz/broken",\n}\n',
          issues: [issue],
        },
      }
    return { status: 200, body: [] }
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
  render(
    <ServicesContext.Provider value={services}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <CurrentPage>
            <SchemaPageHost file={file} menuId={1} params={{}} search={new URLSearchParams()} />
          </CurrentPage>
        </MemoryRouter>
      </SessionContext.Provider>
    </ServicesContext.Provider>,
  )
  const panel = await screen.findByRole('alert')
  expect(panel).toHaveTextContent(`${file}:4:1`)
  expect(panel).toHaveTextContent('not valid JSON: Expected double-quoted property name')
  expect(panel).toHaveTextContent("remove the comma before this '}'")
})
