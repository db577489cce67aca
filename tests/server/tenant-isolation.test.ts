import type { FastifyInstance } from 'fastify'
import { modelKey, type ModelSchema } from '../../renderer/schema/model.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_LEVEL_ROUTES } from '../../server/modules/hiam/scope.ts'
import { modelPath } from '../../server/modules/models/model-routes.ts'
import { modelDb, type Row } from '../../server/modules/models/model-scope.ts'
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
  SERVER_CHECKED_SAMPLES,
  signInMember,
  TENANT_A,
  TENANT_B,
  tenantFingerprint,
  validRow,
} from './support/security.ts'

/**
 * Tenant isolation (DESIGN "Security model", issue 9), generated from the app's route table: a user of
 * tenant A only, holding every permission (so a refusal is the tenant's, not a missing code), against data of
 * tenant B written by B's administrator. Every string field of B's rows carries MARKER; no answer may contain it.
 */
const MARKER = 'TENANT-B-SECRET'

/**
 * Authenticated routes without a :tenantId path parameter: they act on the caller's own user or on the
 * session's current tenant, never on a tenant named by the caller. A new route must be added here with its
 * reason, given a :tenantId, or be public — else the classification test fails.
 */
/** Actions on a model's whole list (no record id) that work on the caller's tenant only, with the reason. */
const TENANT_WIDE_MODEL_ACTIONS: Record<string, string> = {
  'POST /evaluate': "warning rules: evaluates the caller's tenant's rules against its own stock",
  'POST /generate':
    "replenishment tasks: plans the caller's tenant's rules from its own stock; another tenant's warehouse is 404 (floor-replenish.test)",
  'POST /snapshot':
    "delivery progress: snapshots the session tenant's progress rows into its own snapshot rows",
}

