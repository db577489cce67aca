import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import { forbidden } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { selfRoles, switchSession } from './user-queries.ts'
import { NoBody } from '../../schemas.ts'

const RoleQuery = Type.Object({ roleId: Type.Integer() }, { additionalProperties: false })
const TenantQuery = Type.Object({ tenantId: Type.Integer() }, { additionalProperties: false })
const LanguageQuery = Type.Object(
  { language: Type.Union(LANGUAGES.map((code) => Type.Literal(code))) },
  { additionalProperties: false },
)

/** Switching role and tenant (the session's), setting the default tenant and language (the user's). */
export const switchRoutes: FastifyPluginAsync = async (app) => {
  app.put(
    '/api/iam/v1/users/roles',
    { schema: { body: NoBody, querystring: RoleQuery } },
    async (request) => {
      const session = sessionOf(request)
      const { roleId } = request.query as typeof RoleQuery.static
      const role = (await selfRoles(app.db, session.userId, session.language)).find(
        (held) => held.id === roleId,
      )
      if (!role)
        throw forbidden(`Role ${roleId} is not one of your roles: pick one from member-roles/self-roles.`)
      await switchSession(app.db, session, role.id, role.tenantId)
      return role
    },
  )

  app.put(
    '/api/iam/v1/users/tenant-id',
    { schema: { body: NoBody, querystring: TenantQuery } },
    async (request) => {
      const session = sessionOf(request)
      const { tenantId } = request.query as typeof TenantQuery.static
      const roles = (await selfRoles(app.db, session.userId, session.language)).filter(
        (r) => r.tenantId === tenantId,
      )
      if (!roles.length)
        throw forbidden(`Tenant ${tenantId} is not one of your tenants: pick one from users/self-tenants.`)
      // Keep the role code when the user holds it in the new tenant too, else the first role there.
      const role = roles.find((r) => r.code === session.roleCode) ?? roles[0]!
      await switchSession(app.db, session, role.id, role.tenantId)
      return role
    },
  )

  app.put(
    '/api/iam/hzero/v1/users/default-tenant',
    { schema: { body: NoBody, querystring: TenantQuery } },
    async (request) => {
      const session = sessionOf(request)
      const { tenantId } = request.query as typeof TenantQuery.static
      const held = (await selfRoles(app.db, session.userId, session.language)).some(
        (r) => r.tenantId === tenantId,
      )
      if (!held)
        throw forbidden(
          `Tenant ${tenantId} is not one of your tenants: it cannot be your default. Pick one of your tenants.`,
        )
      await app.db
        .updateTable('iamUser')
        .set({ defaultTenantId: tenantId })
        .where('id', '=', session.userId)
        .execute()
      return { tenantId, defaultTenantId: tenantId }
    },
  )

  const setLanguage = async (request: FastifyRequest) => {
    const session = sessionOf(request)
    const { language } = request.query as typeof LanguageQuery.static
    await app.db.updateTable('iamUser').set({ language }).where('id', '=', session.userId).execute()
    await app.db
      .updateTable('oauthToken')
      .set({ language })
      .where('tokenHash', '=', session.tokenHash)
      .execute()
    return { language }
  }
  app.put(
    '/api/iam/hzero/v1/users/default-language',
    { schema: { body: NoBody, querystring: LanguageQuery } },
    setLanguage,
  )
  app.put(
    '/api/iam/v1/users/default-language',
    { schema: { body: NoBody, querystring: LanguageQuery } },
    setLanguage,
  )
}
