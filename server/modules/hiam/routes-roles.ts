/**
 * Roles of a tenant (hiam role, role-tree and simple-role screens): list, create, edit, delete. A role's
 * menus and permission codes are its "authorities" (routes-role-authorities.ts).
 */
import { Type } from '@sinclair/typebox'
import { sql } from 'kysely'
import type { FastifyPluginAsync } from 'fastify'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { contains, pageOf, PageQuery, textIn } from './paging.ts'
import { checkLabels, hasLabel, labelsOf, saveLabels } from './labels.ts'
import { adminRoutes, type Scope } from './scope.ts'

export const ROLE_CODES = {
  create: 'hiam.role.button.create',
  edit: 'hiam.role.button.edit',
  delete: 'hiam.role.button.delete',
  grant: 'hiam.role.button.grant',
}

const RoleQuery = Type.Object({
  ...PageQuery,
  code: Type.Optional(Type.String({ maxLength: 60 })),
  name: Type.Optional(Type.String({ maxLength: 120 })),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  parentRoleId: Type.Optional(Type.Integer()),
  labelCode: Type.Optional(Type.String({ maxLength: 60 })),
})
const roleFields = {
  code: Type.String({
    pattern: '^[a-z][a-z0-9-]*$',
    maxLength: 60,
    description: 'Lower-case letters, digits and "-", starting with a letter (e.g. wh-supervisor).',
  }),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 240 }), Type.Null()])),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  parentRoleId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  /** Codes of the tenant's ROLE labels, separated by commas (replaces the role's labels). */
  labelCodes: Type.Optional(Type.Union([Type.String({ maxLength: 600 }), Type.Null()])),
}
const RoleCreate = Type.Object(roleFields)
const RoleUpdate = Type.Object({
  ...roleFields,
  roleId: Type.Integer({ minimum: 1 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
})
const RoleDelete = Type.Object({ roleId: Type.Integer({ minimum: 1 }) })

/** The role when it is in the caller's scope, else 404 (another tenant's role is not revealed). */
export async function roleInScope(db: Parameters<FastifyPluginAsync>[0]['db'], scope: Scope, roleId: number) {
  let query = db.selectFrom('iamRole').selectAll().where('id', '=', roleId)
  if (scope.tenantId !== null) query = query.where('tenantId', '=', scope.tenantId)
  const role = await query.executeTakeFirst()
  if (!role) throw notFound(`Role ${roleId} does not exist in your tenant: reload the role list.`)
  return role
}

export const roleRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)

  routes.get('/roles', { schema: { querystring: RoleQuery } }, async (request, scope) => {
    const q = request.query as typeof RoleQuery.static
    const language = scope.session.language
    let query = app.db
      .selectFrom('iamRole as r')
      .innerJoin('hpfmTenant as t', 't.id', 'r.tenantId')
      .leftJoin('iamRole as p', 'p.id', 'r.parentRoleId')
    if (scope.tenantId !== null) query = query.where('r.tenantId', '=', scope.tenantId)
    if (q.code) query = query.where('r.code', 'ilike', contains(q.code))
    if (q.name) query = query.where(sql<string>`r.names->>${language}`, 'ilike', contains(q.name))
    if (q.enabledFlag !== undefined) query = query.where('r.enabledFlag', '=', q.enabledFlag)
    if (q.parentRoleId !== undefined) query = query.where('r.parentRoleId', '=', q.parentRoleId)
    if (q.labelCode) query = query.where(hasLabel('ROLE', q.labelCode, 'r.id', { column: 'r.tenantId' }))
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .select([
        'r.id',
        'r.code',
        'r.names',
        'r.level',
        'r.tenantId',
        't.tenantName',
        'r.description',
        'r.enabledFlag',
        'r.parentRoleId',
        'p.names as parentNames',
        'r.objectVersionNumber',
      ])
      .select((eb) =>
        eb
          .selectFrom('iamMemberRole as m')
          .select((e) => e.fn.countAll<string>().as('c'))
          .whereRef('m.roleId', '=', 'r.id')
          .as('memberCount'),
      )
      .orderBy('r.tenantId')
      .orderBy('r.id')
      .limit(size)
      .offset(page * size)
      .execute()
    const labels = await labelsOf(
      app.db,
      scope.tenantId,
      'ROLE',
      rows.map((r) => Number(r.id)),
    )
    return pageOf(
      rows.map((r) => ({
        roleId: Number(r.id),
        labelCodes: labels.get(Number(r.id)) ?? null,
        code: r.code,
        name: textIn(r.names, language),
        level: r.level,
        tenantId: Number(r.tenantId),
        tenantName: r.tenantName,
        description: r.description,
        enabledFlag: r.enabledFlag,
        parentRoleId: r.parentRoleId === null ? null : Number(r.parentRoleId),
        parentRoleName: r.parentNames ? textIn(r.parentNames, language) : null,
        memberCount: Number(r.memberCount ?? 0),
        objectVersionNumber: r.objectVersionNumber,
      })),
      Number(total.n),
      page,
      size,
    )
  })

  const checkParent = async (scope: Scope, parentRoleId: number | null | undefined, self?: number) => {
    if (!parentRoleId) return
    if (parentRoleId === self)
      throw badRequest('A role cannot be its own parent role: pick another parent role, or none.', {
        parentRoleId: 'itself',
      })
    await roleInScope(app.db, scope, parentRoleId).catch(() => {
      throw badRequest(
        `Parent role ${parentRoleId} does not exist in your tenant: pick one from the role list.`,
        {
          parentRoleId: 'unknown role',
        },
      )
    })
  }
  const duplicate = async (tenantId: number, code: string, except?: number) => {
    let query = app.db
      .selectFrom('iamRole')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('code', '=', code)
    if (except) query = query.where('id', '!=', except)
    if (await query.executeTakeFirst())
      throw conflict(
        'error.role.code_exists',
        `Role code '${code}' already exists in this tenant: choose another.`,
      )
  }

  routes.post(
    '/roles',
    { preHandler: requirePermission(ROLE_CODES.create), schema: { body: RoleCreate } },
    async (request, scope) => {
      const body = request.body as typeof RoleCreate.static
      const tenantId = scope.tenantId ?? 0
      await checkParent(scope, body.parentRoleId)
      await duplicate(tenantId, body.code)
      await checkLabels(app.db, tenantId, 'ROLE', body.labelCodes ?? '')
      const created = await app.db
        .insertInto('iamRole')
        .values({
          code: body.code,
          names: JSON.stringify(Object.fromEntries(LANGUAGES.map((lang) => [lang, body.name]))),
          level: scope.tenantId === null ? 'site' : 'organization',
          tenantId,
          description: body.description ?? null,
          enabledFlag: body.enabledFlag ?? 1,
          parentRoleId: body.parentRoleId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (body.labelCodes) await saveLabels(app.db, tenantId, 'ROLE', Number(created.id), body.labelCodes)
      return { roleId: Number(created.id), ...body }
    },
  )

  routes.put(
    '/roles',
    { preHandler: requirePermission(ROLE_CODES.edit), schema: { body: RoleUpdate } },
    async (request, scope) => {
      const body = request.body as typeof RoleUpdate.static
      const role = await roleInScope(app.db, scope, body.roleId)
      if (body.code !== role.code)
        throw badRequest(
          'The role code cannot change once created (menus and seeds refer to it): keep the code, or create a new role.',
          {
            code: 'not updatable',
          },
        )
      await checkParent(scope, body.parentRoleId, body.roleId)
      const roleTenant = Number(role.tenantId)
      if (body.labelCodes !== undefined) await checkLabels(app.db, roleTenant, 'ROLE', body.labelCodes ?? '')
      const names = { ...(role.names as object), [scope.session.language]: body.name }
      const result = await app.db
        .updateTable('iamRole')
        .set((eb) => ({
          names: JSON.stringify(names),
          description: body.description ?? null,
          enabledFlag: body.enabledFlag ?? 1,
          parentRoleId: body.parentRoleId ?? null,
          objectVersionNumber: eb('objectVersionNumber', '+', 1),
        }))
        .where('id', '=', body.roleId)
        .where('objectVersionNumber', '=', body.objectVersionNumber)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0)
        throw conflict(
          'error.optimistic_lock',
          'The role was changed by someone else: reload it and apply your change again.',
        )
      if (body.labelCodes !== undefined)
        await saveLabels(app.db, roleTenant, 'ROLE', body.roleId, body.labelCodes ?? '')
      return { ...body, objectVersionNumber: body.objectVersionNumber + 1 }
    },
  )

  routes.delete(
    '/roles',
    { preHandler: requirePermission(ROLE_CODES.delete), schema: { body: RoleDelete } },
    async (request, scope) => {
      const { roleId } = request.body as typeof RoleDelete.static
      await roleInScope(app.db, scope, roleId)
      if (roleId === scope.session.roleId)
        throw badRequest('You cannot delete the role you are using: switch to another role first.', {
          roleId: 'current role',
        })
      const members = await app.db
        .selectFrom('iamMemberRole')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('roleId', '=', roleId)
        .executeTakeFirstOrThrow()
      if (Number(members.n) > 0)
        throw badRequest(
          `Role ${roleId} still has ${members.n} member(s): remove them under sub-accounts first, or disable the role.`,
          { roleId: 'has members' },
        )
      const children = await app.db
        .selectFrom('iamRole')
        .select('id')
        .where('parentRoleId', '=', roleId)
        .executeTakeFirst()
      if (children)
        throw badRequest(`Role ${roleId} is the parent of role ${children.id}: change that role first.`, {
          roleId: 'has child roles',
        })
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('iamRoleMenu').where('roleId', '=', roleId).execute()
        await trx.deleteFrom('iamRolePermission').where('roleId', '=', roleId).execute()
        await trx
          .deleteFrom('hiamLabelAssignment')
          .where('targetType', '=', 'ROLE')
          .where('targetId', '=', roleId)
          .execute()
        await trx.deleteFrom('oauthToken').where('roleId', '=', roleId).execute()
        await trx.deleteFrom('iamRole').where('id', '=', roleId).execute()
      })
      return { deleted: 1 }
    },
  )
}
