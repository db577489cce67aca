import { execFileSync } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { modelPath } from '../../server/modules/models/model-routes.ts'
import type { RouteEntry } from '../../server/plugins/route-table.ts'
import { injectAs, signIn, type Method } from '../../server/testing.ts'
import {
  createQuietTestApp,
  allPermissionCodes,
  apiRoutes,
  expectEnvelope,
  fillPath,
  isMutating,
  modelOfRoute,
  models,
  signInMember,
  TENANT_A,
  tenantFingerprint,
  validRow,
} from './support/security.ts'

/**
 * Mutating routes that check no permission code, each with the reason. Everything else that writes must
 * declare a guard (requirePermission, or config.permissionCodes for codes checked in the handler).
 */
const UNGUARDED: Record<string, string> = {
  'POST /api/hitf/v1/rest/invoke/:namespace/:serverCode/:interfaceCode':
    'inbound integration gateway: the caller authenticates as an hitf client (secret, role, IP whitelist), not a user',
  'PUT /api/hitf/v1/rest/invoke/:namespace/:serverCode/:interfaceCode':
    'inbound integration gateway (see POST)',
  'PATCH /api/hitf/v1/rest/invoke/:namespace/:serverCode/:interfaceCode':
    'inbound integration gateway (see POST)',
  'DELETE /api/hitf/v1/rest/invoke/:namespace/:serverCode/:interfaceCode':
    'inbound integration gateway (see POST)',
  'POST /api/oauth/login': 'the sign-in form itself (public; locked after repeated wrong passwords)',
  'POST /api/oauth/sso/saml':
    "SAML single sign-on's answer, posted by the browser before anyone is signed in (public; only a response signed by the domain's IdP certificate, for a request this server issued, signs a user in)",
  'POST /api/oauth/public/token/kickoff': 'reads whether a token was kicked off; changes nothing',
  'POST /api/iam/hzero/v1/menus/check-permissions':
    "a query sent as POST: which codes the caller's role holds",
  'PUT /api/iam/v1/users/roles': 'self-service: switch to another role the user holds',
  'PUT /api/iam/v1/users/tenant-id': 'self-service: switch to another tenant the user holds',
  'PUT /api/iam/hzero/v1/users/default-tenant': "self-service: the user's own default tenant",
  'PUT /api/iam/hzero/v1/users/default-language': "self-service: the user's own language",
  'PUT /api/iam/v1/users/default-language': "self-service: the user's own language",
  'PUT /api/hpfm/v1/:tenantId/data-hierarchies/switch':
    "self-service: the user's own data hierarchy (needs dataHierarchyFlag)",
  'PUT /api/hpfm/v1/data-hierarchies/switch':
    "self-service: the user's own data hierarchy (needs dataHierarchyFlag)",
  'PUT /api/iam/hzero/v1/users/self/layout-settings': "self-service: the user's own layout settings",
  'PUT /api/iam/hzero/v1/users/self': "self-service: the user's own profile",
  'PUT /api/iam/hzero/v1/users/self/date-formats': "self-service: the user's own date formats",
  'PUT /api/iam/hzero/v1/users/time-zone': "self-service: the user's own time zone",
  'PUT /api/iam/hzero/v1/users/self/menu-layout': "self-service: the user's own menu style",
  'PUT /api/iam/hzero/v1/users/password': 'self-service: needs the current password and the password policy',
  'POST /api/hpfm/v1/:tenantId/lovs/data': 'a query sent as POST: value-list rows, tenant-scoped',
  'POST /api/hpfm/v1/lovs/data': 'a query sent as POST: value-list rows of the session tenant',
  'POST /api/hpfm/v1/pub/lovs/data': 'a public query sent as POST: site-wide value lists only',
  'PUT /api/hpfm/v1/:tenantId/export-task/cancel': "the caller's own export task",
  'PUT /api/hpfm/v1/export-task/cancel': "the caller's own export task",
  'POST /api/hpfm/v1/:tenantId/export-task/retry':
    "the caller's own export task; the handler checks the model's export code again",
  'POST /api/hpfm/v1/export-task/retry':
    "the caller's own export task; the handler checks the model's export code again",
  'POST /api/hmsg/v1/:tenantId/messages/user/read-flag': "the caller's own messages",
  'POST /api/hmsg/v1/messages/user/read-flag': "the caller's own messages",
  'POST /api/hmsg/v1/:tenantId/messages/user/read-flag/all': "the caller's own messages",
  'POST /api/hmsg/v1/messages/user/read-flag/all': "the caller's own messages",
  'PUT /api/hmsg/v1/:tenantId/messages/user/detail':
    "the message screen's save: the caller's own message, marked read",
  'PUT /api/hmsg/v1/messages/user/detail': "the message screen's save: the caller's own message, marked read",
  'PUT /api/hmsg/v1/:tenantId/messages/user/detail/:type':
    "the message screen's save: the caller's own message, marked read",
  'PUT /api/hmsg/v1/messages/user/detail/:type':
    "the message screen's save: the caller's own message, marked read",
  'POST /api/hfle/v1/:tenantId/files/multipart':
    "any member uploads into their tenant, within the bucket's rule",
  'POST /api/hfle/v1/files/multipart': "any user uploads, within the bucket's rule",
  'POST /api/hfle/v1/:tenantId/files/uuid': 'opens an empty attachment group',
  'POST /api/hfle/v1/files/uuid': 'opens an empty attachment group',
  'POST /api/hfle/v1/:tenantId/files/attachment/multipart': "uploads into a group, within the bucket's rule",
  'POST /api/hfle/v1/files/attachment/multipart': "uploads into a group, within the bucket's rule",
  'POST /api/hfle/v1/:tenantId/files/delete-by-uuidurl':
    "the caller's own files; another user's needs hfle.file.delete, checked in the handler",
  'DELETE /api/hfle/v1/:tenantId/files/delete-by-uuidurl':
    "the caller's own files; another user's needs hfle.file.delete, checked in the handler",
  'POST /api/hfle/v1/files/delete-by-uuidurl':
    "the caller's own files; another user's needs hfle.file.delete, checked in the handler",
  'DELETE /api/hfle/v1/files/delete-by-uuidurl':
    "the caller's own files; another user's needs hfle.file.delete, checked in the handler",
  'POST /api/hpfm/v1/:tenantId/cusz-query-user-template': "the caller's own filter templates",
  'DELETE /api/hpfm/v1/:tenantId/cusz-query-user-template': "the caller's own filter templates",
  'POST /api/hpfm/v1/cusz-query-user-template': "the caller's own filter templates",
  'DELETE /api/hpfm/v1/cusz-query-user-template': "the caller's own filter templates",
  'POST /api/hpfm/v1/:tenantId/cusz-infos/singleSave': "the caller's own column settings",
  'POST /api/hpfm/v1/:tenantId/cusz-infos/singleDelete': "the caller's own column settings",
  'POST /api/hpfm/v1/cusz-infos/singleSave': "the caller's own column settings",
  'POST /api/hpfm/v1/cusz-infos/singleDelete': "the caller's own column settings",
}

