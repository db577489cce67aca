/**
 * Issue 22: the page designer is opened from the page itself — "Design this page" below a schema page, for a
 * role whose menus reach the designer (a sub-page of the schema playground's entry), leading to the designer
 * with the page's route. A role without that entry sees no link.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { afterEach, expect, test, vi } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire'
import type { SessionCaches } from '../stores/session-caches'
import { adminMenus, fixturePageIndex } from '../test-support/fixtures'
import { renderPageHost } from '../test-support/render-page-host'

const WAREHOUSE = 'schemas/pages/wmdm/warehouse.page.json'
const source = readFileSync(WAREHOUSE, 'utf8')
const playground: MenuNode = {
  id: 900,
  code: 'm900',
  level: 'organization',
  parentId: 0,
  sort: 900,
  name: 'Schema playground',
  type: 'menu',
  route: '/hpfm/schema-playground',
}
const pageIndex = {
  ...fixturePageIndex,
  'schemas/pages/hpfm/schema-playground.page.json': '/hpfm/schema-playground',
  'schemas/pages/hpfm/page-designer.page.json': '/hpfm/schema-playground/designer',
}

let caches: SessionCaches | undefined
afterEach(() => caches?.dispose())

function renderWarehouse(menus: MenuNode[]) {
  const navigate = vi.fn()
  ;({ caches } = renderPageHost({
    file: WAREHOUSE,
    menuId: 101,
    menus,
    pageIndex,
    prepare: (services) => void (services.router.navigate = navigate),
    handler: (request) => {
      const url = new URL(request.url, 'http://wms.test')
      if (url.pathname === '/api/hpfm/v1/page-schemas/page')
        return { status: 200, body: { file: WAREHOUSE, route: '/wmdm/warehouse', kind: 'list', source } }
      if (url.pathname.endsWith('/menus/check-permissions')) return { status: 200, body: [] }
      if (url.pathname.includes('filter-template')) return { status: 200, body: [] }
      return { status: 200, body: { content: [], totalElements: 0 } }
    },
  }))
  return navigate
}

test('a role that reaches the designer opens it from the page, with the page route', async () => {
  const navigate = renderWarehouse([...adminMenus, playground])
  await userEvent.click(await screen.findByRole('button', { name: 'Design this page' }, { timeout: 15000 }))
  expect(navigate).toHaveBeenCalledWith('/hpfm/schema-playground/designer?route=%2Fwmdm%2Fwarehouse')
})

test('a role without the playground entry sees no designer link', async () => {
  renderWarehouse(adminMenus)
  expect(await screen.findAllByText('Warehouse code', {}, { timeout: 15000 })).not.toHaveLength(0)
  expect(screen.queryByRole('button', { name: 'Design this page' })).toBeNull()
})
