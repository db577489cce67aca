import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../server/plugins/route-table.ts'
import { injectAs, postSignIn, signIn, type Method } from '../../server/testing.ts'
import {
  createQuietTestApp,
  allPermissionCodes,
  apiRoutes,
  expectEnvelope,
  fillPath,
  isMutating,
  signInMember,
  TENANT_A,
  TENANT_B,
  tenantFingerprint,
} from './support/security.ts'

/**
 * Records shared between tenants (issue 21, "Cross-tenant writes and account takeover"): a user who belongs to
 * tenant A and holds a role of tenant B, the site administrator, the site's menus, and tenant A's own menus.
 * Tenant B's administrator (`manager`) manages memberships and roles of its users and its own menus, but never
 * the account or profile of a shared or site-level user, never a shared menu, and never sees A's menus.
 * The write routes of the user and menu resources come from the app's route table: a new one fails the
 * classification test until it is given its requests below.
 */
let app: FastifyInstance
const tokens: Record<'manager' | 'siteAdmin' | 'memberA', string> = {
  manager: '',
  siteAdmin: '',
  memberA: '',
}
const CLERK = 3 // home tenant A, given a role of tenant B below
const ADMIN = 1 // the site administrator: home tenant A, holds a site-level role
const SITE_ROLE = 1
const TENANT_A_ADMIN_ROLE = 2
const TENANT_B_ADMIN_ROLE = 3
/** A seeded (site) menu that both tenants' administrator roles hold. */
let siteMenu: { id: number; code: string; type: string; objectVersionNumber: number }
/** A menu tenant A's administrator created: tenant A's own. */
let menuOfA: { menuId: number; code: string; objectVersionNumber: number }

const call = (who: keyof typeof tokens, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[who], method, url, payload)

const versionOf = async (userId: number) =>
  Number(
    (
      await app.db
        .selectFrom('iamUser')
        .select('objectVersionNumber')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).objectVersionNumber,
  )

/**
 * What tenant A owns or shares, byte for byte: A's model rows (tenantFingerprint), the rows of the shared
 * users, their memberships, the menus A's roles hold and A's own menu, and which menus A's roles hold.
 */
async function tenantAShared(): Promise<string> {
  const { rows } = await sql<{ part: string }>`
    select 'users ' || md5(string_agg(to_jsonb(u)::text, '|' order by u.id)) as part
      from iam_user u where u.id in (${ADMIN}, ${CLERK})
    union all select 'member roles ' || md5(coalesce(string_agg(m.user_id || '-' || m.role_id, ',' order by m.user_id, m.role_id), ''))
      from iam_member_role m where m.user_id in (${ADMIN}, ${CLERK})
    union all select 'menus of A ' || md5(string_agg(to_jsonb(x)::text, '|' order by x.id)) from iam_menu x
      where x.id = ${menuOfA.menuId} or x.id in (select rm.menu_id from iam_role_menu rm
        join iam_role r on r.id = rm.role_id where r.tenant_id = ${TENANT_A})
    union all select 'role menus of A ' || md5(string_agg(rm.role_id || '-' || rm.menu_id, ',' order by rm.role_id, rm.menu_id))
      from iam_role_menu rm join iam_role r on r.id = rm.role_id where r.tenant_id = ${TENANT_A}
  `.execute(app.db)
  return [...rows.map((r) => r.part), await tenantFingerprint(app, TENANT_A)].join('\n')
}

beforeAll(async () => {
  app = await createQuietTestApp()
  // The clerk of tenant A also works for tenant B (tenant B's administrator role, as the report).
  await app.db.insertInto('iamMemberRole').values({ userId: CLERK, roleId: TENANT_B_ADMIN_ROLE }).execute()
  tokens.manager = await signIn(app, 'manager', 'Manager@123')
  tokens.siteAdmin = await signIn(app, 'admin', 'Admin@123')
  expect((await call('siteAdmin', 'PUT', `/api/iam/v1/users/roles?roleId=${SITE_ROLE}`)).statusCode).toBe(200)
  tokens.memberA = (await signInMember(app, TENANT_A, await allPermissionCodes(app))).token
  const held = await sql<{ id: number; code: string; type: string; objectVersionNumber: number }>`
    select m.id::int as id, m.code, m.type, m.object_version_number as "objectVersionNumber" from iam_menu m
    where m.type = 'menu'
      and exists (select 1 from iam_role_menu rm where rm.menu_id = m.id and rm.role_id = ${TENANT_A_ADMIN_ROLE})
      and exists (select 1 from iam_role_menu rm where rm.menu_id = m.id and rm.role_id = ${TENANT_B_ADMIN_ROLE})
    order by m.id limit 1`.execute(app.db)
  siteMenu = held.rows[0]!
  const created = await call('memberA', 'POST', `/api/iam/v1/${TENANT_A}/menus`, {
    code: 'shared-records.a-own',
    name: 'Own menu of A',
    type: 'menu',
    route: '/wmdm/warehouse',
    parentId: 0,
  })
  expect(created.statusCode, created.body).toBe(200)
  menuOfA = created.json()
}, 120_000)
afterAll(async () => app?.close())

