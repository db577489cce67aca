/**
 * Column personalisation of the current user per table code (CORE-API-38/39, CORE-DATA-16, CORE-COL-04/05/08):
 * detail, singleSave (create, or update with id and objectVersionNumber) and singleDelete (restore, X-19).
 */
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
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

export function cuszInfoRoutes(prefix: string): TypedPlugin {
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
      const { userId, cuszCode } = request.query
      const owner = who(request, userId)
      const record: CuszInfoRecord | undefined = await find(owner, cuszCode)
      // No personalisation yet: the tenant's default columns (/hpfm/ui-customize/cust-config, kept as user 0),
      // else an empty object, so the client keeps the page's default columns.
      return record ?? (await find({ tenantId: owner.tenantId, userId: 0 }, cuszCode)) ?? {}
    })

    app.post(`${base}/singleSave`, { schema: { ...params, body: SaveBody } }, async (request) => {
      const body = request.body
      const owner = who(request, body.userId)
      checkColumnSettings(body.cuszInfo)
      const current = await find(owner, body.cuszCode)
      // Arranging columns shown from the tenant's default creates the user's own settings.
      const tenantDefault = await find({ tenantId: owner.tenantId, userId: 0 }, body.cuszCode)
      if (body.id && !current && tenantDefault?.id === body.id) body.id = null
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
          throw badRequest(
            'Updating column settings needs their objectVersionNumber: send the one you read with them.',
            {
              objectVersionNumber: 'required with id',
            },
          )
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
      const body = request.body
      const owner = who(request, body.userId)
      const current = await find(owner, body.cuszCode)
      // Restoring while the tenant's default is shown: nothing of the user's to delete.
      const tenantDefault = await find({ tenantId: owner.tenantId, userId: 0 }, body.cuszCode)
      if (!current && tenantDefault?.id === body.id) return { id: body.id }
      if (!current || current.id !== body.id) {
        throw notFound(
          `Column settings ${body.id} for ${body.cuszCode} do not exist: nothing to restore; reload the page.`,
        )
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