/** `npm run permissions:manifest`: the codes the page files declare, with where. */
function pageManifest(): Record<string, Array<{ page: string; pointer: string }>> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/permissions-manifest.ts'], {
    encoding: 'utf8',
  })
  return JSON.parse(out)
}

let app: FastifyInstance
let everyCode: string[]
const key = (route: RouteEntry) => `${route.method} ${route.url}`

beforeAll(async () => {
  app = await createQuietTestApp()
  everyCode = await allPermissionCodes(app)
  // Every writable model needs a row of tenant A for the update and delete requests of the matrix.
  const admin = await signInMember(app, TENANT_A, everyCode)
  for (const [n, model] of models.filter((m) => m.tenantScoped !== false && !m.serverWritten).entries()) {
    const path = fillPath(modelPath(model), { tenantId: TENANT_A })
    if ((await injectAs(app, admin.token, 'GET', `${path}?size=1`)).json().totalElements) continue
    const created = await injectAs(
      app,
      admin.token,
      'POST',
      path,
      await validRow(app, model, TENANT_A, 600 + n),
    )
    expect(created.statusCode, `${model.entity}: ${created.body}`).toBe(201)
  }
})
afterAll(() => app.close())

describe('permission guards, from the route table', () => {
  it('has a guard on every mutating route, or a stated reason why not', () => {
    const mutating = apiRoutes(app).filter(isMutating)
    expect(mutating.length).toBeGreaterThan(5)
    const missing = mutating.filter((route) => !route.permissionCodes.length && !UNGUARDED[key(route)])
    expect(missing.map(key), 'guard these with requirePermission(code) or list them in UNGUARDED').toEqual([])
    const stale = Object.keys(UNGUARDED).filter((listed) => !mutating.some((route) => key(route) === listed))
    expect(stale, 'UNGUARDED names routes that no longer exist').toEqual([])
  })

  it('guards every action code the page files declare (npm run permissions:manifest)', () => {
    const guarded = new Set(apiRoutes(app).flatMap((route) => route.permissionCodes))
    const manifest = pageManifest()
    expect(Object.keys(manifest).length).toBeGreaterThan(0)
    const unguarded = Object.entries(manifest)
      .filter(([code]) => !guarded.has(code))
      .map(([code, uses]) => `${code} (${uses.map((use) => `${use.page}#${use.pointer}`).join(', ')})`)
    expect(unguarded, 'page actions whose code no server route checks').toEqual([])
  })

  it('knows every guarded code as a permission of the seed (iam_permission)', () => {
    const known = new Set(everyCode)
    const codes = [...new Set(apiRoutes(app).flatMap((route) => route.permissionCodes))]
    expect(codes.filter((code) => !known.has(code))).toEqual([])
  })
})

/**
 * A body for a route whose codes the handler checks by content: batch-save rows of the kind needing `code`,
 * or a header saved with (no) lines that is created or updated.
 */
async function bodyNeeding(route: RouteEntry, code: string): Promise<unknown> {
  const model = modelOfRoute(route)
  if (model && route.url.endsWith('/with-lines')) {
    const header =
      code === model.permissions?.create ? await validRow(app, model, TENANT_A, 701) : await firstRow(model)
    return { header, lines: [] }
  }
  if (!model || !route.url.endsWith('/batch-save')) return {}
  const kind = (Object.entries(model.permissions ?? {}) as Array<[string, string]>).find(
    ([, c]) => c === code,
  )?.[0]
  if (kind === 'create') return [{ ...(await validRow(app, model, TENANT_A, 700)), _status: 'create' }]
  const existing = await firstRow(model)
  return [{ ...existing, _status: kind === 'delete' ? 'delete' : 'update' }]
}

/** The list route checks the export code only when asked to export. */
function queryNeeding(route: RouteEntry, code: string): string {
  const model = modelOfRoute(route)
  const exporting = model && route.method === 'GET' && code === model.permissions?.export
  return exporting && code !== model.permissions?.query ? '?exportType=COLUMN' : ''
}

async function firstRow(model: ModelSchema): Promise<Record<string, unknown>> {
  // The tenant administrator: a member role holding every code is still limited by data permissions.
  const admin = { token: await signIn(app, 'admin', 'Admin@123') }
  const page = await injectAs(
    app,
    admin.token,
    'GET',
    `${fillPath(modelPath(model), { tenantId: TENANT_A })}?size=1`,
  )
  // A model the server alone writes (logs, import rows) may have no row yet: any well-formed row will do.
  return (
    page.json().content[0] ?? {
      ...(await validRow(app, model, TENANT_A, 702)),
      [model.primaryKey]: 1,
      objectVersionNumber: 1,
    }
  )
}

describe('permission matrix: a role lacking each code is refused', () => {
  it('answers 403 naming the code, for every guarded route and each of its codes, and writes nothing', async () => {
    const guarded = apiRoutes(app).filter((route) => route.permissionCodes.length)
    const before = await tenantFingerprint(app, TENANT_A)
    // One member whose role lacks exactly the code under test: the guard reads the role's codes per request.
    const member = await signInMember(app, TENANT_A, everyCode)
    const lacking = async (code: string, work: () => Promise<void>) => {
      await app.db
        .deleteFrom('iamRolePermission')
        .where('roleId', '=', member.roleId)
        .where('code', '=', code)
        .execute()
      try {
        await work()
      } finally {
        await app.db.insertInto('iamRolePermission').values({ roleId: member.roleId, code }).execute()
      }
    }
    let requests = 0
    for (const route of guarded) {
      for (const code of route.permissionCodes) {
        const url = fillPath(route.url, { tenantId: TENANT_A }) + queryNeeding(route, code)
        const payload = await bodyNeeding(route, code)
        await lacking(code, async () => {
          const response = await injectAs(app, member.token, route.method as Method, url, payload)
          requests++
          const body = expectEnvelope(response, [403])
          expect(body).toMatchObject({ code: 'error.forbidden' })
          expect(body.message).toBe(`No permission (${code}), contact the system administrator.`)
        })
      }
    }
    console.log(`permission matrix: ${guarded.length} guarded routes, ${requests} refused requests`)
    expect(await tenantFingerprint(app, TENANT_A)).toBe(before)
  }, 300_000) // one sign-in and one request per guarded code: grows with the codes, slow on a busy machine

  it('lets the same requests past the guard when the role holds every code (the matrix can fail)', async () => {
    const member = await signInMember(app, TENANT_A, everyCode)
    for (const route of apiRoutes(app).filter((r) => r.permissionCodes.length && isMutating(r))) {
      const url = fillPath(route.url, { tenantId: TENANT_A })
      const response = await injectAs(app, member.token, route.method as Method, url, {})
      expect(response.json().message ?? '', key(route)).not.toMatch(/^No permission/)
    }
  })
})
