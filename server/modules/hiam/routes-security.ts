/**
 * The tenant's password policy (hiam password-policy), the login log (hiam user/login-log: every sign-in
 * attempt of the tenant's users, with why a failure failed) and the miss-permission records (hiam
 * miss-permission-record: refusals of the permission guard, with "handled" and "grant the code").
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { badRequest, notFound } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { contains, dateTimeText, idParam, pageOf, PageQuery } from './paging.ts'
import { readPasswordPolicy } from './password-policy.ts'
import { ROLE_CODES } from './routes-roles.ts'
import { adminRoutes, type Scope } from './scope.ts'
import { NoBody, NoQuery } from '../../schemas.ts'
import { ConcurrentSessionsSchema } from '../oauth/devices.ts'

export const SECURITY_CODES = {
  policyEdit: 'hiam.passwordPolicy.button.edit',
  handle: 'hiam.missPermission.button.handle',
}

const count = (max: number) => Type.Integer({ minimum: 0, maximum: max })
const PolicyBody = Type.Object({
  tenantId: Type.Optional(Type.Integer()),
  objectVersionNumber: Type.Integer({ minimum: 0 }),
  minLength: Type.Integer({ minimum: 6, maximum: 64 }),
  maxLength: Type.Integer({ minimum: 6, maximum: 100 }),
  digits: count(10),
  lowercase: count(10),
  uppercase: count(10),
  specials: count(10),
  notLoginName: Type.Union([Type.Boolean(), count(1)]),
  checkAtSignIn: count(1),
  maxErrorTimes: Type.Integer({ minimum: 1, maximum: 20 }),
  lockMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  // Optional so that older clients saving the rules keep the tenant's choice (absent: unchanged).
  concurrentSessions: Type.Optional(ConcurrentSessionsSchema),
})
const LogQuery = Type.Object({
  ...PageQuery,
  loginName: Type.Optional(Type.String({ maxLength: 60 })),
  success: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
})
const CheckQuery = Type.Object({
  ...PageQuery,
  loginName: Type.Optional(Type.String({ maxLength: 60 })),
  permissionCode: Type.Optional(Type.String({ maxLength: 200 })),
  handledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
})

export const securityRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)
  const db = app.db
  const tenantOf = (scope: Scope) => scope.tenantId ?? scope.session.tenantId

  const policyRow = async (scope: Scope) => {
    const policy = await readPasswordPolicy(db, app.config, tenantOf(scope))
    return { ...policy, notLoginName: policy.notLoginName ? 1 : 0 }
  }
  // One row: the list page edits it in its drawer.
  routes.get(
    '/password-policy',
    { schema: { querystring: Type.Object(PageQuery) } },
    async (_request, scope) => pageOf([await policyRow(scope)], 1, 0, 10),
  )
  routes.put(
    '/password-policy',
    { preHandler: requirePermission(SECURITY_CODES.policyEdit), schema: { body: PolicyBody } },
    async (request, scope) => {
      const body = request.body as typeof PolicyBody.static
      if (body.maxLength < body.minLength)
        throw badRequest(
          'The maximum length must not be below the minimum length: raise the maximum or lower the minimum.',
          {
            maxLength: 'below minLength',
          },
        )
      const needed = body.digits + body.lowercase + body.uppercase + body.specials
      if (needed > body.maxLength)
        throw badRequest(
          `The rules ask for ${needed} characters but the maximum length is ${body.maxLength}: lower a count or raise the maximum.`,
          {
            maxLength: 'too small for the counts',
          },
        )
      const tenantId = tenantOf(scope)
      const { tenantId: _t, objectVersionNumber, ...values } = body
      const row = { ...values, notLoginName: body.notLoginName === true || body.notLoginName === 1 ? 1 : 0 }
      const current = await db
        .selectFrom('iamPasswordPolicy')
        .select('objectVersionNumber')
        .where('tenantId', '=', tenantId)
        .executeTakeFirst()
      if ((current?.objectVersionNumber ?? 0) !== objectVersionNumber)
        throw badRequest('The policy was changed by someone else: reload it and apply your change again.', {
          objectVersionNumber: 'stale',
        })
      if (current)
        await db
          .updateTable('iamPasswordPolicy')
          .set((eb) => ({ ...row, objectVersionNumber: eb('objectVersionNumber', '+', 1) }))
          .where('tenantId', '=', tenantId)
          .execute()
      else
        await db
          .insertInto('iamPasswordPolicy')
          .values({ tenantId, ...row })
          .execute()
      return policyRow(scope)
    },
  )

  routes.get('/login-logs', { schema: { querystring: LogQuery } }, async (request, scope) => {
    const q = request.query as typeof LogQuery.static
    let query = db.selectFrom('oauthLoginAttempt as a').leftJoin('iamUser as u', 'u.id', 'a.userId')
    if (scope.tenantId !== null) {
      const tenantId = scope.tenantId
      query = query.where((eb) =>
        eb.or([eb('a.tenantId', '=', tenantId), eb('u.organizationId', '=', tenantId)]),
      )
    }
    if (q.loginName) query = query.where('a.loginName', 'ilike', contains(q.loginName))
    if (q.success !== undefined) query = query.where('a.success', '=', q.success)
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .select([
        'a.id',
        'a.loginName',
        'u.realName',
        'a.success',
        'a.reason',
        'a.ip',
        'a.clientId',
        'a.userAgent',
        'a.attemptedAt',
      ])
      .orderBy('a.id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute()
    return pageOf(
      rows.map((r) => ({ ...r, logId: Number(r.id), attemptedAt: dateTimeText(r.attemptedAt) })),
      Number(total.n),
      page,
      size,
    )
  })

  const checks = (scope: Scope) => {
    let query = db.selectFrom('iamPermissionCheck')
    if (scope.tenantId !== null) query = query.where('tenantId', '=', scope.tenantId)
    return query
  }
  const shape = (r: { id: number; checkedAt: number } & Record<string, unknown>) => ({
    ...r,
    permissionCheckId: Number(r.id),
    checkedAt: dateTimeText(r.checkedAt),
  })
  routes.get('/permission-checks', { schema: { querystring: CheckQuery } }, async (request, scope) => {
    const q = request.query as typeof CheckQuery.static
    let query = checks(scope)
    if (q.loginName) query = query.where('loginName', 'ilike', contains(q.loginName))
    if (q.permissionCode) query = query.where('permissionCode', 'ilike', contains(q.permissionCode))
    if (q.handledFlag !== undefined) query = query.where('handledFlag', '=', q.handledFlag)
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute()
    return pageOf(rows.map(shape), Number(total.n), page, size)
  })
  const checkInScope = async (scope: Scope, id: number) => {
    const row = await checks(scope).selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(`Miss-permission record ${id} does not exist in your tenant: reload the list.`)
    return row
  }
  routes.get(
    '/permission-checks/:permissionCheckId',
    { schema: { querystring: NoQuery } },
    async (request, scope) => shape(await checkInScope(scope, idParam(request.params, 'permissionCheckId'))),
  )
  routes.post(
    '/permission-checks/:permissionCheckId/handle',
    { schema: { body: NoBody }, preHandler: requirePermission(SECURITY_CODES.handle) },
    async (request, scope) => {
      const id = idParam(request.params, 'permissionCheckId')
      await checkInScope(scope, id)
      await db.updateTable('iamPermissionCheck').set({ handledFlag: 1 }).where('id', '=', id).execute()
      return { permissionCheckId: id, handledFlag: 1 }
    },
  )
  // The detail screen saves the record's handled mark.
  const HandledBody = Type.Object({
    permissionCheckId: Type.Integer({ minimum: 1 }),
    handledFlag: Type.Integer({ minimum: 0, maximum: 1 }),
  })
  routes.put(
    '/permission-checks',
    { preHandler: requirePermission(SECURITY_CODES.handle), schema: { body: HandledBody } },
    async (request, scope) => {
      const body = request.body as typeof HandledBody.static
      await checkInScope(scope, body.permissionCheckId)
      await db
        .updateTable('iamPermissionCheck')
        .set({ handledFlag: body.handledFlag })
        .where('id', '=', body.permissionCheckId)
        .execute()
      return shape(await checkInScope(scope, body.permissionCheckId))
    },
  )
  routes.post(
    '/permission-checks/:permissionCheckId/grant',
    { schema: { body: NoBody }, preHandler: requirePermission(ROLE_CODES.grant) },
    async (request, scope) => {
      const id = idParam(request.params, 'permissionCheckId')
      const record = await checkInScope(scope, id)
      const role = await db
        .selectFrom('iamRole')
        .select('id')
        .where('id', '=', record.roleId)
        .executeTakeFirst()
      if (!role)
        throw badRequest(
          `Role ${record.roleId} of the record no longer exists: grant the code to another role on the role screen.`,
          { roleId: 'deleted' },
        )
      await db
        .insertInto('iamRolePermission')
        .values({ roleId: record.roleId, code: record.permissionCode })
        .onConflict((oc) => oc.columns(['roleId', 'code']).doNothing())
        .execute()
      await db.updateTable('iamPermissionCheck').set({ handledFlag: 1 }).where('id', '=', id).execute()
      return { permissionCheckId: id, handledFlag: 1, granted: record.permissionCode }
    },
  )
}
