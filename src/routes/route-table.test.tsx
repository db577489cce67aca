import { matchRoutes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire'
import { adminMenus, fixturePageIndex, jxsMenus } from '../test-support/fixtures'
import { signedInRoutes } from './app-routes'
import { homePathFor } from './home'
import { buildRouteTable, isAuthorizedRoute, leafEntries } from './route-table'

const menuNode = (n: Partial<MenuNode> & Pick<MenuNode, 'id' | 'name' | 'type'>): MenuNode => ({
  code: `m${n.id}`,
  level: 'organization',
  parentId: 0,
  sort: 0,
  ...n,
})

describe('buildRouteTable (CORE-ROUTE-01..04)', () => {
  const table = buildRouteTable(adminMenus, fixturePageIndex)

  it('registers exactly the menu routes that match a page file, with their menu ids', () => {
    const visible = table.pages.filter((p) => !p.hidden)
    expect(visible.map((p) => [p.path, p.file, p.menuId])).toEqual([
      ['/wmdm/warehouse', 'schemas/pages/wmdm/warehouse.page.json', 101],
      ['/winv/jxsOutboundOrder', 'schemas/pages/winv/jxs-outbound-order.page.json', 201],
    ])
    // hrpt/data-set has a page file but is not in this role's menu: not a route
    expect(table.pages.some((p) => p.path === '/hrpt/data-set')).toBe(false)
  })

  it('makes page files that extend a menu route hidden sub-pages under that menu id', () => {
    expect(table.pages.find((p) => p.hidden)).toEqual({
      path: '/wmdm/warehouse/detail/:warehouseId',
      file: 'schemas/pages/wmdm/warehouse-detail.page.json',
      menuId: 101,
      title: 'Warehouses',
      hidden: true,
      fixedParams: {},
    })
    const names = leafEntries(table.menu).map((e) => e.route)
    expect(names).not.toContain('/wmdm/warehouse/detail/:warehouseId')
  })

  it('collapses a single child chain to the child and keeps real groups', () => {
    expect(table.menu.map((e) => e.name)).toEqual(['Warehouses', 'Dealer outbound orders', 'Platform'])
    expect(table.menu[0]).toMatchObject({
      id: 101,
      route: '/wmdm/warehouse',
      icon: 'database',
      hasPage: true,
    })
    expect(table.menu[2]?.children?.map((e) => e.name)).toEqual(['Value sets', 'Prompts'])
  })

  it('collapses a chain of several levels into one entry for the leaf', () => {
    const chain = [
      menuNode({
        id: 1,
        name: 'A',
        type: 'dir',
        subMenus: [
          menuNode({
            id: 2,
            name: 'B',
            type: 'dir',
            subMenus: [menuNode({ id: 3, name: 'C', type: 'menu', route: '/wmdm/warehouse' })],
          }),
        ],
      }),
    ]
    const { menu } = buildRouteTable(chain, fixturePageIndex)
    expect(menu).toHaveLength(1)
    expect(menu[0]).toMatchObject({ id: 3, name: 'C', route: '/wmdm/warehouse' })
    expect(menu[0]?.children).toBeUndefined()
  })

  it('keeps a menu whose route matches no page file in the menu, without a page', () => {
    const valueSets = table.menu[2]?.children?.[0]
    expect(valueSets).toMatchObject({ route: '/hpfm/lov-view', hasPage: false })
    expect(table.pages.some((p) => p.path === '/hpfm/lov-view')).toBe(false)
  })

  it('matches a concrete menu route to a parameterised page pattern', () => {
    const imports = [
      menuNode({
        id: 9,
        name: 'Import warehouses',
        type: 'menu',
        route: '/hpfm/common-data-import/WMDM.WAREHOUSE?x=1',
      }),
    ]
    const { pages } = buildRouteTable(imports, fixturePageIndex)
    expect(pages).toEqual([
      expect.objectContaining({
        path: '/hpfm/common-data-import/WMDM.WAREHOUSE',
        fixedParams: { code: 'WMDM.WAREHOUSE' },
      }),
    ])
  })
})

describe('signed-in routes', () => {
  const table = buildRouteTable(adminMenus, fixturePageIndex)
  const leaf = (path: string, roleCode = 'tenant-admin') => {
    const matches = matchRoutes(signedInRoutes(table, roleCode), path) ?? []
    const last = matches[matches.length - 1]
    return {
      path: last?.route.path,
      params: last?.params,
      element: last?.route.element as { props: Record<string, unknown> } | undefined,
    }
  }

  it('routes menu pages and sub-pages with their params', () => {
    expect(leaf('/wmdm/warehouse').path).toBe('/wmdm/warehouse')
    expect(leaf('/wmdm/warehouse/detail/7')).toMatchObject({
      path: '/wmdm/warehouse/detail/:warehouseId',
      params: { warehouseId: '7' },
    })
  })

  it('sends unknown paths and menu routes without a page to /404', () => {
    for (const path of ['/no-such-page', '/hpfm/lov-view', '/hrpt/data-set']) {
      const found = leaf(path)
      expect(found.path, path).toBe('*')
      expect(found.element?.props.to, path).toBe('/404')
    }
    expect(leaf('/404').path).toBe('/404')
    expect(leaf('/exception/404').path).toBe('/exception/404')
  })

  it('home is /workplace, or the dealer outbound orders for jxs, who never gets /workplace', () => {
    expect(homePathFor('tenant-admin')).toBe('/workplace')
    expect(homePathFor('wh-clerk')).toBe('/workplace')
    expect(homePathFor('jxs')).toBe('/winv/jxsOutboundOrder')
    expect(leaf('/', 'tenant-admin').element?.props.to).toBe('/workplace')
    expect(leaf('/', 'jxs').element?.props.to).toBe('/winv/jxsOutboundOrder')
    expect(leaf('/workplace', 'jxs').element?.props.to).toBe('/winv/jxsOutboundOrder')
    expect(leaf('/workplace', 'tenant-admin').element?.props.to).toBeUndefined()
  })
})

describe('authorized routes (CORE-PERM-05)', () => {
  const index = {
    ...fixturePageIndex,
    'schemas/pages/ets/express.page.json': '/ets/express',
    'schemas/pages/ets/delivery-progress-import.page.json': '/ets/delivery-progress/import/{code}',
    'schemas/pages/ets/logisticsScreen.page.json': '/pub/logistics-screen',
  }

  it('routes every /ets page and /pub/logistics-screen for a role without their menus, outside its menu', () => {
    const table = buildRouteTable(jxsMenus, index)
    const matched = (path: string) => {
      const matches = matchRoutes(signedInRoutes(table, 'jxs'), path) ?? []
      return matches[matches.length - 1]?.route.path
    }
    expect(matched('/ets/express')).toBe('/ets/express')
    expect(matched('/pub/logistics-screen')).toBe('/pub/logistics-screen')
    expect(matched('/ets/delivery-progress/import/ETS.DELIVERY_PROGRESS')).toBe(
      '/ets/delivery-progress/import/:code',
    )
    expect(table.pages.find((p) => p.path === '/ets/express')).toMatchObject({
      file: 'schemas/pages/ets/express.page.json',
      menuId: 0,
      hidden: true,
      authorized: true,
    })
    // not in the menu, and other modules' pages stay menu-only
    expect(leafEntries(table.menu).map((e) => e.route)).toEqual(['/winv/jxsOutboundOrder'])
    expect(matched('/hrpt/data-set')).toBe('*')
  })

  it('keeps the menu entry (its id and title) when the role has one', () => {
    const menus = [menuNode({ id: 77, name: 'Express query', type: 'menu', route: '/ets/express' })]
    const pages = buildRouteTable(menus, index).pages.filter((p) => p.path === '/ets/express')
    expect(pages).toEqual([expect.objectContaining({ menuId: 77, title: 'Express query', hidden: false })])
    expect(pages[0]?.authorized).toBeUndefined()
  })

  it('names the authorized routes exactly', () => {
    expect(['/ets/express', '/ets/delivery-progress', '/pub/logistics-screen'].every(isAuthorizedRoute)).toBe(
      true,
    )
    expect(
      ['/etsx', '/ets', '/pub/other', '/wmdm/warehouse', '/public/express'].some(isAuthorizedRoute),
    ).toBe(false)
  })
})
