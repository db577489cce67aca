import { Value } from '@sinclair/typebox/value'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire.ts'
import { CurrentUserSchema, MenuNodeSchema, SelfRoleSchema } from '../../renderer/contract/wire-schemas.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

const names = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((node) => [node.name, ...names(node.subMenus ?? [])])

describe('current user', () => {
  it('users/self answers the wire shape with the current tenant and role', async () => {
    const user = (await call('admin', 'GET', '/api/iam/hzero/v1/users/self')).json()
    expect(Value.Check(CurrentUserSchema, user)).toBe(true)
    expect(user).toMatchObject({
      loginName: 'admin',
      tenantId: 1,
      tenantNum: 'WH-EAST',
      currentRoleCode: 'tenant-admin',
      currentRoleLevel: 'organization',
    })
  })

  it('self-roles lists every role with its tenant; self-tenants marks the default', async () => {
    const roles = (await call('admin', 'GET', '/api/iam/hzero/v1/member-roles/self-roles')).json()
    expect(roles.every((role: unknown) => Value.Check(SelfRoleSchema, role))).toBe(true)
    expect(roles.map((r: { code: string; tenantId: number }) => `${r.code}@${r.tenantId}`).sort()).toEqual([
      'site-admin@0',
      'tenant-admin@1',
      'tenant-admin@2',
    ])
    const tenants = (await call('admin', 'GET', '/api/iam/hzero/v1/users/self-tenants')).json()
    expect(tenants.find((t: { tenantId: number }) => t.tenantId === 1)).toMatchObject({
      tenantName: '华东仓储',
      defaultTenantId: 1,
    })
    expect(tenants.find((t: { tenantId: number }) => t.tenantId === 2).defaultTenantId).toBeUndefined()
  })
})

