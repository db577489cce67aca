import { execFileSync } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { modelPath } from '../../server/modules/models/model-routes.ts'
import type { RouteEntry } from '../../server/plugins/route-table.ts'
import { createTestApp, injectAs, type Method } from '../../server/testing.ts'
import {
  allPermissionCodes,
  apiRoutes,
  expectEnvelope,
  fillPath,
  isMutating,
  modelOfRoute,
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
  'POST /api/oauth/login': 'the sign-in form itself (public; locked after repeated wrong passwords)',
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
  // One sign-in per permission code: more than the sign-in rate limit allows a minute (not what is tested here).
  app = await createTestApp({ publicRateLimit: { signInPerMinute: 100_000, perMinute: 100_000 } })
  everyCode = await allPermissionCodes(app)
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
  const admin = await signInMember(app, TENANT_A, everyCode)
  const page = await injectAs(
    app,
    admin.token,
    'GET',
    `${fillPath(modelPath(model), { tenantId: TENANT_A })}?size=1`,
  )
  return page.json().content[0]
}

describe('permission matrix: a role lacking each code is refused', () => {
  it('answers 403 naming the code, for every guarded route and each of its codes, and writes nothing', async () => {
    const guarded = apiRoutes(app).filter((route) => route.permissionCodes.length)
    const before = await tenantFingerprint(app, TENANT_A)
    const lacking = new Map<string, string>()
    let requests = 0
    for (const route of guarded) {
      for (const code of route.permissionCodes) {
        if (!lacking.has(code)) {
          const member = await signInMember(
            app,
            TENANT_A,
            everyCode.filter((c) => c !== code),
          )
          lacking.set(code, member.token)
        }
        const url = fillPath(route.url, { tenantId: TENANT_A }) + queryNeeding(route, code)
        const response = await injectAs(
          app,
          lacking.get(code)!,
          route.method as Method,
          url,
          await bodyNeeding(route, code),
        )
        requests++
        const body = expectEnvelope(response, [403])
        expect(body).toMatchObject({ code: 'error.forbidden' })
        expect(body.message).toBe(`No permission (${code}), contact the system administrator.`)
      }
    }
    console.log(`permission matrix: ${guarded.length} guarded routes, ${requests} refused requests`)
    expect(await tenantFingerprint(app, TENANT_A)).toBe(before)
  }, 300_000) // one sign-in and one request per code of every guarded route: minutes on PGlite

  it('lets the same requests past the guard when the role holds every code (the matrix can fail)', async () => {
    const member = await signInMember(app, TENANT_A, everyCode)
    for (const route of apiRoutes(app).filter((r) => r.permissionCodes.length && isMutating(r))) {
      const url = fillPath(route.url, { tenantId: TENANT_A })
      const response = await injectAs(app, member.token, route.method as Method, url, {})
      expect(response.json().message ?? '', key(route)).not.toMatch(/^No permission/)
    }
  })
})