type Target = { name: string; params?: Record<string, number | string>; body?: unknown }
/** A request per shared record a tenant B administrator must not change, and the answers allowed. */
interface Case {
  targets: () => Promise<Target[]>
  statuses: number[]
}

const accountChange = async (userId: number) => ({
  userId,
  objectVersionNumber: await versionOf(userId),
  realName: 'Taken over',
  email: 'attacker@example.com',
  newPassword: 'Taken@Over123',
})
const sharedUsers = async (body: (userId: number) => Promise<unknown>): Promise<Target[]> => [
  { name: 'user of tenant A holding a role of B', params: { userId: CLERK }, body: await body(CLERK) },
  { name: 'site administrator', params: { userId: ADMIN }, body: await body(ADMIN) },
]
const hiamMenuChange = (menu: { id: number; code: string; ovn: number }) => ({
  menuId: menu.id,
  objectVersionNumber: menu.ovn,
  code: menu.code,
  name: 'Renamed by B',
  type: 'menu',
  route: '/renamed-by-b',
  parentId: 0,
})
const menus = () => [
  { name: 'site menu', id: siteMenu.id, code: siteMenu.code, ovn: siteMenu.objectVersionNumber },
  { name: "tenant A's menu", id: menuOfA.menuId, code: menuOfA.code, ovn: menuOfA.objectVersionNumber },
]

/** Every write route of the user and menu resources (tenant form; site form below), with its requests. */
const CASES: Record<string, Case | string> = {
  'PUT /api/iam/v1/:tenantId/users': { targets: () => sharedUsers(accountChange), statuses: [403] },
  'POST /api/iam/v1/:tenantId/users/:userId/unlock': {
    targets: () => sharedUsers(async () => undefined),
    statuses: [403],
  },
  // Membership in tenant B is B's to manage: a role of A cannot be given or taken.
  'POST /api/iam/v1/:tenantId/users/:userId/roles/assign': {
    targets: () => sharedUsers(async () => ({ roleId: TENANT_A_ADMIN_ROLE })),
    statuses: [404],
  },
  'POST /api/iam/v1/:tenantId/users/:userId/roles/unassign': {
    targets: () => sharedUsers(async () => ({ roleId: TENANT_A_ADMIN_ROLE })),
    statuses: [404],
  },
  // Field rules of a user are rows of the caller's tenant (routes-field-rules.ts); A's rules stay A's.
  'POST /api/iam/v1/:tenantId/users/:userId/permissions/:permissionId/field-rules':
    "rows of the caller's tenant only (field rules of B's own permission grants); tenant A's fingerprint covers them",
  'PUT /api/iam/v1/:tenantId/users/:userId/permissions/:permissionId/field-rules':
    "rows of the caller's tenant only (field rules of B's own permission grants); tenant A's fingerprint covers them",
  'DELETE /api/iam/v1/:tenantId/users/:userId/permissions/:permissionId/field-rules':
    "rows of the caller's tenant only (field rules of B's own permission grants); tenant A's fingerprint covers them",
  'POST /api/iam/v1/:tenantId/users': "creates a user of the caller's tenant: no shared record is written",
  'POST /api/iam/v1/:tenantId/menus':
    "creates the caller's own menu: 'menus a tenant creates are its own' checks it",
  'POST /api/iam/hzero/v1/menus':
    "creates the caller's own menu: 'menus a tenant creates are its own' checks it",
  'POST /api/iam/hzero/v1/menus/check-permissions':
    "a read sent as POST: answers the session role's own codes",
  'PUT /api/iam/v1/:tenantId/menus': {
    targets: async () => menus().map((menu) => ({ name: menu.name, body: hiamMenuChange(menu) })),
    statuses: [403, 404],
  },
  'DELETE /api/iam/v1/:tenantId/menus': {
    targets: async () => menus().map((menu) => ({ name: menu.name, body: { menuId: menu.id } })),
    statuses: [403, 404],
  },
  'PUT /api/iam/hzero/v1/menus': {
    targets: async () =>
      menus().map((menu) => {
        const { menuId, ...rest } = hiamMenuChange(menu)
        return { name: menu.name, body: { ...rest, id: menuId } }
      }),
    statuses: [403, 404],
  },
}

