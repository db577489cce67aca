/**
 * Notices of the current tenant (/hmsg/notices, DESIGN in HZERO's names): list, detail, create, update and
 * delete drafts, publish. Publishing makes one user message per recipient and reaches their open sockets.
 */
import { NoBody, NoQuery } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import type { Notice } from '../../../renderer/contract/hmsg.ts'
import type { Page } from '../../../renderer/contract/wire.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { audienceOf, createUserMessages, wireTimestamp } from './deliver.ts'
import type { NoticeBus } from './notice-bus.ts'
import type { Database } from '../../db/schema.ts'
import type { Kysely } from 'kysely'
import { pageOf } from '../../paging.ts'
import { contains } from '../../like.ts'
import { tenantAndSitePaths } from '../../route-forms.ts'

export const NOTICE_PERMISSIONS = {
  create: 'hmsg.notices.button.create',
  edit: 'hmsg.notices.button.edit',
  delete: 'hmsg.notices.button.delete',
  publish: 'hmsg.notices.button.publish',
} as const

const Tenant = { tenantId: Type.Optional(Type.Integer({ minimum: 0 })) }
const IdParams = Type.Object({ ...Tenant, noticeId: Type.Integer({ minimum: 1 }) })
const ListQuery = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 240 })),
  statusCode: Type.Optional(Type.Union([Type.Literal('DRAFT'), Type.Literal('PUBLISHED')])),
  page: Type.Integer({ minimum: 0, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
})
const Fields = {
  title: Type.String({ minLength: 1, maxLength: 240 }),
  noticeBody: Type.String({ maxLength: 100000, default: '' }),
  receiverScope: Type.Union([Type.Literal('ALL'), Type.Literal('USERS')], { default: 'ALL' }),
  receiverUserIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, default: [] }),
}
const CreateBody = Type.Object(Fields)
const UpdateBody = Type.Object({
  ...Fields,
  noticeId: Type.Integer({ minimum: 1 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
})

const paths = (rest: string) => tenantAndSitePaths('hmsg', rest)

async function draftOf(trx: Kysely<Database>, tenantId: number, noticeId: number, version?: number) {
  const notice = await trx
    .selectFrom('hmsgNotice')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('noticeId', '=', noticeId)
    .forUpdate()
    .executeTakeFirst()
  if (!notice)
    throw notFound(`Notice ${noticeId} does not exist in tenant ${tenantId}: reload the notice list.`)
  if (notice.statusCode !== 'DRAFT')
    throw conflict(
      'error.notice.published',
      `Notice ${noticeId} is already published: it cannot be changed; create a new notice instead.`,
    )
  if (version !== undefined && version !== notice.objectVersionNumber)
    throw conflict(
      'error.object_version',
      `Notice ${noticeId} was changed by someone else (version ${notice.objectVersionNumber}, yours ${version}): reload it.`,
    )
  return notice
}

function checkAudience(body: typeof CreateBody.static) {
  if (body.receiverScope === 'USERS' && !body.receiverUserIds.length)
    throw badRequest('Choose at least one recipient, or send the notice to everyone (receiverScope ALL).', {
      receiverUserIds: 'required when receiverScope is USERS',
    })
}

export function noticeRoutes(bus: NoticeBus): TypedPlugin {
  return async (app) => {
    const audit = (request: FastifyRequest) => ({
      userId: sessionOf(request).userId,
      now: wireTimestamp(app.config.now()),
    })
    const read = async (tenantId: number, noticeId: number): Promise<Notice> => {
      const row = await app.db
        .selectFrom('hmsgNotice')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('noticeId', '=', noticeId)
        .executeTakeFirst()
      if (!row)
        throw notFound(`Notice ${noticeId} does not exist in tenant ${tenantId}: reload the notice list.`)
      return row as Notice
    }

    for (const path of paths('/notices'))
      app.get(path, { schema: { params: Type.Object(Tenant), querystring: ListQuery } }, async (request) => {
        const { tenantId } = sessionOf(request)
        const { title, statusCode, page, size } = request.query
        let query = app.db.selectFrom('hmsgNotice').where('tenantId', '=', tenantId)
        if (title) query = query.where('title', 'ilike', contains(title))
        if (statusCode) query = query.where('statusCode', '=', statusCode)
        const total = Number(
          (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
        )
        const rows = await query
          .selectAll()
          .orderBy('noticeId', 'desc')
          .limit(size)
          .offset(page * size)
          .execute()
        const result: Page<Notice> = pageOf(rows as Notice[], total, page, size)
        return result
      })

    for (const path of paths('/notices/:noticeId'))
      app.get(path, { schema: { params: IdParams, querystring: NoQuery } }, (request) =>
        read(sessionOf(request).tenantId, request.params.noticeId),
      )

    for (const path of paths('/notices'))
      app.post(
        path,
        {
          schema: { params: Type.Object(Tenant), body: CreateBody },
          preHandler: requirePermission(NOTICE_PERMISSIONS.create),
        },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const body = request.body
          checkAudience(body)
          const { userId, now } = audit(request)
          await audienceOf(app.db, tenantId, body.receiverScope, body.receiverUserIds)
          const { noticeId } = await app.db
            .insertInto('hmsgNotice')
            .values({
              tenantId,
              title: body.title,
              noticeBody: body.noticeBody,
              receiverScope: body.receiverScope,
              receiverUserIds: JSON.stringify(body.receiverUserIds),
              statusCode: 'DRAFT',
              createdBy: userId,
              creationDate: now,
              lastUpdatedBy: userId,
              lastUpdateDate: now,
            })
            .returning('noticeId')
            .executeTakeFirstOrThrow()
          return read(tenantId, noticeId)
        },
      )

    for (const path of paths('/notices'))
      app.put(
        path,
        {
          schema: { params: Type.Object(Tenant), body: UpdateBody },
          preHandler: requirePermission(NOTICE_PERMISSIONS.edit),
        },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const body = request.body
          checkAudience(body)
          const { userId, now } = audit(request)
          await app.db.transaction().execute(async (trx) => {
            await draftOf(trx, tenantId, body.noticeId, body.objectVersionNumber)
            await audienceOf(trx, tenantId, body.receiverScope, body.receiverUserIds)
            await trx
              .updateTable('hmsgNotice')
              .set((eb) => ({
                title: body.title,
                noticeBody: body.noticeBody,
                receiverScope: body.receiverScope,
                receiverUserIds: JSON.stringify(body.receiverUserIds),
                objectVersionNumber: eb('objectVersionNumber', '+', 1),
                lastUpdatedBy: userId,
                lastUpdateDate: now,
              }))
              .where('noticeId', '=', body.noticeId)
              .execute()
          })
          return read(tenantId, body.noticeId)
        },
      )

    for (const path of paths('/notices/:noticeId'))
      app.delete(
        path,
        {
          schema: { params: IdParams, body: NoBody },
          preHandler: requirePermission(NOTICE_PERMISSIONS.delete),
        },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const { noticeId } = request.params
          await app.db.transaction().execute(async (trx) => {
            await draftOf(trx, tenantId, noticeId)
            await trx.deleteFrom('hmsgNotice').where('noticeId', '=', noticeId).execute()
          })
          return { noticeId }
        },
      )

    // The list screen's delete sends the row(s) in the body (model convention); drafts only.
    const DeleteBody = Type.Union([
      Type.Object({ noticeId: Type.Integer({ minimum: 1 }) }),
      Type.Array(Type.Object({ noticeId: Type.Integer({ minimum: 1 }) }), { minItems: 1, maxItems: 100 }),
    ])
    for (const path of paths('/notices'))
      app.delete(
        path,
        {
          schema: { params: Type.Object(Tenant), body: DeleteBody },
          preHandler: requirePermission(NOTICE_PERMISSIONS.delete),
        },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const body = request.body
          const ids = (Array.isArray(body) ? body : [body]).map((row) => row.noticeId)
          await app.db.transaction().execute(async (trx) => {
            for (const noticeId of ids) {
              await draftOf(trx, tenantId, noticeId)
              await trx.deleteFrom('hmsgNotice').where('noticeId', '=', noticeId).execute()
            }
          })
          return { noticeIds: ids }
        },
      )

    for (const path of paths('/notices/:noticeId/publish'))
      app.post(
        path,
        {
          schema: { params: IdParams, body: NoBody },
          preHandler: requirePermission(NOTICE_PERMISSIONS.publish),
        },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const { noticeId } = request.params
          const { userId, now } = audit(request)
          const receiverCount = await app.db.transaction().execute(async (trx) => {
            const notice = await draftOf(trx, tenantId, noticeId)
            const userIds = await audienceOf(trx, tenantId, notice.receiverScope, notice.receiverUserIds)
            await trx
              .updateTable('hmsgNotice')
              .set((eb) => ({
                statusCode: 'PUBLISHED',
                publishedDate: now,
                publishedBy: userId,
                objectVersionNumber: eb('objectVersionNumber', '+', 1),
                lastUpdatedBy: userId,
                lastUpdateDate: now,
              }))
              .where('noticeId', '=', noticeId)
              .execute()
            return createUserMessages(trx, bus, {
              tenantId,
              userIds,
              type: 'NOTICE',
              noticeId,
              subject: notice.title,
              content: notice.noticeBody,
              senderId: userId,
              now: app.config.now(),
            })
          })
          return { ...(await read(tenantId, noticeId)), receiverCount }
        },
      )
  }
}
