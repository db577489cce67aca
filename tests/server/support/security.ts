import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { expect } from 'vitest'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { loadModelFiles } from '../../../server/bootstrap.ts'
import { modelPath } from '../../../server/modules/models/model-routes.ts'
import { snakeCase } from '../../../server/modules/models/naming.ts'
import type { Row } from '../../../server/modules/models/model-scope.ts'
import { hashPassword } from '../../../server/modules/oauth/passwords.ts'
import type { RouteEntry } from '../../../server/plugins/route-table.ts'
import type { AppConfig } from '../../../server/config.ts'
import { createTestApp, signIn } from '../../../server/testing.ts'

/** Tenant A is the caller's tenant in every security test; tenant B's data must stay out of reach. */
export const TENANT_A = 1
export const TENANT_B = 2

export const models: ModelSchema[] = loadModelFiles('schemas/models')

/** The API routes of the running app (server/plugins/route-table.ts), never a hand-picked list. */
export const apiRoutes = (app: FastifyInstance): RouteEntry[] =>
  app.routeTable.filter((route) => route.url.startsWith('/api/'))

export const isMutating = (route: RouteEntry) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method)

/** The model whose routes a path belongs to, if any. */
export const modelOfRoute = (route: RouteEntry) =>
  models.find((model) => route.url === modelPath(model) || route.url.startsWith(`${modelPath(model)}/`))

/** Fills `:name` placeholders; names without a value get `fallback`. */
export function fillPath(url: string, values: Record<string, string | number>, fallback = '1'): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? fallback)))
}

/** Every permission code the seed knows (iam_permission), e.g. to build a role holding all but one. */
export async function allPermissionCodes(app: FastifyInstance): Promise<string[]> {
  const rows = await app.db.selectFrom('iamPermission').select('code').execute()
  return rows.map((row) => row.code)
}

let userSeq = 0
/**
 * A new user whose only role is a new role of `tenantId` holding exactly `codes` (written with SQL into the
 * test's own database), signed in; answers its token and role id.
 */