const SESSION_SCOPED: Record<string, string> = {
  'GET /api/iam/hzero/v1/users/self': "the caller's own user",
  'GET /api/iam/hzero/v1/member-roles/self-roles': "the caller's own roles",
  'GET /api/iam/hzero/v1/users/self-tenants': "the caller's own tenants",
  'PUT /api/iam/v1/users/roles': 'switches among the roles the user holds (checked against membership)',
  'PUT /api/iam/v1/users/tenant-id': 'switches among the tenants the user holds (checked against membership)',
  'PUT /api/iam/hzero/v1/users/default-tenant': "the caller's own default, among the tenants the user holds",
  'PUT /api/iam/hzero/v1/users/default-language': "the caller's own language",
  'PUT /api/iam/v1/users/default-language': "the caller's own language",
  'GET /api/iam/hzero/v1/menus/tree': "the menus of the session's role",
  'POST /api/iam/hzero/v1/menus/check-permissions': "answers which codes the session's role holds",
  'GET /api/hpfm/v1/lovs/data': "value sets of the session's tenant (and the platform's)",
  'GET /api/hpfm/v1/lovs/value': "value sets of the session's tenant (and the platform's)",
  'GET /api/hpfm/v1/lovs/value/batch': "value sets of the session's tenant (and the platform's)",
  'GET /api/hpfm/v1/prompt/:lang': "texts of the session's tenant (and the platform's)",
  'GET /api/iam/hzero/v1/users/self/layout-settings': "the caller's own layout settings",
  'PUT /api/iam/hzero/v1/users/self/layout-settings': "the caller's own layout settings",
  'PUT /api/iam/hzero/v1/users/self': "the caller's own profile",
  'PUT /api/iam/hzero/v1/users/self/date-formats': "the caller's own date formats",
  'PUT /api/iam/hzero/v1/users/time-zone': "the caller's own time zone",
  'PUT /api/iam/hzero/v1/users/self/menu-layout': "the caller's own menu style",
  'GET /api/iam/hzero/v1/users/password-policy': "the platform's password policy (no tenant data)",
  'PUT /api/iam/hzero/v1/users/password': "the caller's own password",
  'POST /api/iam/hzero/v1/menus':
    "a tenant role writes its own tenant's menus only, site menus are read-only to it (shared-records.test.ts); guarded by hiam.menu.button.create",
  'PUT /api/iam/hzero/v1/menus':
    "a tenant role writes its own tenant's menus only, site menus are read-only to it (shared-records.test.ts); guarded by hiam.menu.button.update",
  'POST /api/hpfm/v1/lovs/data': "value lists of the session's tenant (and the platform's)",
  'GET /api/hpfm/v1/lov-view/info': "view definitions of the session's tenant (and the platform's)",
  'GET /api/hpfm/v1/self/export-task': "the caller's own export tasks",
  'GET /api/hpfm/v1/export-task': "export tasks of the session's tenant",
  'PUT /api/hpfm/v1/export-task/cancel': "the caller's own export task",
  'POST /api/hpfm/v1/export-task/retry': "the caller's own export task",
  'GET /api/hmsg/v1/messages/user/count': "the caller's own messages",
  'GET /api/hmsg/v1/messages/user': "the caller's own messages",
  'GET /api/hmsg/v1/messages/user/:userMessageId': "the caller's own messages (another user's id is 404)",
  'POST /api/hmsg/v1/messages/user/read-flag': "the caller's own messages",
  'POST /api/hmsg/v1/messages/user/read-flag/all': "the caller's own messages",
  'POST /api/hmsg/v1/messages/user/read-all': "the caller's own messages",
  'GET /api/hmsg/v1/messages/user/detail/:userMessageId':
    "the caller's own messages (another user's id is 404)",
  'GET /api/hmsg/v1/messages/user/detail/:type/:userMessageId':
    "the caller's own messages (another user's id is 404)",
  'PUT /api/hmsg/v1/messages/user/detail': "the caller's own messages (another user's id is 404)",
  'PUT /api/hmsg/v1/messages/user/detail/:type': "the caller's own messages (another user's id is 404)",
  'DELETE /api/hmsg/v1/notices': "draft notices of the session's tenant (another tenant's id is 404)",
  'POST /api/hmsg/v1/messages/user/send': "to users of the session's tenant only",
  'GET /api/hmsg/v1/notices': "notices of the session's tenant",
  'GET /api/hmsg/v1/notices/:noticeId': "notices of the session's tenant (another tenant's id is 404)",
  'POST /api/hmsg/v1/notices': "written to the session's tenant",
  'PUT /api/hmsg/v1/notices': "notices of the session's tenant",
  'DELETE /api/hmsg/v1/notices/:noticeId': "notices of the session's tenant",
  'POST /api/hmsg/v1/notices/:noticeId/publish': "notices of the session's tenant",
  'POST /api/hfle/v1/files/multipart': "stored under the session's tenant",
  'GET /api/hfle/v1/files/download': "files of the session's tenant (another tenant's is 404)",
  'GET /api/hfle/v1/files/signedUrl': "files of the session's tenant",
  'GET /api/hfle/v1/files/redirect-url': "files of the session's tenant",
  'POST /api/hfle/v1/files/uuid': "a new group of the session's tenant",
  'POST /api/hfle/v1/files/attachment/multipart': "stored under the session's tenant",
  'GET /api/hfle/v1/files/:uuid/file': "groups of the session's tenant",
  'POST /api/hfle/v1/files/delete-by-uuidurl': "files of the session's tenant",
  'DELETE /api/hfle/v1/files/delete-by-uuidurl': "files of the session's tenant",
  'GET /api/hpfm/v1/multi-language': "the record is read through its model's tenant scope",
  'GET /api/hpfm/v1/cusz-query-user-template/current-user-template': "the caller's own filter templates",
  'GET /api/hpfm/v1/cusz-query-user-template/config-field': 'fields of a model (no tenant data)',
  'POST /api/hpfm/v1/cusz-query-user-template': "the caller's own filter templates",
  'DELETE /api/hpfm/v1/cusz-query-user-template': "the caller's own filter templates",
  'GET /api/hpfm/v1/cusz-infos/detail': "the caller's own column settings",
  'POST /api/hpfm/v1/cusz-infos/singleSave': "the caller's own column settings",
  'POST /api/hpfm/v1/cusz-infos/singleDelete': "the caller's own column settings",
  'GET /api/hpfm/v1/page-schemas': "page files are the installation's, the same for every tenant",
  'GET /api/hpfm/v1/page-schemas/page': "page files are the installation's, the same for every tenant",
  'POST /api/hpfm/v1/page-schemas/check':
    "checks a page text against the installation's files and the session tenant's Lov views; writes nothing",
  'GET /api/hpfm/v1/page-designer/file': 'a page file of the installation, the same for every tenant',
  'PUT /api/hpfm/v1/page-designer/file':
    "writes a page file of the installation (checked against the session tenant's Lov views), guarded by hpfm.page-designer.save",
  'POST /api/hpfm/v1/page-designer/model-field':
    "adds a field to a model file of the installation, a site-level role's only, guarded by hpfm.page-designer.save",
  'GET /api/hpfm/v1/page-schemas/document':
    "derived from the installation's page and model files, the same for every tenant",
  'GET /api/hpfm/v1/data-hierarchies/switch/value':
    "the session's tenant and the caller's own data hierarchy choice (site-role form)",
  'GET /api/hpfm/v1/data-hierarchies/switch/value/details':
    "the session's tenant and the caller's own data hierarchy choice (site-role form)",
  'GET /api/hpfm/v1/data-hierarchies/switch/details':
    "the session's tenant and the caller's own data hierarchy choice (site-role form)",
  'GET /api/hpfm/v1/data-hierarchies/switch/display-style/value':
    "the session's tenant and the caller's own data hierarchy choice (site-role form)",
  'GET /api/hpfm/v1/data-hierarchies/display-style/value':
    "the session's tenant and the caller's own data hierarchy choice (site-role form)",
  'PUT /api/hpfm/v1/data-hierarchies/switch':
    "the session's tenant and the caller's own data hierarchy choice (site-role form)",
}

