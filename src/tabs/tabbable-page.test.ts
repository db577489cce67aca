import { describe, expect, it } from 'vitest'
import { buildRouteTable } from '../routes/route-table'
import { adminMenus, fixturePageIndex } from '../test-support/fixtures'
import { findTabbablePage, pathnameOf } from './tabbable-page'

describe('which addresses get a tab', () => {
  const table = buildRouteTable(adminMenus, fixturePageIndex)
  const home = { path: '/workplace', title: 'Workplace' }

  it('menu pages with their menu id, sub-pages with their list page, home; nothing else', () => {
    expect(findTabbablePage('/wmdm/warehouse', table, home)).toEqual({
      routeTitle: 'Warehouses',
      menuId: 101,
      listPath: undefined,
    })
    expect(findTabbablePage('/wmdm/warehouse/detail/7', table, home)).toEqual({
      routeTitle: 'Warehouses',
      menuId: 101,
      listPath: '/wmdm/warehouse',
    })
    expect(findTabbablePage('/workplace', table, home)).toEqual({ routeTitle: 'Workplace' })
    expect(findTabbablePage('/404', table, home)).toBeUndefined()
    expect(findTabbablePage('/exception/500', table, home)).toBeUndefined()
    expect(pathnameOf('/wmdm/warehouse?page=2')).toBe('/wmdm/warehouse')
  })
})
