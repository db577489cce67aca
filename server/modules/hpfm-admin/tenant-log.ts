import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { shared } from '../../plugins/shared.ts'
import { PagingQuery } from './paging.ts'
import './tables.ts'
import { pageOf } from '../../paging.ts'
import { contains } from '../../like.ts'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The tenant's operation log (/hpfm/tenant-log): every signed-in change made through the API (method, path
 * without the query, answer status, time taken, request id), written after the answer is sent so it never
 * slows a request down. Reads need hpfm.tenantLog.button.query; nobody writes it but this hook.
 */
export const tenantLogHook: TypedPlugin = shared(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const session = request.session
    if (!session || !MUTATING.has(request.method) || !request.url.startsWith('/api/')) return
    await app.db
      .insertInto('hpfmTenantLog')
      .values({
        tenantId: session.tenantId,
        userId: session.userId,
        roleCode: session.roleCode,
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 480),
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        requestId: String(request.id).slice(0, 60),
      })
      .execute()
      .catch((error: unknown) => request.log.warn({ err: error }, 'tenant log: could not record the request'))
  })
})

export const tenantLogRoutes: TypedPlugin = async (app) => {
  app.get(
    '/api/hpfm/v1/:tenantId/tenant-logs',
    {
      preHandler: requirePermission('hpfm.tenantLog.button.query'),
      schema: {
        params: Type.Object({ tenantId: Type.Integer() }),
        querystring: Type.Object({
          loginName: Type.Optional(Type.String({ maxLength: 60 })),
          method: Type.Optional(Type.String({ maxLength: 10 })),
          path: Type.Optional(Type.String({ maxLength: 240 })),
          statusCode: Type.Optional(Type.Integer()),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const q = request.query
      const page = q.page ?? 0
      const size = q.size ?? 10
      let base = app.db
        .selectFrom('hpfmTenantLog as l')
        .leftJoin('iamUser as u', 'u.id', 'l.userId')
        .where('l.tenantId', '=', session.tenantId)
      const like = contains
      if (q.loginName) base = base.where('u.loginName', 'ilike', like(q.loginName))
      if (q.method) base = base.where('l.method', '=', q.method.toUpperCase())
      if (q.path) base = base.where('l.path', 'ilike', like(q.path))
      if (q.statusCode) base = base.where('l.statusCode', '=', q.statusCode)
      const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
      const content = await base
        .select([
          'l.logId',
          'l.method',
          'l.path',
          'l.statusCode',
          'l.durationMs',
          'l.requestId',
          'l.roleCode',
          'l.creationDate',
          'u.loginName',
          'u.realName',
        ])
        .orderBy('l.logId', 'desc')
        .limit(size)
        .offset(page * size)
        .execute()
      const totalElements = Number(total?.total ?? 0)
      return pageOf(content, totalElements, page, size)
    },
  )
}