describe('switching', () => {
  it('switches tenant (keeping the role code) and role; refuses what the user does not hold', async () => {
    expect((await call('admin', 'PUT', '/api/iam/v1/users/tenant-id?tenantId=2')).statusCode).toBe(200)
    const inSouth = (await call('admin', 'GET', '/api/iam/hzero/v1/users/self')).json()
    expect(inSouth).toMatchObject({ tenantId: 2, tenantName: '华南仓储', currentRoleCode: 'tenant-admin' })
    const southRows = (await call('admin', 'GET', '/api/wms/v1/2/warehouses?size=50')).json()
    expect(southRows.totalElements).toBe(12)

    const site = (await call('admin', 'GET', '/api/iam/hzero/v1/member-roles/self-roles'))
      .json()
      .find((r: { code: string }) => r.code === 'site-admin')
    expect((await call('admin', 'PUT', `/api/iam/v1/users/roles?roleId=${site.id}`)).statusCode).toBe(200)
    expect((await call('admin', 'GET', '/api/iam/hzero/v1/users/self')).json()).toMatchObject({
      currentRoleLevel: 'site',
      tenantId: 0,
    })

    const jxsRole = (await call('jxs', 'GET', '/api/iam/hzero/v1/member-roles/self-roles')).json()[0]
    const refused = await call('admin', 'PUT', `/api/iam/v1/users/roles?roleId=${jxsRole.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toContain('is not one of your roles')
    expect((await call('clerk', 'PUT', '/api/iam/v1/users/tenant-id?tenantId=2')).statusCode).toBe(403)

    const east = (await call('admin', 'GET', '/api/iam/hzero/v1/member-roles/self-roles'))
      .json()
      .find((r: { tenantId: number }) => r.tenantId === 1)
    expect((await call('admin', 'PUT', `/api/iam/v1/users/roles?roleId=${east.id}`)).json()).toMatchObject({
      tenantId: 1,
    })
  })

  it('sets the default tenant and language', async () => {
    expect((await call('admin', 'PUT', '/api/iam/hzero/v1/users/default-tenant?tenantId=2')).statusCode).toBe(
      200,
    )
    const tenants = (await call('admin', 'GET', '/api/iam/hzero/v1/users/self-tenants')).json()
    expect(tenants.find((t: { defaultTenantId?: number }) => t.defaultTenantId)?.tenantId).toBe(2)
    expect(
      (await call('clerk', 'PUT', '/api/iam/hzero/v1/users/default-language?language=en_US')).statusCode,
    ).toBe(200)
    expect((await call('clerk', 'GET', '/api/iam/hzero/v1/users/self')).json().language).toBe('en_US')
    const bad = await call('clerk', 'PUT', '/api/iam/v1/users/default-language?language=fr_FR')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('language')
  })
})

describe('menus and permissions', () => {
  it('answers the menu tree of the current role, names in the asked language, sorted', async () => {
    const admin: MenuNode[] = (
      await call('admin', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US&unionLabel=false')
    ).json()
    expect(admin.every((node) => Value.Check(MenuNodeSchema, node))).toBe(true)
    // The base menus in order (module menu files add their entries in between: server/seed/data/menus/).
    const base = [
      'Master data',
      'Warehouses',
      'Inventory',
      'Dealer outbound orders',
      'Platform',
      'Schema playground',
    ]
    expect(names(admin).filter((name) => base.includes(name))).toEqual(base)
    const clerk: MenuNode[] = (await call('clerk', 'GET', '/api/iam/hzero/v1/menus/tree?lang=zh_CN')).json()
    expect(names(clerk).slice(0, 2)).toEqual(['主数据', '仓库'])
    expect(names(clerk)).not.toContain('平台管理')
    const jxs: MenuNode[] = (
      await call('jxs', 'GET', '/api/iam/hzero/v1/menus/tree?lang=zh_TW&roldId=5')
    ).json()
    // the dealer's own orders first; only screens granted to role jxs follow (its messages)
    expect(jxs[0]).toMatchObject({ name: '經銷商出庫單', route: '/winv/jxsOutboundOrder', type: 'menu' })
    expect(jxs.map((node) => node.route ?? node.subMenus?.[0]?.route)).toEqual([
      '/winv/jxsOutboundOrder',
      '/hmsg/user-message',
    ])
    expect((await call('jxs', 'GET', '/api/iam/hzero/v1/menus/tree?roldId=2')).statusCode).toBe(403)
  })

  it('check-permissions normalises codes and approves only what the role holds', async () => {
    const codes = [
      'wmdm.warehouse.button.edit',
      '/wmdm/warehouse.button.delete',
      'wmdm.warehouse.button:create',
    ]
    const clerk = (await call('clerk', 'POST', '/api/iam/hzero/v1/menus/check-permissions', codes)).json()
    expect(clerk).toEqual([
      { code: 'wmdm.warehouse.button.edit', approve: true, controllerType: 'hidden' },
      { code: 'wmdm.warehouse.button.delete', approve: false, controllerType: 'hidden' },
      { code: 'wmdm.warehouse.buttoncreate', approve: false, controllerType: 'hidden' },
    ])
    const jxs = (
      await call('jxs', 'POST', '/api/iam/hzero/v1/menus/check-permissions', [
        'winv.jxsOutboundOrder.button.create',
        'wmdm.warehouse.button.edit',
      ])
    ).json()
    expect(jxs.map((r: { approve: boolean }) => r.approve)).toEqual([true, false])
  })
})

describe('tenant in the path', () => {
  it('answers 403 and no data when the tenant is not the current one', async () => {
    const response = await call('clerk', 'GET', '/api/wms/v1/2/warehouses')
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(expect.objectContaining({ failed: true, code: 'error.forbidden' }))
    expect(response.json().content).toBeUndefined()
    expect(
      (await call('clerk', 'GET', '/api/hpfm/v1/2/lovs/data?lovCode=WMDM.WAREHOUSE_TYPE')).statusCode,
    ).toBe(403)
  })
})
