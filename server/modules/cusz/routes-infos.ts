/**
 * Column personalisation of the current user per table code (CORE-API-38/39, CORE-DATA-16, CORE-COL-04/05/08):
 * detail, singleSave (create, or update with id and objectVersionNumber) and singleDelete (restore, X-19).
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { CuszInfoRecord } from '../../../renderer/contract/filter-conditions.ts'
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { checkColumnSettings } from './column-settings.ts'

const CuszCode = Type.String({ minLength: 1, maxLength: 240, pattern: '^[A-Za-z0-9_./:-]+$' })
const DetailQuery = Type.Object({ userId: Type.Integer(), cuszCode: CuszCode })
const SaveBody = Type.Object({
  userId: Type.Integer(),
  cuszCode: CuszCode,
  menuId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  objectVersionNumber: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  cuszInfo: Type.String({ minLength: 2, maxLength: 100_000, description: 'JSON array of column settings.' }),
})
const DeleteBody = Type.Object({
  userId: Type.Integer(),
  cuszCode: CuszCode,
  id: Type.Integer({ minimum: 1 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
})
type SaveBody = typeof SaveBody.static

const columns = ['id', 'userId', 'menuId', 'cuszCode', 'cuszInfo', 'objectVersionNumber'] as const

export function cuszInfoRoutes(prefix: string): FastifyPluginAsync {
  const base = `${prefix}/cusz-infos`
  const params = prefix.includes(':tenantId') ? { params: Type.Object({ tenantId: Type.Integer() }) } : {}
  return async (app) => {
    /** The caller's own settings only: another user's id is refused, not silently replaced. */
    const who = (request: FastifyRequest, userId: number) => {
      const session = sessionOf(request)
      if (userId !== session.userId) {
        throw forbidden(
          `Column settings of user ${userId} are not yours: send your own userId (${session.userId}).`,
        )
      }
      return { tenantId: session.tenantId, userId }
    }
    const find = (owner: { tenantId: number; userId: number }, cuszCode: string) =>
      app.db
        .selectFrom('cuszInfo')
        .select(columns)
        .where('tenantId', '=', owner.tenantId)
        .where('userId', '=', owner.userId)
        .where('cuszCode', '=', cuszCode)
        .executeTakeFirst()

    app.get(`${base}/detail`, { schema: { ...params, querystring: DetailQuery } }, async (request) => {
      const { userId, cuszCode } = request.query as typeof DetailQuery.static
      const record: CuszInfoRecord | undefined = await find(who(request, userId), cuszCode)
      // No personalisation yet: an empty object, so the client keeps the page's default columns.
      return record ?? {}
    })

    app.post(`${base}/singleSave`, { schema: { ...params, body: SaveBody } }, async (request) => {
      const body = request.body as SaveBody
      const owner = who(request, body.userId)
      checkColumnSettings(body.cuszInfo)
      const current = await find(owner, body.cuszCode)
      if (!body.id) {
        if (current) {
          throw conflict(
            'error.object_version_changed',
            `Column settings for ${body.cuszCode} already exist (id ${current.id}): reload them and save again.`,
          )
        }
        await app.db
          .insertInto('cuszInfo')
          .values({ ...owner, menuId: body.menuId ?? null, cuszCode: body.cuszCode, cuszInfo: body.cuszInfo })
          .execute()
      } else {
        if (!current || current.id !== body.id) {
          throw notFound(
            `Column settings ${body.id} for ${body.cuszCode} do not exist: reload them and save again.`,
          )
        }
        if (!body.objectVersionNumber) {
          throw badRequest('Updating column settings needs their objectVersionNumber.', {
            objectVersionNumber: 'required with id',
          })
        }
        const updated = await app.db
          .updateTable('cuszInfo')
          .set((eb) => ({
            cuszInfo: body.cuszInfo,
            objectVersionNumber: eb('objectVersionNumber', '+', 1),
            lastUpdateDate: sql<string>`localtimestamp(0)`,
          }))
          .where('id', '=', current.id)
          .where('objectVersionNumber', '=', body.objectVersionNumber)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw changed(current, body.objectVersionNumber)
      }
      return find(owner, body.cuszCode)
    })

    app.post(`${base}/singleDelete`, { schema: { ...params, body: DeleteBody } }, async (request) => {
      const body = request.body as typeof DeleteBody.static
      const current = await find(who(request, body.userId), body.cuszCode)
      if (!current || current.id !== body.id) {
        throw notFound(`Column settings ${body.id} for ${body.cuszCode} do not exist: nothing to restore.`)
      }
      if (current.objectVersionNumber !== body.objectVersionNumber)
        throw changed(current, body.objectVersionNumber)
      await app.db.deleteFrom('cuszInfo').where('id', '=', current.id).execute()
      return { id: current.id }
    })
  }
}

const changed = (current: CuszInfoRecord, yours: number) =>
  conflict(
    'error.object_version_changed',
    `Column settings ${current.id} were changed elsewhere (your version ${yours}, current ${current.objectVersionNumber}): reload them and apply your change again.`,
  )
