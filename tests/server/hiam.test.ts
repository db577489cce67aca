import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire.ts'
import {
  type Method,
  createTestApp,
  injectAs,
  postSignIn,
  signIn,
  TEST_ORIGIN,
} from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const routesOf = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((node) => [...(node.route ? [node.route] : []), ...routesOf(node.subMenus ?? [])])
const CLERK_ROLE = 4

describe('roles and menus', () => {
  it('a new menu given to a role appears in the menu tree of that role’s user', async () => {
    const created = await call('admin', 'POST', '/api/iam/v1/1/menus', {
      code: 'wmdm.hiamTest',
      name: 'Test screen',
      type: 'menu',
      parentId: 100,
      sort: 99,
      route: '/wmdm/hiam-test',
    })
    expect(created.statusCode).toBe(200)
    const { menuId } = created.json()
    const before = (await call('clerk', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json()
    expect(routesOf(before)).not.toContain('/wmdm/hiam-test')

    const grant = await call('admin', 'POST', `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/grant`, {
      itemKey: `menu:${menuId}`,
    })
    expect(grant.statusCode).toBe(200)
    const after = (await call('clerk', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json()
    expect(routesOf(after)).toContain('/wmdm/hiam-test')
    const listed = (
      await call(
        'admin',
        'GET',
        `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities?itemType=MENU&granted=1&size=100`,
      )
    ).json()
    expect(listed.content.map((item: { code: string }) => item.code)).toContain('wmdm.hiamTest')

    await call('admin', 'POST', `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/revoke`, {
      itemKey: `menu:${menuId}`,
    })
    const revoked = (await call('clerk', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json()
    expect(routesOf(revoked)).not.toContain('/wmdm/hiam-test')
  })

  it('refuses roles of another tenant and bad input with field messages', async () => {
    expect((await call('admin', 'GET', '/api/iam/v1/1/roles/3/authorities')).statusCode).toBe(404)
    const bad = await call('admin', 'POST', '/api/iam/v1/1/roles', { code: 'Bad Code', name: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().failed).toBe(true)
    const made = await call('admin', 'POST', '/api/iam/v1/1/roles', {
      code: 'wh-supervisor',
      name: 'Supervisor',
    })
    expect(made.statusCode).toBe(200)
    const again = await call('admin', 'POST', '/api/iam/v1/1/roles', { code: 'wh-supervisor', name: 'Other' })
    expect(again.statusCode).toBe(409)
    const roles = (await call('admin', 'GET', '/api/iam/v1/1/roles?code=supervisor')).json()
    expect(roles.content).toHaveLength(1)
    expect(
      (await call('admin', 'DELETE', '/api/iam/v1/1/roles', { roleId: made.json().roleId })).statusCode,
    ).toBe(200)
  })
})

describe('permission codes', () => {
  const CODE = 'wmdm.warehouse.button.create'
  const approved = async () =>
    (await call('clerk', 'POST', '/api/iam/hzero/v1/menus/check-permissions', [CODE])).json()[0].approve

  it('a removed code hides the button, the server refuses the call, and the refusal is recorded', async () => {
    expect(await approved()).toBe(true)
    // Held: the guard lets the call through to validation (an empty body is a 400, not a 403).
    expect((await call('clerk', 'POST', '/api/wms/v1/1/warehouses', {})).statusCode).toBe(400)

    const revoke = await call('admin', 'POST', `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/revoke`, {
      itemKey: `permission:${CODE}`,
    })
    expect(revoke.statusCode).toBe(200)
    expect(await approved()).toBe(false)
    const refused = await call('clerk', 'POST', '/api/wms/v1/1/warehouses', {})
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toContain(CODE)

    const records = (
      await call('admin', 'GET', `/api/iam/v1/1/permission-checks?permissionCode=${CODE}&handledFlag=0`)
    ).json()
    expect(records.content[0]).toMatchObject({
      loginName: 'clerk',
      roleCode: 'wh-clerk',
      permissionCode: CODE,
      method: 'POST',
      path: '/api/wms/v1/1/warehouses',
    })
    const id = records.content[0].permissionCheckId
    expect((await call('admin', 'GET', `/api/iam/v1/1/permission-checks/${id}`)).json().permissionCode).toBe(
      CODE,
    )

    // Granting from the record gives the code back and marks the record handled.
    expect((await call('admin', 'POST', `/api/iam/v1/1/permission-checks/${id}/grant`, {})).statusCode).toBe(
      200,
    )
    expect(await approved()).toBe(true)
    const handled = (await call('admin', 'GET', `/api/iam/v1/1/permission-checks/${id}`)).json()
    expect(handled.handledFlag).toBe(1)
  })

  it('lists the endpoints a code guards for a role', async () => {
    const apis = (
      await call('admin', 'GET', `/api/iam/v1/1/roles/${CLERK_ROLE}/permissions/${CODE}/apis`)
    ).json()
    expect(apis.content).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/wms/v1/:tenantId/warehouses', granted: 1 }),
    )
  })
})

describe('users and member roles', () => {
  it('creates a user under the password policy and assigns a role', async () => {
    const weak = await call('admin', 'POST', '/api/iam/v1/1/users', {
      loginName: 'picker1',
      realName: 'Picker',
      password: 'abc',
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().fields.password).toContain('minLength')
    const made = await call('admin', 'POST', '/api/iam/v1/1/users', {
      loginName: 'picker1',
      realName: 'Picker',
      password: 'Picker@2026',
    })
    expect(made.statusCode).toBe(200)
    const userId = made.json().userId
    const assign = await call('admin', 'POST', `/api/iam/v1/1/users/${userId}/roles/assign`, {
      roleId: CLERK_ROLE,
    })
    expect(assign.statusCode).toBe(200)
    const token = await signIn(app, 'picker1', 'Picker@2026')
    const self = (await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).json()
    expect(self.currentRoleCode).toBe('wh-clerk')
    const pairs = (await call('admin', 'GET', '/api/iam/v1/1/member-roles?loginName=picker1')).json()
    expect(pairs.content).toEqual([expect.objectContaining({ loginName: 'picker1', roleId: CLERK_ROLE })])
  })
})

describe('sign-in: login log, clients, password policy', () => {
  it('a failed and a good sign-in appear in the login log', async () => {
    const failed = await postSignIn(app, 'clerk', 'Wrong@1234')
    expect(failed.statusCode).toBe(200)
    tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
    const log = (await call('admin', 'GET', '/api/iam/v1/1/login-logs?loginName=clerk&size=5')).json()
    expect(log.content[0]).toMatchObject({ loginName: 'clerk', success: 1, clientId: 'localhost' })
    expect(log.content[1]).toMatchObject({ loginName: 'clerk', success: 0, reason: 'wrong' })
  })

  it('sign-in accepts the redirect origins registered on the client, and only while it is enabled', async () => {
    const authorize = (clientId: string, redirect: string) =>
      app.inject({
        method: 'GET',
        url: `/api/oauth/oauth/authorize?response_type=token&client_id=${clientId}&redirect_uri=${encodeURIComponent(redirect)}`,
        headers: { host: 'localhost:8080' },
      })
    // Registering a client is platform work: a tenant role is refused.
    const asTenant = await call('admin', 'POST', '/api/iam/v1/1/clients', { clientId: 'mobile' })
    expect(asTenant.statusCode).toBe(403)
    expect((await call('admin', 'PUT', '/api/iam/v1/users/roles?roleId=1')).statusCode).toBe(200)
    const badOrigin = await call('admin', 'POST', '/api/iam/v1/clients', {
      clientId: 'mobile',
      redirectOrigins: 'https://m.example.com/path',
    })
    expect(badOrigin.statusCode).toBe(400)
    const made = await call('admin', 'POST', '/api/iam/v1/clients', {
      clientId: 'mobile',
      clientName: 'Mobile app',
      redirectOrigins: 'https://m.example.com',
      accessTokenValidity: 600,
    })
    expect(made.statusCode).toBe(200)
    expect((await authorize('mobile', 'https://m.example.com/cb')).statusCode).toBe(200)
    expect((await authorize('mobile', 'https://evil.example.com/cb')).statusCode).toBe(400)

    const signedIn = await postSignIn(app, 'clerk', 'Clerk@123', 'https://m.example.com/cb')
    // postSignIn posts as client localhost; the mobile client's own post:
    expect(signedIn.statusCode).toBe(400)
    const mobile = await app.inject({
      method: 'POST',
      url: '/api/oauth/login',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: 'manager',
        password: 'Manager@123',
        client_id: 'mobile',
        redirect_uri: 'https://m.example.com/cb',
      }).toString(),
    })
    expect(mobile.statusCode).toBe(302)
    expect(String(mobile.headers.location)).toMatch(
      /^https:\/\/m\.example\.com\/cb#access_token=.+expires_in=600/,
    )

    const disable = await call('admin', 'PUT', '/api/iam/v1/clients', {
      clientId: 'mobile',
      redirectOrigins: 'https://m.example.com',
      enabledFlag: 0,
      objectVersionNumber: 1,
    })
    expect(disable.statusCode).toBe(200)
    expect((await authorize('mobile', 'https://m.example.com/cb')).statusCode).toBe(400)
    expect((await call('admin', 'PUT', '/api/iam/v1/users/roles?roleId=2')).statusCode).toBe(200)
    void TEST_ORIGIN
  })

  it('the password policy refuses a weak password at change and, when asked, at sign-in', async () => {
    const current = (await call('admin', 'GET', '/api/iam/v1/1/password-policy')).json().content[0]
    const saved = await call('admin', 'PUT', '/api/iam/v1/1/password-policy', {
      ...current,
      minLength: 12,
      checkAtSignIn: 1,
    })
    expect(saved.statusCode).toBe(200)
    expect((await call('clerk', 'GET', '/api/iam/hzero/v1/users/password-policy')).json().minLength).toBe(12)
    const change = await call('clerk', 'PUT', '/api/iam/hzero/v1/users/password', {
      originalPassword: 'Clerk@123',
      password: 'Short@1aB',
    })
    expect(change.statusCode).toBe(400)
    expect(change.json().fields.password).toContain('minLength')

    // Clerk@123 has 9 characters: the policy now refuses it at sign-in.
    const refused = await postSignIn(app, 'clerk', 'Clerk@123')
    expect(refused.statusCode).toBe(200)
    expect(refused.body).toContain('密码策略')
    const log = (await call('admin', 'GET', '/api/iam/v1/1/login-logs?loginName=clerk&size=1')).json()
    expect(log.content[0]).toMatchObject({ success: 0, reason: 'weak' })

    const changed = await call('clerk', 'PUT', '/api/iam/hzero/v1/users/password', {
      originalPassword: 'Clerk@123',
      password: 'Warehouse#2026x',
    })
    expect(changed.statusCode).toBe(200)
    expect(await signIn(app, 'clerk', 'Warehouse#2026x')).toBeTruthy()
  })
})

describe('organisation child lists', () => {
  it('departments are listed and created under their company from the route', async () => {
    const company = await call('admin', 'POST', '/api/hpfm/v1/1/companies', {
      companyNum: 'C-TEST',
      companyName: 'Test company',
    })
    expect(company.statusCode).toBe(201)
    const companyId = company.json().companyId
    const unit = await call('admin', 'POST', `/api/hpfm/v1/1/org-companies/${companyId}/units`, {
      unitCode: 'D-TEST',
      unitName: 'Test department',
      unitType: 'DEPARTMENT',
    })
    expect(unit.statusCode).toBe(201)
    expect(unit.json().companyId).toBe(companyId)
    const listed = (await call('admin', 'GET', `/api/hpfm/v1/1/org-companies/${companyId}/units`)).json()
    expect(listed.content.map((u: { unitCode: string }) => u.unitCode)).toEqual(['D-TEST'])
    const other = (await call('admin', 'GET', `/api/hpfm/v1/1/org-companies/999999/units`)).json()
    expect(other.content).toEqual([])
  })
})

describe('LDAP test connection', () => {
  it('tries for real and reports the real failure', async () => {
    const made = await call('admin', 'POST', '/api/iam/v1/1/ldaps', {
      ldapName: 'Corp directory',
      serverType: 'OPEN_LDAP',
      host: '127.0.0.1',
      port: 1,
      baseDn: 'dc=example,dc=com',
    })
    expect(made.statusCode).toBe(201)
    const tested = await call(
      'admin',
      'POST',
      `/api/iam/v1/1/connection-tests/ldap/${made.json().ldapId}`,
      {},
    )
    expect(tested.statusCode).toBe(400)
    expect(tested.json().message).toMatch(/Cannot connect to 127\.0\.0\.1:1: ECONNREFUSED/)
    const row = (await call('admin', 'GET', `/api/iam/v1/1/ldaps/${made.json().ldapId}`)).json()
    expect(row.lastTestResult).toContain('ECONNREFUSED')
  })
})