type Kind = 'public' | 'tenant-path' | 'session-scoped' | 'site-model'
function classify(route: RouteEntry): Kind | undefined {
  if (route.public) return 'public'
  if (route.url.includes(':tenantId')) return 'tenant-path'
  if (SESSION_SCOPED[`${route.method} ${route.url}`]) return 'session-scoped'
  // hiam administration: the site-level twin of each tenant-level route (refused unless the role is site level).
  if (SITE_LEVEL_ROUTES[`${route.method} ${route.url}`]) return 'session-scoped'
  if (modelOfRoute(route)?.tenantScoped === false) return 'site-model'
  return undefined
}

/**
 * Models whose create checks its references against master data of the same tenant (a line's document, goods
 * of the document's owner, a location of its warehouse): the generic row of ids 1 is refused with 400 in
 * tenant B, so their tenant-B row is written straight into the table — isolation is about what tenant A can
 * reach, not how B's row came to be.
 */
const CREATED_IN_TABLE: Record<string, string> = {
  inboundOrder: 'warehouse, owner and receiving location must exist in the tenant',
  inboundOrderLine: 'its order must exist in the tenant and be NEW; goods of the order owner',
  stockAdjust: 'warehouse and owner must exist in the tenant',
  stockAdjustLine: 'its adjustment must exist in the tenant and be NEW',
  stockCount: 'warehouse must exist in the tenant',
  stockLock: 'goods of its owner and a location of its warehouse must exist in the tenant',
  stockCountLine: "count lines are written by the count's start action only",
  inboundNoticeOrder: 'goods of its owner and a receiving location of its warehouse must exist in the tenant',
  inventoryTransfer: 'goods of its owner and locations of its warehouses must exist in the tenant',
  stockReplacement: 'goods of its owner and locations of its warehouse must exist in the tenant',
  qualityCheck: 'goods of its owner and a location of its warehouse must exist in the tenant',
  requisitionNote: 'goods of its owner and a location of its warehouse must exist in the tenant',
  customerReturn: 'warehouse and owner must exist in the tenant; a QC location of its warehouse',
  customerReturnLine: 'its return must exist in the tenant and be NEW; goods of the return owner',
  vendorReturn: 'goods of its owner and a location of its warehouse must exist in the tenant',
}
/** Models whose generic create is refused by design (the rows come from a document's action), with the reason. */
const CREATE_REFUSED: Record<string, string> = {
  stockCountLine: "count lines are written by the count's start action only",
}

