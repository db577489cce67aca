import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSchemaFiles } from '../../server/bootstrap.ts'
import { apiPath, HAND_WRITTEN_READS, readsOfPage } from '../../server/modules/lowcode/screen-reads.ts'
import {
  EVERY_USER_READS,
  lovFactsOf,
  mayUseLov,
  readByLov,
  readIndex,
  type ReadIndex,
  type RoleGrants,
} from '../../server/plugins/read-guards.ts'
import type { RouteEntry } from '../../server/plugins/route-table.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { apiRoutes, fillPath, signInMember, TENANT_A } from './support/security.ts'

/**
 * Reads need the menu of a screen that makes them (server/plugins/read-guards.ts): generated over every read
 * route of the route table × the seeded roles and a role holding no menu.
 */
const { pages, models } = loadSchemaFiles('schemas/models', 'schemas/pages')
let app: FastifyInstance
let index: ReadIndex
const key = (route: RouteEntry) => `${route.method} ${route.url}`
/** A 403 of the read guard (other 403s: a permission code a GET checks, another tenant in the path). */
const READ_DENIED = /^No permission to read /

interface Caller {
  name: string
  token: string
  tenantId: number
  roleId: number
}
const callers: Caller[] = []

async function caller(name: string, token: string): Promise<Caller> {
  const self = (await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).json()
  return { name, token, tenantId: self.tenantId, roleId: self.currentRoleId }
}

/** What the role holds (menus, codes, level), read here with SQL. */
async function grantsOf(roleId: number): Promise<RoleGrants> {
  const menus = await app.db
    .selectFrom('iamRoleMenu')
    .innerJoin('iamMenu', 'iamMenu.id', 'iamRoleMenu.menuId')
    .select('iamMenu.route')
    .where('iamRoleMenu.roleId', '=', roleId)
    .execute()
  const codes = await app.db
    .selectFrom('iamRolePermission')
    .select('code')
    .where('roleId', '=', roleId)
    .execute()
  const role = await app.db
    .selectFrom('iamRole')
    .select('level')
    .where('id', '=', roleId)
    .executeTakeFirstOrThrow()
  return {
    menuRoutes: menus.flatMap((row) => (row.route ? [row.route] : [])),
    codes: codes.map((row) => row.code),
    siteLevel: role.level === 'site',
  }
}

/** What a role holding nothing may read. */
const NOTHING = () => index.grantOf({ menuRoutes: [], codes: [], siteLevel: false })

const readRoutes = () => apiRoutes(app).filter((route) => route.readGuard && !route.public)

beforeAll(async () => {
  app = await createTestApp()
  index = readIndex(pages, app.routeTable, models)
  callers.push(await caller('clerk', await signIn(app, 'clerk', 'Clerk@123')))
  callers.push(await caller('jxs', await signIn(app, 'jxs', 'Jxs@12345')))
  callers.push(await caller('manager', await signIn(app, 'manager', 'Manager@123')))
  const admin = await signIn(app, 'admin', 'Admin@123')
  const switched = await injectAs(app, admin, 'PUT', '/api/iam/v1/users/roles?roleId=1')
  expect(switched.statusCode, switched.body).toBe(200)
  callers.push(await caller('admin (site administrator)', admin))
  const none = await signInMember(app, TENANT_A, [])
  callers.push({ name: 'a role holding no menu', token: none.token, tenantId: TENANT_A, roleId: none.roleId })
  // A role given a code and no menu: the code's screen (its permission set) is granted with it.
  const coded = await signInMember(app, TENANT_A, ['hiam.subAccount.button.edit'])
  callers.push({ name: 'a role holding one code of the user screen', ...coded, tenantId: TENANT_A })
}, 120_000)
afterAll(() => app?.close())