/** The user and menu resources of identity administration; the caller's own user (self) is another resource. */
const RESOURCE = /^\/api\/iam\/(v1(\/:tenantId)?\/(users|menus)|hzero\/v1\/menus)(\/|$)/
const SELF_SERVICE = new Set([
  'PUT /api/iam/v1/users/roles',
  'PUT /api/iam/v1/users/tenant-id',
  'PUT /api/iam/v1/users/default-language',
])
const key = (route: RouteEntry) => `${route.method} ${route.url}`
const writeRoutes = () =>
  apiRoutes(app).filter(
    (route) => isMutating(route) && RESOURCE.test(route.url) && !SELF_SERVICE.has(key(route)),
  )
/** The tenant form of a platform-level route (`/api/iam/v1/users` → `/api/iam/v1/:tenantId/users`). */
const tenantForm = (url: string) => url.replace(/^\/api\/iam\/v1\//, '/api/iam/v1/:tenantId/')
const isSiteForm = (route: RouteEntry) => /^\/api\/iam\/v1\/(users|menus)/.test(route.url)
/** The CASES entry of a route: a platform-level form shares its tenant form's. */
const caseKey = (route: RouteEntry) =>
  isSiteForm(route) ? `${route.method} ${tenantForm(route.url)}` : key(route)

describe('shared users and menus are read-only to a tenant administrator', () => {
  it('knows every write route of the user and menu resources', () => {
    const unknown = writeRoutes()
      .map(caseKey)
      .filter((k) => !(k in CASES))
    expect(unknown, 'give each new route its requests (or its reason) in CASES').toEqual([])
    expect(writeRoutes().length).toBeGreaterThan(10)
  })

  it("answers 403/404 to every write of a shared record, and leaves tenant A's data as it was", async () => {
    const before = await tenantAShared()
    const tried: string[] = []
    for (const route of writeRoutes()) {
      const site = isSiteForm(route)
      const entry = CASES[caseKey(route)]
      if (entry === undefined || typeof entry === 'string') continue
      for (const target of await entry.targets()) {
        const url = fillPath(route.url, { tenantId: TENANT_B, permissionId: 'x', ...target.params })
        const response = await call('manager', route.method as Method, url, target.body)
        const label = `${key(route)} on the ${target.name}`
        tried.push(label)
        // The platform form is refused to a tenant role whatever the record.
        const body = expectEnvelope(response, site ? [403] : entry.statuses)
        expect(body.message.length, label).toBeGreaterThan(40)
      }
    }
    console.log(`shared records: ${tried.length} writes of shared users and menus tried`)
    expect(tried.length).toBeGreaterThan(15)
    expect(await tenantAShared()).toBe(before)
  })
})

describe('the reproductions of issue 21', () => {
  it('refuses a tenant administrator the account of a user who belongs to another tenant too, saying why', async () => {
    const response = await call('manager', 'PUT', `/api/iam/v1/${TENANT_B}/users`, await accountChange(CLERK))
    const body = expectEnvelope(response, [403])
    expect(body.message).toMatch(/also belongs to another tenant.*site administrator/)
    expect((await postSignIn(app, 'clerk', 'Taken@Over123')).statusCode).not.toBe(302)
    const user = await app.db
      .selectFrom('iamUser')
      .selectAll()
      .where('id', '=', CLERK)
      .executeTakeFirstOrThrow()
    expect(user.email).toBe('clerk@example.com')
  })

  it('refuses a tenant administrator the site administrator, even when it holds a role of the tenant', async () => {
    const response = await call('manager', 'PUT', `/api/iam/v1/${TENANT_B}/users`, await accountChange(ADMIN))
    expect(expectEnvelope(response, [403]).message).toMatch(/site-level role/)
    const unlock = await call('manager', 'POST', `/api/iam/v1/${TENANT_B}/users/${ADMIN}/unlock`)
    expectEnvelope(unlock, [403])
    expect((await postSignIn(app, 'admin', 'Taken@Over123')).statusCode).not.toBe(302)
  })

  it("lets the tenant administrator manage the shared user's roles and labels in its tenant", async () => {
    const listed = await call('manager', 'GET', `/api/iam/v1/${TENANT_B}/users?size=100`)
    const clerk = (listed.json().content as Array<Record<string, unknown>>).find((u) => u.userId === CLERK)!
    // The edit form sends the whole user back: unchanged values pass.
    const {
      labelCodes: _labels,
      lockedFlag: _locked,
      organizationId: _org,
      tenantName: _tenant,
      passwordChangedAt: _changed,
      ...form
    } = clerk
    const saved = await call('manager', 'PUT', `/api/iam/v1/${TENANT_B}/users`, form)
    expect(saved.statusCode, saved.body).toBe(200)
    const assigned = await call('manager', 'POST', `/api/iam/v1/${TENANT_B}/users/${CLERK}/roles/assign`, {
      roleId: TENANT_B_ADMIN_ROLE,
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
  })

  it("lets the site administrator change a shared user's account", async () => {
    const response = await call('siteAdmin', 'PUT', '/api/iam/v1/users', {
      userId: CLERK,
      objectVersionNumber: await versionOf(CLERK),
      phone: '021 5555 0101',
    })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('changes only what a user update is sent: realName alone keeps the e-mail', async () => {
    const before = await app.db
      .selectFrom('iamUser')
      .selectAll()
      .where('id', '=', CLERK)
      .executeTakeFirstOrThrow()
    const response = await call('siteAdmin', 'PUT', '/api/iam/v1/users', {
      userId: CLERK,
      objectVersionNumber: before.objectVersionNumber,
      realName: 'Clerk renamed',
    })
    expect(response.statusCode, response.body).toBe(200)
    const after = await app.db
      .selectFrom('iamUser')
      .selectAll()
      .where('id', '=', CLERK)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({
      ...before,
      realName: 'Clerk renamed',
      objectVersionNumber: before.objectVersionNumber + 1,
    })
  })

  it("refuses to rename, re-parent or delete a site menu that tenant A's roles use, and A's tree keeps it", async () => {
    const treeBefore = (await call('memberA', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).body
    const change = hiamMenuChange({ id: siteMenu.id, code: siteMenu.code, ovn: siteMenu.objectVersionNumber })
    const hiam = await call('manager', 'PUT', `/api/iam/v1/${TENANT_B}/menus`, change)
    expect(expectEnvelope(hiam, [403]).message).toMatch(/shared site menu.*read-only.*site administrator/)
    const { menuId, ...rest } = change
    expectEnvelope(await call('manager', 'PUT', '/api/iam/hzero/v1/menus', { ...rest, id: menuId }), [403])
    expectEnvelope(await call('manager', 'DELETE', `/api/iam/v1/${TENANT_B}/menus`, { menuId }), [403])
    expect((await call('memberA', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).body).toBe(treeBefore)
  })

  it("marks site menus read-only in a tenant's menu list, and lets the tenant label them", async () => {
    const list = await call('manager', 'GET', `/api/iam/v1/${TENANT_B}/menus?size=10&code=${siteMenu.code}`)
    const row = (list.json().content as Array<Record<string, unknown>>).find((m) => m.menuId === siteMenu.id)!
    expect(row.readOnly).toBe(1)
    const { parentName: _p, roleCount: _r, level: _l, readOnly: _ro, labelCodes: _lc, ...form } = row
    const labelled = await call('manager', 'PUT', `/api/iam/v1/${TENANT_B}/menus`, {
      ...form,
      labelCodes: '',
    })
    expect(labelled.statusCode, labelled.body).toBe(200)
  })

  it("keeps menus a tenant creates its own: not in the other tenant's menu list or role authorities", async () => {
    const hiam = await call('manager', 'POST', `/api/iam/v1/${TENANT_B}/menus`, {
      code: 'shared-records.b-own',
      name: 'Own menu of B',
      type: 'menu',
      route: '/wmdm/warehouse',
      parentId: 0,
    })
    expect(hiam.statusCode, hiam.body).toBe(200)
    const api = await call('manager', 'POST', '/api/iam/hzero/v1/menus', {
      code: 'shared-records.b-api',
      name: 'API menu of B',
      type: 'menu',
      route: '/wmdm/warehouse',
      parentId: 0,
      roleIds: [TENANT_B_ADMIN_ROLE],
    })
    expect(api.statusCode, api.body).toBe(201)
    for (const code of ['shared-records.b-own', 'shared-records.b-api']) {
      const mine = await call('manager', 'GET', `/api/iam/v1/${TENANT_B}/menus?code=${code}`)
      expect(mine.json().content).toMatchObject([{ code, readOnly: 0 }])
      const theirs = await call('memberA', 'GET', `/api/iam/v1/${TENANT_A}/menus?code=${code}`)
      expect(theirs.json().content, code).toEqual([])
      const authorities = await call(
        'memberA',
        'GET',
        `/api/iam/v1/${TENANT_A}/roles/${TENANT_A_ADMIN_ROLE}/authorities?itemType=MENU&keyword=${code}`,
      )
      expect(authorities.json().content, code).toEqual([])
    }
    // Tenant A cannot give B's menu to its roles, nor see it through the site administrator's role either.
    const id = Number(api.json().id)
    const grant = await call(
      'memberA',
      'POST',
      `/api/iam/v1/${TENANT_A}/roles/${TENANT_A_ADMIN_ROLE}/authorities/grant`,
      {
        itemKey: `menu:${id}`,
      },
    )
    expectEnvelope(grant, [400, 404])
    // And tenant A's own menu is not B's to see.
    const aOwn = await call('manager', 'GET', `/api/iam/v1/${TENANT_B}/menus?code=${menuOfA.code}`)
    expect(aOwn.json().content).toEqual([])
  })
})