let app: FastifyInstance
let tokenA: string
let tokenB: string
/** Rows of tenant B, one per tenant-scoped model, by table. */
const rowsOfB = new Map<string, Row>()
const tried = { endpoints: new Set<string>(), requests: 0 }
const tenantModels = models.filter((model) => model.tenantScoped !== false)

const call = (token: string, method: string, url: string, payload?: unknown) => {
  tried.requests++
  return injectAs(app, token, method as Method, url, payload)
}

beforeAll(async () => {
  app = await createQuietTestApp()
  tokenA = (await signInMember(app, TENANT_A, await allPermissionCodes(app))).token
  tokenB = await signIn(app, 'manager', 'Manager@123')
  // documents before their lines (a line is written only on a document of its tenant: validRow picks one)
  const depth = (model: ModelSchema): number =>
    model.header
      ? 1 + depth(models.find((m) => m.service === model.service && m.entity === model.header!.entity)!)
      : 0
  const ordered = [...tenantModels].sort((a, b) => depth(a) - depth(b))
  for (const [n, model] of ordered.entries()) {
    if (model.serverWritten) continue // no write endpoint: its rows come from the documents that move stock
    const row = await validRow(app, model, TENANT_B, n)
    for (const field of model.fields) {
      // set by the server only: a body may not carry it (read-only fields, and numbers a code rule assigns)
      if (field.readOnly || field.codeRule) continue
      if (SERVER_CHECKED_SAMPLES[modelKey(model)]?.[field.name] !== undefined) continue
      if (field.format) continue // a value of a checked format (a Quartz cron) cannot carry the marker
      if (field.type === 'text' || (field.type === 'string' && !field.pattern && !field.lookupCode))
        row[field.name] = MARKER
    }
    if (CREATED_IN_TABLE[model.entity]) {
      const inserted = await modelDb(app.db)
        .insertInto(model.table)
        .values({ ...row, tenantId: TENANT_B, objectVersionNumber: 1, createdBy: -1, lastUpdatedBy: -1 })
        .returningAll()
        .executeTakeFirstOrThrow()
      rowsOfB.set(model.table, inserted)
      continue
    }
    const created = await injectAs(
      app,
      tokenB,
      'POST',
      fillPath(modelPath(model), { tenantId: TENANT_B }),
      row,
    )
    expect(created.statusCode, created.body).toBe(201)
    rowsOfB.set(model.table, created.json())
  }
})
afterAll(async () => {
  console.log(
    `tenant isolation: ${tried.endpoints.size} endpoints, ${tried.requests} requests as a tenant-${TENANT_A} user`,
  )
  await app.close()
})

describe('tenant isolation, from the route table', () => {
  it('knows every API route: public, with a :tenantId, or scoped to the session with a stated reason', () => {
    const routes = apiRoutes(app)
    expect(routes.length).toBeGreaterThan(20)
    const unclassified = routes.filter((route) => !classify(route)).map((r) => `${r.method} ${r.url}`)
    expect(
      unclassified,
      'add a :tenantId parameter or list the route in SESSION_SCOPED with a reason',
    ).toEqual([])
  })

  it("refuses tenant B's id in the path of every tenant-level route with 403/404 and no data", async () => {
    const before = await tenantFingerprint(app, TENANT_B)
    const routes = apiRoutes(app).filter((route) => classify(route) === 'tenant-path')
    for (const route of routes) {
      const id = rowsOfB.get(modelOfRoute(route)?.table ?? '')?.[modelOfRoute(route)?.primaryKey ?? ''] ?? 1
      const url = fillPath(route.url, { tenantId: TENANT_B, id: String(id), lang: 'en_US' })
      tried.endpoints.add(`${route.method} ${route.url}`)
      const response = await call(tokenA, route.method, url, isMutating(route) ? {} : undefined)
      const body = expectEnvelope(response, [403, 404])
      expect(response.body).not.toContain(MARKER)
      if (response.statusCode === 403) expect(body.message).toContain(`Tenant ${TENANT_B}`)
    }
    expect(await tenantFingerprint(app, TENANT_B)).toBe(before)
  })

  it('ignores a tenantId in the query of session-scoped and own-tenant reads: no row of tenant B shows', async () => {
    const reads = apiRoutes(app).filter(
      (route) => route.method === 'GET' && ['tenant-path', 'session-scoped'].includes(classify(route)!),
    )
    for (const route of reads) {
      tried.endpoints.add(`${route.method} ${route.url}`)
      const url = fillPath(route.url, { tenantId: TENANT_A, lang: 'en_US' }, '1')
      const response = await call(tokenA, 'GET', `${url}?tenantId=${TENANT_B}&size=1000`)
      expect(response.statusCode, `${route.url}: ${response.body.slice(0, 200)}`).toBeLessThan(500)
      expect(response.body).not.toContain(MARKER)
    }
  })
})

