/**
 * Platform administration (site level): tenants (hiam tenants) and the OAuth clients sign-in accepts (hiam
 * client). Reading is open to the screens' users (a tenant role sees its own tenants); every change needs a
 * platform role. A new tenant gets its administrator role (every code, every tenant-level menu) at once.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { contains, pageOf, PageQuery } from './paging.ts'
import { requireSiteRole } from './site-role.ts'
import { adminRoutes } from './scope.ts'
import { SITE_MENU_TENANT } from '../iam/menu-scope.ts'

export const PLATFORM_CODES = {
  tenantCreate: 'hiam.tenant.button.create',
  tenantEdit: 'hiam.tenant.button.edit',
  clientCreate: 'hiam.client.button.create',
  clientEdit: 'hiam.client.button.edit',
  clientDelete: 'hiam.client.button.delete',
}

const TenantQuery = Type.Object({
  ...PageQuery,
  tenantNum: Type.Optional(Type.String({ maxLength: 30 })),
  tenantName: Type.Optional(Type.String({ maxLength: 120 })),
})
const tenantFields = {
  tenantName: Type.String({ minLength: 1, maxLength: 120 }),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 240 }), Type.Null()])),
}
const TenantCreate = Type.Object({
  ...tenantFields,
  tenantNum: Type.String({
    pattern: '^[A-Z0-9_-]{2,30}$',
    description: 'Upper-case letters, digits, _ and -',
  }),
})
const TenantUpdate = Type.Object({
  ...tenantFields,
  tenantId: Type.Integer({ minimum: 0 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
})

const ClientQuery = Type.Object({ ...PageQuery, clientId: Type.Optional(Type.String({ maxLength: 60 })) })
const clientFields = {
  clientName: Type.Optional(Type.Union([Type.String({ maxLength: 120 }), Type.Null()])),
  redirectOrigins: Type.Optional(
    Type.Union([Type.String({ maxLength: 4000 }), Type.Null()], {
      description:
        'Origins (scheme://host[:port]) sign-in may send the token back to, one per line or comma.',
    }),
  ),
  accessTokenValidity: Type.Optional(
    Type.Union([Type.Integer({ minimum: 300, maximum: 2592000 }), Type.Null()]),
  ),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 240 }), Type.Null()])),
}
const ClientCreate = Type.Object({
  ...clientFields,
  clientId: Type.String({ pattern: '^[A-Za-z0-9_.-]{2,60}$' }),
})
const ClientUpdate = Type.Object({
  ...clientFields,
  clientId: Type.String({ maxLength: 60 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
})
const ClientDelete = Type.Object({ clientId: Type.String({ maxLength: 60 }) })

/** "a, b\nc" → checked origins; 400 naming the first that is not an http(s) origin. */
export function parseOrigins(text: string | null | undefined): string[] {
  const origins = (text ?? '')
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean)
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, ''))
      throw badRequest(
        `'${origin}' is not an origin: write scheme://host[:port] without a path, e.g. https://wms.example.com.`,
        { redirectOrigins: origin },
      )
  }
  return [...new Set(origins.map((origin) => origin.replace(/\/$/, '')))]
}

