import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { sql } from 'kysely'
import { badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { contains, slicePage, PagingQuery } from './paging.ts'
import { NoBody, TenantParams } from '../../schemas.ts'
import { DeviceKindSchema } from '../oauth/devices.ts'

/** A session is named by the first 16 hex digits of its token's hash: enough to pick it, useless as a token. */
const SessionId = Type.String({ pattern: '^[0-9a-f]{16}$' })

/**
 * /hpfm/online: the tenant's live sessions (oauth_token rows, status live and not expired), each with the
 * device kind its sign-in declared (a user may hold a desk and a handheld session: oauth/devices.ts), and
 * kicking one off. A kicked session's token is refused at once (401); the browser asks the kickoff check, gets 1 and
 * shows /public/kickoff, as after a newer sign-in.
 */
export const onlineRoutes: TypedPlugin = async (app) => {
  const base = '/api/hpfm/v1/:tenantId/online-users'
  app.get(
    base,
    {
      preHandler: requirePermission('hpfm.online.button.query'),
      schema: {
        params: TenantParams,
        querystring: Type.Object({
          loginName: Type.Optional(Type.String({ maxLength: 60 })),
          realName: Type.Optional(Type.String({ maxLength: 60 })),
          userId: Type.Optional(Type.Integer({ minimum: 1 })),
          deviceKind: Type.Optional(DeviceKindSchema),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const q = request.query
      const rows = await app.db
        .selectFrom('oauthToken as t')
        .innerJoin('iamUser as u', 'u.id', 't.userId')
        .innerJoin('iamRole as r', 'r.id', 't.roleId')
        .select([
          't.tokenHash',
          't.userId',
          't.clientId',
          't.language',
          't.issuedAt',
          't.expiresAt',
          't.deviceKind',
          'u.loginName',
          'u.realName',
          'r.names as roleNames',
          'r.code as roleCode',
        ])
        .where('t.tenantId', '=', session.tenantId)
        .where('t.status', '=', 'live')
        .where('t.expiresAt', '>', app.config.now())
        .orderBy('t.issuedAt', 'desc')
        .execute()
      const online = rows
        .filter(
          (row) =>
            contains(row.loginName, q.loginName) &&
            contains(row.realName, q.realName) &&
            (q.userId === undefined || Number(row.userId) === q.userId) &&
            (q.deviceKind === undefined || row.deviceKind === q.deviceKind),
        )
        .map((row) => ({
          sessionId: row.tokenHash.slice(0, 16),
          userId: row.userId,
          loginName: row.loginName,
          realName: row.realName,
          roleName: row.roleNames[session.language] ?? row.roleNames.zh_CN ?? row.roleCode,
          clientId: row.clientId,
          deviceKind: row.deviceKind,
          language: row.language,
          loginDate: new Date(row.issuedAt).toISOString().slice(0, 19).replace('T', ' '),
          expiresDate: new Date(row.expiresAt).toISOString().slice(0, 19).replace('T', ' '),
          currentFlag: row.tokenHash === session.tokenHash ? 1 : 0,
        }))
      return slicePage(online, q.page, q.size)
    },
  )
  app.post(
    `${base}/:sessionId/kickoff`,
    {
      preHandler: requirePermission('hpfm.online.button.kickoff'),
      schema: { body: NoBody, params: Type.Object({ tenantId: Type.Integer(), sessionId: SessionId }) },
    },
    async (request) => {
      const session = sessionOf(request)
      const { sessionId } = request.params
      if (session.tokenHash?.startsWith(sessionId))
        throw badRequest('This is your own session: sign out instead of kicking yourself off.')
      const result = await sql<{ tokenHash: string }>`update oauth_token set status = 'kicked'
        where tenant_id = ${session.tenantId} and status = 'live' and token_hash like ${`${sessionId}%`}
        returning token_hash`.execute(app.db)
      if (!result.rows.length)
        throw notFound(
          `Session ${sessionId} is not online in this tenant (signed out or kicked off already): reload.`,
        )
      return { sessionId, kicked: result.rows.length }
    },
  )
}