export async function signInMember(
  app: FastifyInstance,
  tenantId: number,
  codes: string[],
): Promise<{ token: string; roleId: number; userId: number }> {
  // Explicit ids: the seed inserts its own ids without moving the sequences.
  const id = 9000 + ++userSeq
  const name = `sec-user-${id}`
  const password = 'Secure@123'
  const role = await app.db
    .insertInto('iamRole')
    .values({
      id,
      code: name,
      names: JSON.stringify({ zh_CN: name, en_US: name, zh_TW: name }),
      level: 'organization',
      tenantId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (codes.length) {
    await app.db
      .insertInto('iamRolePermission')
      .values(codes.map((code) => ({ roleId: role.id, code })))
      .execute()
  }
  const user = await app.db
    .insertInto('iamUser')
    .values({
      id,
      loginName: name,
      realName: name,
      email: null,
      passwordHash: await hashPassword(password),
      organizationId: 1,
      defaultTenantId: tenantId,
      language: 'en_US',
      timeZone: 'GMT+8',
      lockedUntil: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await app.db.insertInto('iamMemberRole').values({ userId: user.id, roleId: role.id }).execute()
  return { token: await signIn(app, name, password), roleId: role.id, userId: user.id }
}

/** The error envelope of the wire contract with `status`; answers the parsed body. */
export function expectEnvelope(response: LightMyRequestResponse, statuses: number[]) {
  expect(statuses, `${response.statusCode} ${response.body.slice(0, 300)}`).toContain(response.statusCode)
  const body = response.json()
  expect(body).toMatchObject({ failed: true, type: 'error', code: expect.any(String) })
  expect(typeof body.message).toBe('string')
  return body as { code: string; message: string }
}

/**
 * Values of fields a module checks beyond the model schema on save (a cron that must fire, SQL that must be a
 * read-only SELECT of the tenant): the generated rows use these instead of made-up text.
 */
export const SERVER_CHECKED_SAMPLES: Record<string, Record<string, string>> = {
  'hsdr/job-info': { cronExpression: '0 0 2 * * ? *', jobParams: '{}' },
  'hrpt/data-set': { sqlText: 'select warehouse_code from wmdm_warehouse where tenant_id = :tenantId' },
  // Units of measure and regions of /hpfm/mdm (seeded in both tenants).
  'wms/goods': { uomCode: 'EA' },
  // Members of a user group are user ids of the tenant (server/modules/hiam/identity-settings.ts): none here.
  'iam/user-group': { memberUserIds: '' },
  'wms/warehouse': { regionCode: 'CN-44' },
  'wms/customer': { regionCode: 'CN-44' },
  'wms/vendor': { regionCode: 'CN-44' },
  // A domain's page template: the path must be a sign-in layout (LOGIN) or a page of the app (INDEX).
  'iam/domain-template': { templatePath: '/workplace' },
  // A data permission rule names a model by its file and one of its fields (checked on save).
  'hpfm/permission-rule': { modelKey: 'wms/warehouse', fieldName: 'warehouseCode' },
}

/** A row of `model` that passes its schema and lookups in `tenantId` (`n` keeps unique keys unique). */
export async function validRow(app: FastifyInstance, model: ModelSchema, tenantId: number, n: number) {
  const row: Row = {}
  for (const field of model.fields) {
    if (field.readOnly || field.codeRule) continue
    if (!field.required && !field.pattern && field.type !== 'date') continue
    if (field.lookupCode) {
      const value = await app.db
        .selectFrom('hpfmLookupValue')
        .select('value')
        .where('lookupCode', '=', field.lookupCode)
        .where('tenantId', 'in', [0, tenantId])
        .executeTakeFirstOrThrow()
      row[field.name] = value.value
    } else if (field.format === 'quartz-cron') row[field.name] = '0 0 2 * * ?'
    else if (field.type === 'date') row[field.name] = '2026-05-01'
    else if (field.type === 'datetime') row[field.name] = '2026-05-01 08:00:00'
    // An integer of a unique key (a grant's user and warehouse) takes n, so rows n and n+1 do not collide.
    else if (field.type === 'integer' && model.uniqueKeys?.some((key) => key.fields.includes(field.name)))
      row[field.name] = field.max === undefined ? n : Math.min(n, field.max)
    else if (['integer', 'decimal', 'flag'].includes(field.type)) row[field.name] = 1
    else if (field.type === 'boolean') row[field.name] = true
    else if (field.type === 'json') row[field.name] = {}
    else {
      const candidates = [
        `SEC-${n}-${process.pid % 1000}`,
        '021 5555 0000',
        `sec text ${n}`,
        `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        '08:00-09:00',
        `https://example.com/sec-${n}`,
        `1.0.${n}`,
        `https://sec-${n}.example.com/`,
        `/sec/${n}`,
        `https://sec.example/${n}`,
        '#1890ff',
        `https://sec${n}.example.com/x`,
        `sec${n}x`,
        `wms/sec${n}`,
        `sec${n}@example.com`,
      ]
      const pattern = field.pattern ? new RegExp(field.pattern) : undefined
      const fitting = candidates.find((value) => !pattern || pattern.test(value))
      // An optional field no candidate fits (e.g. an attachment uuid) stays empty rather than invalid.
      if (fitting !== undefined || field.required) row[field.name] = fitting ?? candidates[0]
    }
  }
  Object.assign(row, SERVER_CHECKED_SAMPLES[modelKey(model)])
  // a line goes on a document of the tenant whose status takes line changes (models/line-document.ts)
  if (model.header) {
    const header = models.find((m) => m.service === model.service && m.entity === model.header!.entity)!
    const statuses = header.lifecycle?.linesEditable ?? header.lifecycle?.editable
    const status = header.lifecycle ? sql.ref(snakeCase(header.lifecycle.field)) : undefined
    const found = await sql<{ id: number }>`select ${sql.ref(snakeCase(header.primaryKey))} as id
      from ${sql.table(header.table)} where ${header.tenantScoped !== false ? sql`tenant_id = ${tenantId}` : sql`true`}
      ${statuses && status ? sql`and ${status} in (${sql.join(statuses)})` : sql``} order by 1 limit 1`.execute(
      app.db,
    )
    if (found.rows[0]) row[model.header.field] = Number(found.rows[0].id)
  }
  return row
}

/**
 * The test app of a file that compares fingerprints, with the scheduler's timer stopped: a seeded job due on the
 * wall clock (the 02:00 one) would otherwise run in the middle of a comparison and write its log. What requests
 * write is what these files check; "run once" still runs a job (it does not need the timer).
 */
export async function createQuietTestApp(config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await createTestApp(config)
  await app.scheduler.stop()
  return app
}

/** Columns the server's own timers write, left out of the fingerprint (snake case, as stored). */
const SCHEDULER_BOOKKEEPING: Record<string, string[]> = {
  hsdr_job_info: ['next_fire_time', 'scheduled_cron'],
}

/**
 * A fingerprint of every row of tenant `tenantId` in every model table: equal before and after = untouched.
 * One line per table, `<table>: <rows> rows, <md5 of the rows in key order>`, so a difference names the
 * table; read in one statement (a read per table made the isolation suite spend most of its time here).
 */
export async function tenantFingerprint(app: FastifyInstance, tenantId: number): Promise<string> {
  // A view (model with `view`) holds no rows of its own and may compute from the clock: its tables count.
  const parts = models
    .filter((m) => m.tenantScoped !== false && !m.view)
    .map((model) => {
      const left = (SCHEDULER_BOOKKEEPING[model.table] ?? []).map((column) => sql` - ${column}::text`)
      const row = sql`(to_jsonb(t)${sql.join(left, sql``)})::text`
      return sql`select ${model.table}::text as name, count(*)::int as rows,
        md5(coalesce(string_agg(${row}, '|' order by ${sql.ref(`t.${snakeCase(model.primaryKey)}`)}), '')) as sum
        from ${sql.table(model.table)} t where t.tenant_id = ${tenantId}`
    })
  const { rows } = await sql<{
    name: string
    rows: number
    sum: string
  }>`${sql.join(parts, sql` union all `)}`.execute(app.db)
  // In table order: PostgreSQL may answer the parts of a union all in any order (a parallel append).
  return rows
    .map((r) => `${r.name}: ${r.rows} rows, ${r.sum}`)
    .sort()
    .join('\n')
}
