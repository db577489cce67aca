/**
 * Miss-permission records (hiam miss-permission-record screen): every refusal of the permission guard (a 403
 * naming the missing code) is written down with who, which role, which call and which menu tab, so an
 * administrator sees what users try and cannot do, and can grant the code from the record.
 */
import type { FastifyPluginAsync } from 'fastify'
import { shared } from '../../plugins/shared.ts'

export const missPermissionRecorder: FastifyPluginAsync = shared(async (app) => {
  app.addHook('onError', async (request, _reply, error) => {
    const code = (error as { permissionCode?: unknown }).permissionCode
    const session = request.session
    if (typeof code !== 'string' || !session) return
    try {
      const user = await app.db
        .selectFrom('iamUser')
        .select('loginName')
        .where('id', '=', session.userId)
        .executeTakeFirst()
      const menuId = Number(request.headers['h-menu-id'])
      const requestId = request.headers['h-request-id']
      await app.db
        .insertInto('iamPermissionCheck')
        .values({
          tenantId: session.tenantId,
          userId: session.userId,
          loginName: user?.loginName ?? String(session.userId),
          roleId: session.roleId,
          roleCode: session.roleCode,
          permissionCode: code,
          method: request.method,
          path: request.url.split('?')[0]!.slice(0, 500),
          menuId: Number.isSafeInteger(menuId) && menuId > 0 ? menuId : null,
          requestId: typeof requestId === 'string' ? requestId.slice(0, 80) : null,
          checkedAt: app.config.now(),
        })
        .execute()
    } catch (recordError) {
      // The refusal itself must still reach the caller: a failed record is only logged.
      request.log.error({ err: recordError }, 'miss-permission record not written')
    }
  })
})
