/** Session fixtures shaped like the seeded users (common facts), for shell and route tests. */
import type { CurrentUser, MenuNode, SelfRole, SelfTenant } from '../../renderer/contract/wire'

export const adminUser: CurrentUser = {
  id: 1,
  loginName: 'admin',
  realName: 'Admin',
  organizationId: 1,
  tenantId: 1,
  tenantName: '华东仓储',
  tenantNum: 'WH-EAST',
  currentRoleId: 11,
  currentRoleName: '租户管理员',
  currentRoleCode: 'tenant-admin',
  currentRoleLevel: 'organization',
  language: 'en_US',
  timeZone: 'GMT+8',
  dateFormat: 'YYYY-MM-DD',
  dateTimeFormat: 'YYYY-MM-DD HH:mm:ss',
  timeFormat: 'HH:mm:ss',
  dataHierarchyFlag: 0,
  objectVersionNumber: 1,
}

export const jxsUser: CurrentUser = {
  ...adminUser,
  id: 4,
  loginName: 'jxs',
  realName: 'Dealer',
  currentRoleId: 14,
  currentRoleName: '经销商',
  currentRoleCode: 'jxs',
}

export const adminRoles: SelfRole[] = [
  {
    id: 11,
    name: '租户管理员',
    code: 'tenant-admin',
    level: 'organization',
    tenantId: 1,
    tenantName: '华东仓储',
    tenantNum: 'WH-EAST',
  },
  {
    id: 12,
    name: '租户管理员',
    code: 'tenant-admin',
    level: 'organization',
    tenantId: 2,
    tenantName: '华南仓储',
    tenantNum: 'WH-SOUTH',
  },
  {
    id: 10,
    name: '平台管理员',
    code: 'site-admin',
    level: 'site',
    tenantId: 0,
    tenantName: 'HZERO平台',
    tenantNum: 'HZERO',
  },
]

export const adminTenants: SelfTenant[] = [
  { tenantId: 1, tenantName: '华东仓储', tenantNum: 'WH-EAST', defaultTenantId: 1 },
  { tenantId: 2, tenantName: '华南仓储', tenantNum: 'WH-SOUTH' },
]

const node = (n: Partial<MenuNode> & Pick<MenuNode, 'id' | 'name' | 'type'>): MenuNode => ({
  code: `m${n.id}`,
  level: 'organization',
  parentId: 0,
  sort: n.id,
  ...n,
})

/** Two single-child dirs (they collapse) and one dir with two entries (it stays a group). */
export const adminMenus: MenuNode[] = [
  node({
    id: 100,
    name: 'Master data',
    type: 'dir',
    icon: 'database',
    subMenus: [
      node({
        id: 101,
        parentId: 100,
        name: 'Warehouses',
        type: 'menu',
        route: '/wmdm/warehouse',
        quickIndex: 'CK',
      }),
    ],
  }),
  node({
    id: 200,
    name: 'Inventory',
    type: 'dir',
    subMenus: [
      node({
        id: 201,
        parentId: 200,
        name: 'Dealer outbound orders',
        type: 'menu',
        route: '/winv/jxsOutboundOrder',
        quickIndex: 'JXS',
      }),
    ],
  }),
  node({
    id: 300,
    name: 'Platform',
    type: 'dir',
    icon: 'setting',
    subMenus: [
      node({
        id: 301,
        parentId: 300,
        name: 'Value sets',
        type: 'menu',
        route: '/hpfm/lov-view',
        quickIndex: 'ZJ',
      }),
      node({ id: 302, parentId: 300, name: 'Prompts', type: 'menu', route: '/hpfm/prompt' }),
    ],
  }),
]

/** Page files as the eager glob sees them (file → route). */
export const fixturePageIndex: Record<string, string> = {
  'schemas/pages/wmdm/warehouse.page.json': '/wmdm/warehouse',
  'schemas/pages/wmdm/warehouse-detail.page.json': '/wmdm/warehouse/detail/{warehouseId}',
  'schemas/pages/winv/jxs-outbound-order.page.json': '/winv/jxsOutboundOrder',
  'schemas/pages/hpfm/common-data-import.page.json': '/hpfm/common-data-import/{code}',
  'schemas/pages/hrpt/data-set.page.json': '/hrpt/data-set',
}

/** The dealer sees only the dealer outbound orders. */
export const jxsMenus: MenuNode[] = [
  node({
    id: 201,
    name: 'Dealer outbound orders',
    type: 'menu',
    route: '/winv/jxsOutboundOrder',
    quickIndex: 'JXS',
  }),
]