describe('read guards, from the route table', () => {
  it('guards every read route of /api; the reads every user makes are few, and each says why', () => {
    const reads = apiRoutes(app).filter((route) => route.method === 'GET' && !route.public)
    expect(reads.length).toBeGreaterThan(100)
    expect(reads.filter((route) => !route.readGuard).map(key), 'GET routes without a read guard').toEqual([])
    const everyUser = reads.filter((route) => route.readGuard?.kind === 'every-user')
    console.info(
      `${everyUser.length} reads every signed-in user may make:\n${everyUser.map((r) => `  ${key(r)}: ${EVERY_USER_READS[key(r)]}`).join('\n')}`,
    )
    expect(everyUser.length).toBeLessThanOrEqual(60)
    const stale = Object.keys(EVERY_USER_READS).filter(
      (listed) => !reads.some((route) => key(route) === listed),
    )
    expect(stale, 'EVERY_USER_READS names routes that do not exist').toEqual([])
    // Every read the hand-written widgets are said to make exists.
    const readUrls = reads.map((route) => route.url)
    const missing = Object.entries(HAND_WRITTEN_READS).flatMap(([widget, paths]) =>
      paths
        .map(([service, path]) => apiPath(service, path)!)
        .filter((path) => !readUrls.some((url) => url === path || url.startsWith(`${path}/`)))
        .map((path) => `${widget}: ${path}`),
    )
    expect(missing, 'HAND_WRITTEN_READS names reads no route answers').toEqual([])
    // The Lov queries are guarded by the Lov code, in GET and POST form.
    const lovs = apiRoutes(app).filter((route) => route.readGuard?.kind === 'lov')
    expect(lovs.map(key)).toContain('POST /api/hpfm/v1/:tenantId/lovs/data')
  })

  it('answers a read with 403 exactly when none of the role menus’ screens reads it', async () => {
    const routes = readRoutes().filter((route) => route.readGuard?.kind === 'screens')
    const wrong: string[] = []
    for (const who of callers) {
      const grant = index.grantOf(await grantsOf(who.roleId))
      const lovs = await lovFactsOf(app.db, who.tenantId, index)
      let allowed = 0
      for (const route of routes) {
        const may =
          grant.routes.has(key(route)) ||
          route.permissionCodes.some((code) => grant.codes.has(code)) ||
          readByLov(grant, lovs, key(route))
        if (may) allowed++
        const response = await injectAs(
          app,
          who.token,
          'GET',
          fillPath(route.url, { tenantId: who.tenantId }),
        )
        const denied = response.statusCode === 403 && READ_DENIED.test(response.json().message ?? '')
        // A read that checks a permission code answers 403 naming the code first when the role lacks it.
        if (response.statusCode === 403 && !denied && route.permissionCodes.length) continue
        if (denied === may)
          wrong.push(
            `${who.name}: ${key(route)} ${response.statusCode} (menus ${may ? 'grant' : 'do not grant'} it)`,
          )
        if (denied) expect(response.json()).toMatchObject({ failed: true, code: 'error.forbidden' })
      }
      console.info(`${who.name}: may read ${allowed} of ${routes.length} guarded read routes`)
      // Without a menu: only what the screens every role opens read (CORE-PERM-05, the logistics screens).
      if (who.name === 'a role holding no menu') expect(allowed).toBe(NOTHING().routes.size)
    }
    expect(wrong).toEqual([])
  }, 600_000)

  it('keeps what the issue lists from the dealer and from a role without menus', async () => {
    const secret = [
      '/api/iam/v1/:tenantId/login-logs',
      '/api/iam/v1/:tenantId/users',
      '/api/iam/v1/:tenantId/member-roles',
      '/api/iam/v1/:tenantId/clients',
      '/api/iam/v1/:tenantId/permission-checks',
      '/api/hfle/v1/:tenantId/file-aggregates',
      '/api/hitf/v1/:tenantId/clients',
      '/api/iam/v1/:tenantId/ldaps',
      '/api/hpfm/v1/:tenantId/data-sources',
      '/api/wms/v1/:tenantId/user-warehouses',
      '/api/hmnt/v1/:tenantId/audit-configs',
      '/api/hpfm/v1/:tenantId/permission-rules',
    ]
    for (const who of callers.filter((c) => c.name === 'jxs' || c.name === 'a role holding no menu')) {
      for (const url of secret) {
        const response = await injectAs(app, who.token, 'GET', fillPath(url, { tenantId: who.tenantId }))
        expect(response.statusCode, `${who.name} ${url}: ${response.body.slice(0, 200)}`).toBe(403)
        expect(response.json().message).toMatch(/^No permission (to read |\()/)
      }
    }
  })

  it('lets a role read a Lov only when a screen of its menus uses that Lov code', async () => {
    const jxs = callers.find((c) => c.name === 'jxs')!
    const none = callers.find((c) => c.name === 'a role holding no menu')!
    const grant = index.grantOf(await grantsOf(jxs.roleId))
    const own = [...grant.lovCodes][0]!
    const other = [...index.lovReaders.keys()].find((code) => !grant.lovCodes.has(code))!
    const lov = (who: Caller, code: string) =>
      injectAs(app, who.token, 'POST', `/api/hpfm/v1/${who.tenantId}/lovs/data`, { lovCode: code })
    expect((await lov(jxs, own)).statusCode).not.toBe(403)
    const denied = await lov(jxs, other)
    expect(denied.statusCode, denied.body).toBe(403)
    expect(denied.json().message).toContain(other)
    expect((await lov(none, own)).statusCode).toBe(403)
  })

  it('lets a role use a Lov view whose every list it may read, and no other; value sets and unknown codes pass', async () => {
    const problems: string[] = []
    for (const who of callers) {
      const grant = index.grantOf(await grantsOf(who.roleId))
      const facts = await lovFactsOf(app.db, who.tenantId, index)
      for (const code of new Set(
        [...facts.needs.keys()].filter((c) => !grant.lovCodes.has(c) && !grant.allLovs),
      )) {
        const may = mayUseLov(grant, facts, code)
        const response = await injectAs(app, who.token, 'POST', `/api/hpfm/v1/${who.tenantId}/lovs/data`, {
          lovCode: code,
        })
        const denied = response.statusCode === 403
        if (denied === may) problems.push(`${who.name}: ${code} ${response.statusCode} (may: ${may})`)
      }
    }
    expect(problems).toEqual([])
    // The dealer lists the areas of no screen of theirs, so the SQL Lov over the area table is closed to them.
    const jxs = callers.find((c) => c.name === 'jxs')!
    const facts = await lovFactsOf(app.db, jxs.tenantId, index)
    expect(facts.needs.get('WMDM.WHAREA')).toContain('GET /api/wms/v1/:tenantId/whareas')
    const area = await injectAs(app, jxs.token, 'POST', `/api/hpfm/v1/${jxs.tenantId}/lovs/data`, {
      lovCode: 'WMDM.WHAREA',
    })
    expect(area.statusCode, area.body).toBe(403)
    // A value set and a code that is nothing are left to the handler (its values; a 404 naming the closest).
    const none = callers.find((c) => c.name === 'a role holding no menu')!
    const valueSet = await injectAs(
      app,
      none.token,
      'GET',
      `/api/hpfm/v1/${none.tenantId}/lovs/data?lovCode=WMDM.WAREHOUSE_TYPE`,
    )
    expect(valueSet.statusCode, valueSet.body).toBe(200)
    const nothing = await injectAs(
      app,
      none.token,
      'GET',
      `/api/hpfm/v1/${none.tenantId}/lovs/data?lovCode=NO.SUCH_LOV`,
    )
    expect(nothing.statusCode, nothing.body).toBe(404)
  }, 300_000)

  it('reaches every read of every page file from a menu that shows the page', async () => {
    const menus = (await app.db.selectFrom('iamMenu').select('route').execute()).flatMap((m) =>
      m.route ? [m.route] : [],
    )
    const readKeys = new Set(readRoutes().map(key))
    const problems: string[] = []
    const withoutMenu: string[] = []
    for (const page of pages.filter((p) => p.route)) {
      const holder = menus.find((menu) => index.screensOf(menu).includes(page.route))
      if (!holder) {
        withoutMenu.push(page.route)
        continue
      }
      const grant = index.grantOf({ menuRoutes: [holder], codes: [], siteLevel: false })
      for (const path of readsOfPage(page).paths) {
        const read = `GET ${path}`
        if (readKeys.has(read) && !grant.routes.has(read))
          problems.push(`${page.file}: ${read} (menu ${holder})`)
      }
    }
    expect(problems).toEqual([])
    // A page no menu shows is read by nobody: it must be reached from a menu (route under it, or a link).
    expect(withoutMenu, 'page files that no menu shows').toEqual(['/ets/delivery-area'])
  })

  it('grants each seeded role every read of every screen its own menu shows (and its Lovs)', async () => {
    const readKeys = new Set(readRoutes().map(key))
    const problems: string[] = []
    for (const who of callers) {
      const held = await grantsOf(who.roleId)
      const grant = index.grantOf(held)
      const facts = await lovFactsOf(app.db, who.tenantId, index)
      const shown = new Set(held.menuRoutes.flatMap((menu) => index.screensOf(menu)))
      for (const page of pages.filter((p) => p.route && shown.has(p.route))) {
        const reads = readsOfPage(page)
        for (const path of reads.paths) {
          const read = `GET ${path}`
          if (readKeys.has(read) && !grant.routes.has(read))
            problems.push(`${who.name}: ${page.file} reads ${read}`)
        }
        for (const code of reads.lovCodes)
          if (!mayUseLov(grant, facts, code)) problems.push(`${who.name}: ${page.file} uses the Lov ${code}`)
      }
      console.info(`${who.name}: ${shown.size} screens of its own menu checked`)
    }
    expect(problems).toEqual([])
  })
})
