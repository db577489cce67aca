/**
 * Notices of the current tenant (/hmsg/notices, DESIGN in HZERO's names): list, detail, create, update and
 * delete drafts, publish. Publishing makes one user message per recipient and reaches their open sockets.
 */
import { Id, NoBody, NoQuery, Paging, Version } from '../../schemas.ts'
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
import { pageOf, pageRequest } from '../../paging.ts'
import { contains } from '../../like.ts'
import { formParams, tenantAndSite } from '../../route-forms.ts'
import { answers } from '../../responses.ts'
import {
  DeletedNoticeAnswer,
  DeletedNoticesAnswer,
  NoticeAnswer,
  NoticePage,
  PublishedAnswer,
} from './answers.ts'

export const NOTICE_PERMISSIONS = {
  create: 'hmsg.notices.button.create',
  edit: 'hmsg.notices.button.edit',
  delete: 'hmsg.notices.button.delete',
  publish: 'hmsg.notices.button.publish',
} as const

const NoticeKey = { noticeId: Id('noticeId') }
const ListQuery = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 240 })),
  statusCode: Type.Optional(Type.Union([Type.Literal('DRAFT'), Type.Literal('PUBLISHED')])),
  ...Paging,
})
const Fields = {
  title: Type.String({ minLength: 1, maxLength: 240 }),
  noticeBody: Type.String({ maxLength: 100000, default: '' }),
  receiverScope: Type.Union([Type.Literal('ALL'), Type.Literal('USERS')], { default: 'ALL' }),
  receiverUserIds: Type.Array(Id(), { maxItems: 1000, default: [] }),
}
const CreateBody = Type.Object(Fields)
const UpdateBody = Type.Object({
  ...Fields,
  ...NoticeKey,
  objectVersionNumber: Version,
})

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

    for (const form of tenantAndSite('hmsg')) {
      const { base, params } = form
      const noticeParams = formParams(form, NoticeKey)
      app.get(
        `${base}/notices`,
        { schema: { ...params, querystring: ListQuery, response: answers(NoticePage) } },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const { title, statusCode } = request.query
          const { page, size } = pageRequest(request.query)
          let query = app.db.selectFrom('hmsgNotice').where('tenantId', '=', tenantId)
          if (title) query = query.where('title', 'ilike', contains(title))
          if (statusCode) query = query.where('statusCode', '=', statusCode)
          const total = Number(
            (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow())
              .count,
          )
          const rows = await query
            .selectAll()
            .orderBy('noticeId', 'desc')
            .limit(size)
            .offset(page * size)
            .execute()
          const result: Page<Notice> = pageOf(rows as Notice[], total, page, size)
          return result
        },
      )

      app.get(
        `${base}/notices/:noticeId`,
        { schema: { params: noticeParams, querystring: NoQuery, response: answers(NoticeAnswer) } },
        (request) => read(sessionOf(request).tenantId, request.params.noticeId),
      )

      app.post(
        `${base}/notices`,
        {
          schema: { ...params, body: CreateBody, response: answers(NoticeAnswer) },
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

      app.put(
        `${base}/notices`,
        {
          schema: { ...params, body: UpdateBody, response: answers(NoticeAnswer) },
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

      app.delete(
        `${base}/notices/:noticeId`,
        {
          schema: { params: noticeParams, body: NoBody, response: answers(DeletedNoticeAnswer) },
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
        Type.Object(NoticeKey),
        Type.Array(Type.Object(NoticeKey), { minItems: 1, maxItems: 100 }),
      ])
      app.delete(
        `${base}/notices`,
        {
          schema: { ...params, body: DeleteBody, response: answers(DeletedNoticesAnswer) },
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

      app.post(
        `${base}/notices/:noticeId/publish`,
        {
          schema: { params: noticeParams, body: NoBody, response: answers(PublishedAnswer) },
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
}