describe.each(
  tenantModels.filter((model) => !model.serverWritten).map((model) => [model.entity, model] as const),
)('tenant isolation of %s records', (_entity, model) => {
  const base = () => fillPath(modelPath(model), { tenantId: TENANT_A })
  const rowOfB = () => rowsOfB.get(model.table)!
  /** B's row as tenant A would send it: its own tenantId (a body naming B is refused before the id is read). */
  const rowOfBAsA = () => ({ ...rowOfB(), tenantId: TENANT_A })
  const keyOfB = () => ({
    [model.primaryKey]: rowOfB()[model.primaryKey],
    objectVersionNumber: rowOfB().objectVersionNumber,
  })

  it("answers 404 for tenant B's record id on get, update, delete and batch-save, and changes nothing", async () => {
    const routes = apiRoutes(app).filter((route) => modelOfRoute(route) === model)
    const kinds = new Map(
      routes.map((route) => [`${route.method} ${route.url.slice(modelPath(model).length)}`, route]),
    )
    // GET /aggregate names no record id to try: it reads the list's rows, scoped the same way.
    const known = [
      'GET ',
      'GET /:id',
      'GET /aggregate',
      'POST ',
      'PUT ',
      'DELETE ',
      'POST /batch-save',
      'POST /with-lines',
      ...(model.lifecycle?.transitions ?? []).map((t) => `POST /:id/${t.action}`),
      ...Object.keys(TENANT_WIDE_MODEL_ACTIONS),
      // Collection reads and actions of server modules (wmdm, hpfm), limited to the caller's tenant like the
      // list; general templates' render (by code, the caller's tenant only) is tried across tenants in
      // general-templates.test.ts.
      'GET /accessibleList',
      'GET /query-default-warehourse-permissions',
      'GET /convert',
      'POST /convert',
      'GET /render',
    ]
    // Actions a module adds on a record (POST <model path>/:id/<action>) are tried with tenant B's id below.
    const recordActions = [...kinds.keys()].filter(
      (kind) => /^POST \/:\w+\/[\w-]+$/.test(kind) && !known.includes(kind),
    )
    known.push(...recordActions)
    // Reads a module adds on a record (GET <model path>/:id/<what>) are tried with tenant B's id too.
    const recordReads = [...kinds.keys()].filter(
      (kind) => /^GET \/:\w+\/[\w-]+$/.test(kind) && !known.includes(kind),
    )
    known.push(...recordReads)
    expect(
      [...kinds.keys()].filter((kind) => !known.includes(kind)),
      'a new model route: test it here',
    ).toEqual([])
    const before = await tenantFingerprint(app, TENANT_B)
    const attempts: Array<[string, string, unknown]> = [
      ['GET', `${base()}/${String(rowOfB()[model.primaryKey])}`, undefined],
      ['PUT', base(), { ...rowOfBAsA(), ...keyOfB() }],
      ['DELETE', base(), keyOfB()],
      ['DELETE', base(), [keyOfB()]],
      ['POST', `${base()}/batch-save`, [{ ...rowOfBAsA(), ...keyOfB(), _status: 'update' }]],
      ['POST', `${base()}/batch-save`, [{ ...keyOfB(), _status: 'delete' }]],
      ['POST', `${base()}/with-lines`, { header: { ...rowOfBAsA(), ...keyOfB() }, lines: [] }],
      ...recordActions.map((kind): [string, string, unknown] => [
        'POST',
        `${base()}/${String(rowOfB()[model.primaryKey])}/${kind.split('/').at(-1)!}`,
        keyOfB(),
      ]),
      ...(model.lifecycle?.transitions ?? []).map((t): [string, string, unknown] => [
        'POST',
        `${base()}/${String(rowOfB()[model.primaryKey])}/${t.action}`,
        keyOfB(),
      ]),
      ...recordReads.map((kind): [string, string, unknown] => [
        'GET',
        `${base()}/${String(rowOfB()[model.primaryKey])}/${kind.split('/').at(-1)!}`,
        undefined,
      ]),
      ...recordActions.map((kind): [string, string, unknown] => [
        'POST',
        `${base()}/${String(rowOfB()[model.primaryKey])}/${kind.split('/').at(-1)!}`,
        keyOfB(),
      ]),
    ]
    for (const [method, url, payload] of attempts) {
      tried.endpoints.add(`${method} ${url}`)
      const response = await call(tokenA, method, url, payload)
      const body = expectEnvelope(response, [404])
      expect(body.message).toContain('does not exist (or is not yours)')
      expect(response.body).not.toContain(MARKER)
    }
    const list = await call(tokenA, 'GET', `${base()}?size=1000&tenantId=${TENANT_B}`)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().content.every((row: Row) => row.tenantId === TENANT_A)).toBe(true)
    expect(await tenantFingerprint(app, TENANT_B)).toBe(before)
  })

  it('refuses a body naming tenant B (create, update, batch-save, with-lines) with 403; its own id or none is accepted', async () => {
    const before = await tenantFingerprint(app, TENANT_B)
    const hasWithLines = apiRoutes(app).some(
      (route) => modelOfRoute(route) === model && route.url.endsWith('/with-lines'),
    )
    const own = await validRow(app, model, TENANT_A, 900)
    const naming = { ...own, tenantId: TENANT_B }
    const attempts: Array<[string, string, unknown]> = [
      ['POST', base(), naming],
      ['POST', base(), { ...own, tenantId: String(TENANT_B) }],
      ['PUT', base(), { ...naming, [model.primaryKey]: 1, objectVersionNumber: 1 }],
      ['POST', `${base()}/batch-save`, [{ ...naming, _status: 'create' }]],
      [
        'POST',
        `${base()}/batch-save`,
        [
          { ...own, _status: 'create' },
          { ...naming, _status: 'create' },
        ],
      ],
      ['DELETE', base(), [{ [model.primaryKey]: 1, objectVersionNumber: 1, tenantId: TENANT_B }]],
      ...(hasWithLines
        ? ([
            ['POST', `${base()}/with-lines`, { header: naming, lines: [] }],
            [
              'POST',
              `${base()}/with-lines`,
              {
                header: own,
                lines: [
                  {
                    key: 'lines',
                    resource: model.resource,
                    parentField: 'id',
                    rows: [{ ...naming, _status: 'create' }],
                  },
                ],
              },
            ],
          ] as Array<[string, string, unknown]>)
        : []),
    ]
    for (const [method, url, payload] of attempts) {
      tried.endpoints.add(`${method} ${url}`)
      const response = await call(tokenA, method, url, payload)
      const body = expectEnvelope(response, [403])
      expect(body.message).toContain(`names tenant ${TENANT_B}`)
      expect(body.message).toContain(`send tenantId ${TENANT_A} or leave it out`)
    }
    expect(await tenantFingerprint(app, TENANT_B)).toBe(before)
    if (CREATE_REFUSED[model.entity] || model.entity === 'inboundOrderLine') return // no generic create to accept
    const created = await call(tokenA, 'POST', base(), { ...own, tenantId: TENANT_A })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().tenantId).toBe(TENANT_A)
    const updated = await call(tokenA, 'PUT', base(), created.json<Row>())
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().tenantId).toBe(TENANT_A)
    const { tenantId: _omitted, ...without } = await validRow(app, model, TENANT_A, 901)
    const batch = await call(tokenA, 'POST', `${base()}/batch-save`, [{ ...without, _status: 'create' }])
    expect(batch.statusCode, batch.body).toBe(200)
    expect(batch.json()[0].tenantId).toBe(TENANT_A)
    expect(await tenantFingerprint(app, TENANT_B)).toBe(before)
  })
})
