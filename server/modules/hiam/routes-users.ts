/**
 * Users (hiam sub-account-org: a tenant's users; sub-account-site: every tenant's, for platform roles):
 * list, create with a first password, edit (a new password resets it), unlock; and their roles
 * (sub-account-org/api/{userId}; authority-management lists every member-role pair of the tenant).
 * Every new password passes the password policy of the user's tenant.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { passwordProblems } from '../../../renderer/contract/user-preferences.ts'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { hashPassword } from '../oauth/passwords.ts'
import { contains, dateTimeText, idParam, pageOf, PageQuery, slicePage, textIn } from './paging.ts'
import { checkLabels, hasLabel, labelsOf, saveLabels } from './labels.ts'
import { readPasswordPolicy } from './password-policy.ts'
import { roleInScope } from './routes-roles.ts'
import { adminRoutes, type Scope } from './scope.ts'
import { assertManagesAccount } from './account-guard.ts'
import { isUserOfTenant } from './tenant-users.ts'
import { NoBody } from '../../schemas.ts'

export const USER_CODES = {
  create: 'hiam.subAccount.button.create',
  edit: 'hiam.subAccount.button.edit',
  unlock: 'hiam.subAccount.button.unlock',
  assign: 'hiam.subAccount.button.assign',
}

const UserQuery = Type.Object({
  ...PageQuery,
  loginName: Type.Optional(Type.String({ maxLength: 60 })),
  realName: Type.Optional(Type.String({ maxLength: 120 })),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  labelCode: Type.Optional(Type.String({ maxLength: 60 })),
})
const Language = Type.Union(LANGUAGES.map((lang) => Type.Literal(lang)))
const Email = Type.Union([Type.String({ format: 'email', maxLength: 120 }), Type.Literal(''), Type.Null()])
const Phone = Type.Union([Type.String({ pattern: '^[0-9+() -]{5,30}$' }), Type.Literal(''), Type.Null()])
const editable = {
  realName: Type.String({ minLength: 1, maxLength: 120 }),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  language: Type.Optional(Language),
  timeZone: Type.Optional(Type.String({ pattern: '^GMT[+-]([0-9]|1[0-4])$' })),
  /** Codes of the tenant's USER labels, separated by commas (replaces the user's labels). */
  labelCodes: Type.Optional(Type.Union([Type.String({ maxLength: 600 }), Type.Null()])),
}
const UserCreate = Type.Object({
  ...editable,
  loginName: Type.String({ pattern: '^[A-Za-z0-9_.@-]{2,60}$', description: 'Letters, digits and _ . @ -' }),
  password: Type.String({ minLength: 1, maxLength: 100 }),
})
/** An update changes the fields it is sent and nothing else: every field but the id and the lock may be left out. */
const UserUpdate = Type.Object({
  ...editable,
  realName: Type.Optional(editable.realName),
  userId: Type.Integer({ minimum: 1 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
  newPassword: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
})
const RoleBody = Type.Object({ roleId: Type.Integer({ minimum: 1 }) })
const MemberBody = Type.Object({ userId: Type.Integer({ minimum: 1 }), roleId: Type.Integer({ minimum: 1 }) })
const MemberQuery = Type.Object({
  ...PageQuery,
  loginName: Type.Optional(Type.String({ maxLength: 60 })),
  roleId: Type.Optional(Type.Integer()),
})

export const userRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)
  const db = app.db

  /** Users a tenant administers: its own users and everyone holding one of its roles. */
  const usersOf = (scope: Scope) => {
    let query = db.selectFrom('iamUser as u').innerJoin('hpfmTenant as t', 't.id', 'u.organizationId')
    if (scope.tenantId !== null) {
      const tenantId = scope.tenantId
      query = query.where(isUserOfTenant(tenantId))
    }
    return query
  }
  const userInScope = async (scope: Scope, userId: number) => {
    const user = await usersOf(scope).selectAll('u').where('u.id', '=', userId).executeTakeFirst()
    if (!user) throw notFound(`User ${userId} does not exist in your tenant: reload the user list.`)
    return user
  }
  const checkPassword = async (password: string, loginName: string, tenantId: number, field: string) => {
    const policy = await readPasswordPolicy(db, app.config, tenantId)
    const problems = passwordProblems(password, loginName, policy)
    if (problems.length)
      throw badRequest(
        `The password needs ${problems.map((p) => p.message).join(', ')} (password policy): enter a password that meets it.`,
        {
          [field]: problems.map((p) => p.rule).join(','),
        },
      )
  }

  routes.get('/users', { schema: { querystring: UserQuery } }, async (request, scope) => {
    const q = request.query as typeof UserQuery.static
    let query = usersOf(scope)
    if (q.loginName) query = query.where('u.loginName', 'ilike', contains(q.loginName))
    if (q.realName) query = query.where('u.realName', 'ilike', contains(q.realName))
    if (q.enabledFlag !== undefined) query = query.where('u.enabledFlag', '=', q.enabledFlag)
    if (q.labelCode) query = query.where(hasLabel('USER', q.labelCode, 'u.id', scope.tenantId))
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const now = app.config.now()
    const rows = await query
      .select([
        'u.id',
        'u.loginName',
        'u.realName',
        'u.email',
        'u.phone',
        'u.enabledFlag',
        'u.language',
        'u.timeZone',
        'u.lockedUntil',
        'u.organizationId',
        't.tenantName',
        'u.passwordChangedAt',
        'u.objectVersionNumber',
      ])
      .orderBy('u.id')
      .limit(size)
      .offset(page * size)
      .execute()
    const labels = await labelsOf(
      db,
      scope.tenantId,
      'USER',
      rows.map((u) => Number(u.id)),
    )
    return pageOf(
      rows.map((u) => ({
        userId: Number(u.id),
        labelCodes: labels.get(Number(u.id)) ?? null,
        loginName: u.loginName,
        realName: u.realName,
        email: u.email,
        phone: u.phone,
        enabledFlag: u.enabledFlag,
        language: u.language,
        timeZone: u.timeZone,
        lockedFlag: u.lockedUntil && Number(u.lockedUntil) > now ? 1 : 0,
        organizationId: Number(u.organizationId),
        tenantName: u.tenantName,
        passwordChangedAt: dateTimeText(u.passwordChangedAt),
        objectVersionNumber: u.objectVersionNumber,
      })),
      Number(total.n),
      page,
      size,
    )
  })

  routes.post(
    '/users',
    { preHandler: requirePermission(USER_CODES.create), schema: { body: UserCreate } },
    async (request, scope) => {
      const body = request.body as typeof UserCreate.static
      const tenantId = scope.tenantId ?? scope.session.tenantId
      const taken = await db
        .selectFrom('iamUser')
        .select('id')
        .where('loginName', '=', body.loginName)
        .executeTakeFirst()
      if (taken)
        throw conflict(
          'error.user.login_name_exists',
          `Login name '${body.loginName}' is already used: choose another.`,
        )
      await checkPassword(body.password, body.loginName, tenantId, 'password')
      await checkLabels(db, tenantId, 'USER', body.labelCodes ?? '')
      const created = await db
        .insertInto('iamUser')
        .values({
          loginName: body.loginName,
          realName: body.realName,
          email: body.email || null,
          phone: body.phone || null,
          passwordHash: await hashPassword(body.password),
          organizationId: tenantId,
          defaultTenantId: tenantId,
          language: body.language ?? 'zh_CN',
          timeZone: body.timeZone ?? 'GMT+8',
          enabledFlag: body.enabledFlag ?? 1,
          lockedUntil: null,
          passwordChangedAt: app.config.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (body.labelCodes) await saveLabels(db, tenantId, 'USER', Number(created.id), body.labelCodes)
      const { password: _password, ...shown } = body
      return { userId: Number(created.id), ...shown, objectVersionNumber: 1 }
    },
  )

  routes.put(
    '/users',
    { preHandler: requirePermission(USER_CODES.edit), schema: { body: UserUpdate } },
    async (request, scope) => {
      const body = request.body as typeof UserUpdate.static
      const user = await userInScope(scope, body.userId)
      if (body.userId === scope.session.userId && body.enabledFlag === 0)
        throw badRequest('You cannot disable your own account: ask another administrator to do it.', {
          enabledFlag: 'own account',
        })
      const newPassword = body.newPassword || undefined
      // Only what is sent changes ('' clears an e-mail or phone); a field left out keeps its value.
      const profile = {
        ...(body.realName !== undefined ? { realName: body.realName } : {}),
        ...(body.email !== undefined ? { email: body.email || null } : {}),
        ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
        ...(body.enabledFlag !== undefined ? { enabledFlag: body.enabledFlag } : {}),
        ...(body.language !== undefined ? { language: body.language } : {}),
        ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
      }
      const changesAccount =
        !!newPassword ||
        (Object.keys(profile) as (keyof typeof profile)[]).some((key) => profile[key] !== user[key])
      // The edit form sends the whole user back: unchanged values and the tenant's labels need no account right.
      if (changesAccount) await assertManagesAccount(db, scope.session, body.userId)
      if (newPassword) await checkPassword(newPassword, user.loginName, user.organizationId, 'newPassword')
      const labelTenant = scope.tenantId ?? Number(user.organizationId)
      if (body.labelCodes !== undefined) await checkLabels(db, labelTenant, 'USER', body.labelCodes ?? '')
      const result = await db
        .updateTable('iamUser')
        .set((eb) => ({
          ...profile,
          ...(newPassword ? { passwordChangedAt: app.config.now(), failedCount: 0, lockedUntil: null } : {}),
          objectVersionNumber: eb('objectVersionNumber', '+', 1),
        }))
        .where('id', '=', body.userId)
        .where('objectVersionNumber', '=', body.objectVersionNumber)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0)
        throw conflict(
          'error.optimistic_lock',
          'The user was changed by someone else: reload and apply your change again.',
        )
      if (body.labelCodes !== undefined)
        await saveLabels(db, labelTenant, 'USER', body.userId, body.labelCodes ?? '')
      if (newPassword)
        await db
          .updateTable('iamUser')
          .set({ passwordHash: await hashPassword(newPassword) })
          .where('id', '=', body.userId)
          .execute()
      // A disabled account's sessions end at once.
      if (body.enabledFlag === 0)
        await db
          .updateTable('oauthToken')
          .set({ status: 'revoked' })
          .where('userId', '=', body.userId)
          .where('status', '=', 'live')
          .execute()
      const { newPassword: _hidden, ...shown } = body
      return { ...shown, objectVersionNumber: body.objectVersionNumber + 1 }
    },
  )

  routes.post(
    '/users/:userId/unlock',
    { schema: { body: NoBody }, preHandler: requirePermission(USER_CODES.unlock) },
    async (request, scope) => {
      const userId = idParam(request.params, 'userId')
      await userInScope(scope, userId)
      await assertManagesAccount(db, scope.session, userId)
      await db
        .updateTable('iamUser')
        .set({ lockedUntil: null, failedCount: 0 })
        .where('id', '=', userId)
        .execute()
      return { userId, lockedFlag: 0 }
    },
  )

  /** Every role of the tenant with whether the user holds it. */
  routes.get(
    '/users/:userId/roles',
    { schema: { querystring: Type.Object(PageQuery) } },
    async (request, scope) => {
      const userId = idParam(request.params, 'userId')
      await userInScope(scope, userId)
      const q = request.query as { page?: number; size?: number }
      let query = db
        .selectFrom('iamRole as r')
        .innerJoin('hpfmTenant as t', 't.id', 'r.tenantId')
        .select(['r.id', 'r.code', 'r.names', 'r.level', 't.tenantName', 'r.enabledFlag'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('iamMemberRole as m')
                .select('m.roleId')
                .whereRef('m.roleId', '=', 'r.id')
                .where('m.userId', '=', userId),
            )
            .as('held'),
        )
      if (scope.tenantId !== null) query = query.where('r.tenantId', '=', scope.tenantId)
      const rows = await query.orderBy('r.id').execute()
      return slicePage(
        rows.map((r) => ({
          roleId: Number(r.id),
          code: r.code,
          name: textIn(r.names, scope.session.language),
          level: r.level,
          tenantName: r.tenantName,
          enabledFlag: r.enabledFlag,
          assigned: r.held ? 1 : 0,
        })),
        q.page ?? 0,
        q.size ?? 10,
      )
    },
  )

  const assign = async (scope: Scope, userId: number, roleId: number) => {
    await userInScope(scope, userId)
    await roleInScope(db, scope, roleId)
    await db
      .insertInto('iamMemberRole')
      .values({ userId, roleId })
      .onConflict((oc) => oc.columns(['userId', 'roleId']).doNothing())
      .execute()
  }
  const unassign = async (scope: Scope, userId: number, roleId: number) => {
    await userInScope(scope, userId)
    await roleInScope(db, scope, roleId)
    if (userId === scope.session.userId && roleId === scope.session.roleId)
      throw badRequest('You cannot take away the role you are using: switch to another role first.', {
        roleId: 'current role',
      })
    const others = await db
      .selectFrom('iamMemberRole')
      .select('roleId')
      .where('userId', '=', userId)
      .where('roleId', '!=', roleId)
      .executeTakeFirst()
    if (!others)
      throw badRequest(
        "This is the user's last role: a user without a role cannot sign in. Assign another role first, or disable the user.",
        {
          roleId: 'last role',
        },
      )
    await db.deleteFrom('iamMemberRole').where('userId', '=', userId).where('roleId', '=', roleId).execute()
    // Sessions started in that role end (their permissions would otherwise outlive the assignment).
    await db
      .updateTable('oauthToken')
      .set({ status: 'revoked' })
      .where('userId', '=', userId)
      .where('roleId', '=', roleId)
      .where('status', '=', 'live')
      .execute()
  }

  routes.post(
    '/users/:userId/roles/assign',
    { preHandler: requirePermission(USER_CODES.assign), schema: { body: RoleBody } },
    async (request, scope) => {
      const userId = idParam(request.params, 'userId')
      const { roleId } = request.body as typeof RoleBody.static
      await assign(scope, userId, roleId)
      return { userId, roleId, assigned: 1 }
    },
  )
  routes.post(
    '/users/:userId/roles/unassign',
    { preHandler: requirePermission(USER_CODES.assign), schema: { body: RoleBody } },
    async (request, scope) => {
      const userId = idParam(request.params, 'userId')
      const { roleId } = request.body as typeof RoleBody.static
      await unassign(scope, userId, roleId)
      return { userId, roleId, assigned: 0 }
    },
  )

  /** Authority management: every (user, role) pair of the tenant. */
  routes.get('/member-roles', { schema: { querystring: MemberQuery } }, async (request, scope) => {
    const q = request.query as typeof MemberQuery.static
    let query = db
      .selectFrom('iamMemberRole as m')
      .innerJoin('iamUser as u', 'u.id', 'm.userId')
      .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    if (scope.tenantId !== null) query = query.where('r.tenantId', '=', scope.tenantId)
    if (q.loginName) query = query.where('u.loginName', 'ilike', contains(q.loginName))
    if (q.roleId) query = query.where('r.id', '=', q.roleId)
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .select([
        'u.id as userId',
        'u.loginName',
        'u.realName',
        'r.id as roleId',
        'r.code as roleCode',
        'r.names',
      ])
      .orderBy('u.id')
      .orderBy('r.id')
      .limit(size)
      .offset(page * size)
      .execute()
    return pageOf(
      rows.map((r) => ({
        memberRoleId: `${r.userId}-${r.roleId}`,
        userId: Number(r.userId),
        loginName: r.loginName,
        realName: r.realName,
        roleId: Number(r.roleId),
        roleCode: r.roleCode,
        roleName: textIn(r.names, scope.session.language),
      })),
      Number(total.n),
      page,
      size,
    )
  })
  routes.post(
    '/member-roles',
    { preHandler: requirePermission(USER_CODES.assign), schema: { body: MemberBody } },
    async (request, scope) => {
      const { userId, roleId } = request.body as typeof MemberBody.static
      await assign(scope, userId, roleId)
      return { memberRoleId: `${userId}-${roleId}`, userId, roleId }
    },
  )
  routes.delete(
    '/member-roles',
    { preHandler: requirePermission(USER_CODES.assign), schema: { body: MemberBody } },
    async (request, scope) => {
      const { userId, roleId } = request.body as typeof MemberBody.static
      await unassign(scope, userId, roleId)
      return { deleted: 1 }
    },
  )
}