export const platformRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)
  const db = app.db

  routes.get('/tenants', { schema: { querystring: TenantQuery } }, async (request, scope) => {
    const q = request.query as typeof TenantQuery.static
    let query = db.selectFrom('hpfmTenant as t')
    if (scope.tenantId !== null) {
      const userId = scope.session.userId
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('iamMemberRole as m')
            .innerJoin('iamRole as r', 'r.id', 'm.roleId')
            .select('m.userId')
            .whereRef('r.tenantId', '=', 't.id')
            .where('m.userId', '=', userId),
        ),
      )
    }
    if (q.tenantNum) query = query.where('t.tenantNum', 'ilike', contains(q.tenantNum))
    if (q.tenantName) query = query.where('t.tenantName', 'ilike', contains(q.tenantName))
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .selectAll('t')
      .orderBy('t.id')
      .limit(size)
      .offset(page * size)
      .execute()
    return pageOf(
      rows.map(({ id, ...row }) => ({ tenantId: Number(id), ...row })),
      Number(total.n),
      page,
      size,
    )
  })

  routes.post(
    '/tenants',
    { preHandler: requirePermission(PLATFORM_CODES.tenantCreate), schema: { body: TenantCreate } },
    async (request, scope) => {
      requireSiteRole(scope.session, 'Creating a tenant')
      const body = request.body as typeof TenantCreate.static
      const taken = await db
        .selectFrom('hpfmTenant')
        .select('id')
        .where('tenantNum', '=', body.tenantNum)
        .executeTakeFirst()
      if (taken)
        throw conflict(
          'error.tenant.num_exists',
          `Tenant code '${body.tenantNum}' already exists: choose another.`,
        )
      const tenantId = await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('hpfmTenant')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
        const id = Number(last?.id ?? 0) + 1
        await trx
          .insertInto('hpfmTenant')
          .values({
            id,
            tenantNum: body.tenantNum,
            tenantName: body.tenantName,
            enabledFlag: body.enabledFlag ?? 1,
            remark: body.remark ?? null,
          })
          .execute()
        const names = { zh_CN: '租户管理员', en_US: 'Tenant administrator', zh_TW: '租戶管理員' }
        const role = await trx
          .insertInto('iamRole')
          .values({ code: 'tenant-admin', names: JSON.stringify(names), level: 'organization', tenantId: id })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('iamRolePermission')
          .columns(['roleId', 'code'])
          .expression((eb) =>
            eb.selectFrom('iamPermission').select([eb.val(Number(role.id)).as('roleId'), 'code']),
          )
          .execute()
        await trx
          .insertInto('iamRoleMenu')
          .columns(['roleId', 'menuId'])
          .expression((eb) =>
            eb
              .selectFrom('iamMenu')
              .select([eb.val(Number(role.id)).as('roleId'), 'id'])
              .where('level', '=', 'organization')
              // The site's menus only: another tenant's own entries stay that tenant's.
              .where('tenantId', '=', SITE_MENU_TENANT),
          )
          .execute()
        return id
      })
      return { tenantId, ...body, objectVersionNumber: 1 }
    },
  )

  routes.put(
    '/tenants',
    { preHandler: requirePermission(PLATFORM_CODES.tenantEdit), schema: { body: TenantUpdate } },
    async (request, scope) => {
      requireSiteRole(scope.session, 'Changing a tenant')
      const body = request.body as typeof TenantUpdate.static
      if (body.tenantId === 0 && body.enabledFlag === 0)
        throw badRequest('The platform tenant (0) cannot be disabled: leave it enabled.', {
          enabledFlag: 'platform tenant',
        })
      const result = await db
        .updateTable('hpfmTenant')
        .set((eb) => ({
          tenantName: body.tenantName,
          enabledFlag: body.enabledFlag ?? 1,
          remark: body.remark ?? null,
          objectVersionNumber: eb('objectVersionNumber', '+', 1),
        }))
        .where('id', '=', body.tenantId)
        .where('objectVersionNumber', '=', body.objectVersionNumber)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0)
        throw conflict(
          'error.optimistic_lock',
          'The tenant was changed by someone else (or does not exist): reload it.',
        )
      if (body.enabledFlag === 0)
        await db
          .updateTable('oauthToken')
          .set({ status: 'revoked' })
          .where('tenantId', '=', body.tenantId)
          .where('status', '=', 'live')
          .execute()
      return { ...body, objectVersionNumber: body.objectVersionNumber + 1 }
    },
  )

  routes.get('/clients', { schema: { querystring: ClientQuery } }, async (request) => {
    const q = request.query as typeof ClientQuery.static
    let query = db.selectFrom('oauthClient')
    if (q.clientId) query = query.where('clientId', 'ilike', contains(q.clientId))
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .selectAll()
      .orderBy('clientId')
      .limit(size)
      .offset(page * size)
      .execute()
    return pageOf(
      rows.map((row) => ({ ...row, redirectOrigins: (row.redirectOrigins ?? []).join('\n') })),
      Number(total.n),
      page,
      size,
    )
  })

  routes.post(
    '/clients',
    { preHandler: requirePermission(PLATFORM_CODES.clientCreate), schema: { body: ClientCreate } },
    async (request, scope) => {
      requireSiteRole(scope.session, 'Registering an OAuth client')
      const body = request.body as typeof ClientCreate.static
      const origins = parseOrigins(body.redirectOrigins)
      const taken = await db
        .selectFrom('oauthClient')
        .select('clientId')
        .where('clientId', '=', body.clientId)
        .executeTakeFirst()
      if (taken)
        throw conflict(
          'error.client.exists',
          `Client '${body.clientId}' already exists: choose another client id.`,
        )
      await db
        .insertInto('oauthClient')
        .values({
          clientId: body.clientId,
          redirectOrigins: JSON.stringify(origins),
          clientName: body.clientName ?? null,
          enabledFlag: body.enabledFlag ?? 1,
          accessTokenValidity: body.accessTokenValidity ?? null,
          remark: body.remark ?? null,
        })
        .execute()
      return { ...body, redirectOrigins: origins.join('\n'), objectVersionNumber: 1 }
    },
  )

  routes.put(
    '/clients',
    { preHandler: requirePermission(PLATFORM_CODES.clientEdit), schema: { body: ClientUpdate } },
    async (request, scope) => {
      requireSiteRole(scope.session, 'Changing an OAuth client')
      const body = request.body as typeof ClientUpdate.static
      const origins = parseOrigins(body.redirectOrigins)
      const result = await db
        .updateTable('oauthClient')
        .set((eb) => ({
          clientName: body.clientName ?? null,
          redirectOrigins: JSON.stringify(origins),
          enabledFlag: body.enabledFlag ?? 1,
          accessTokenValidity: body.accessTokenValidity ?? null,
          remark: body.remark ?? null,
          objectVersionNumber: eb('objectVersionNumber', '+', 1),
        }))
        .where('clientId', '=', body.clientId)
        .where('objectVersionNumber', '=', body.objectVersionNumber)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) {
        const exists = await db
          .selectFrom('oauthClient')
          .select('clientId')
          .where('clientId', '=', body.clientId)
          .executeTakeFirst()
        if (!exists) throw notFound(`Client '${body.clientId}' does not exist: reload the client list.`)
        throw conflict(
          'error.optimistic_lock',
          'The client was changed by someone else: reload it and apply your change again.',
        )
      }
      return {
        ...body,
        redirectOrigins: origins.join('\n'),
        objectVersionNumber: body.objectVersionNumber + 1,
      }
    },
  )

  routes.delete(
    '/clients',
    { preHandler: requirePermission(PLATFORM_CODES.clientDelete), schema: { body: ClientDelete } },
    async (request, scope) => {
      requireSiteRole(scope.session, 'Deleting an OAuth client')
      const { clientId } = request.body as typeof ClientDelete.static
      if (clientId === 'localhost')
        throw badRequest(
          "'localhost' is this application's own client: sign-in needs it. Disable another client instead.",
          {
            clientId: 'built-in',
          },
        )
      await db.updateTable('oauthToken').set({ status: 'revoked' }).where('clientId', '=', clientId).execute()
      await db.deleteFrom('oauthClient').where('clientId', '=', clientId).execute()
      return { deleted: 1 }
    },
  )
}
