/**
 * The signed-in user's messages (wire contract: unread count; DESIGN: list, detail, mark read, send).
 * A user sees the messages of the current tenant and of the platform (tenant 0), never other tenants'.
 */
import { NoBody, NoQuery, pathParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import type { UnreadCount, UserMessage } from '../../../renderer/contract/hmsg.ts'
import type { Page } from '../../../renderer/contract/wire.ts'
import { badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { audienceOf, createUserMessages, wireTimestamp } from './deliver.ts'
import type { NoticeBus } from './notice-bus.ts'
import { pageOf } from '../../paging.ts'
import { tenantAndSitePaths } from '../../route-forms.ts'

export const SEND_PERMISSION = 'hmsg.message.button.send'
export const READ_ALL_PERMISSION = 'hmsg.userMessage.button.readAll'

const Tenant = { tenantId: Type.Optional(Type.Integer({ minimum: 0 })) }
const ListQuery = Type.Object({
  readFlag: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  page: Type.Integer({ minimum: 0, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
})
const IdParams = Type.Object({ ...Tenant, userMessageId: Type.Integer({ minimum: 1 }) })
const MessageTypeParam = Type.Union([Type.Literal('MSG'), Type.Literal('NOTICE')])
const ReadBody = Type.Object({
  userMessageIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
})
const SendBody = Type.Object({
  userIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }),
  subject: Type.String({ minLength: 1, maxLength: 240 }),
  content: Type.String({ maxLength: 20000, default: '' }),
})

/** Both the tenant form `/v1/{tenantId}/…` and the site form `/v1/…` (tenantPath in the wire contract). */
const paths = (rest: string) => tenantAndSitePaths('hmsg', rest)

function visibleMessages(app: FastifyInstance, request: FastifyRequest) {
  const session = sessionOf(request)
  return app.db
    .selectFrom('hmsgUserMessage')
    .where('userId', '=', session.userId)
    .where('tenantId', 'in', [0, session.tenantId])
}

const columns = [
  'userMessageId',
  'tenantId',
  'messageTypeCode as userMessageTypeCode',
  'noticeId',
  'subject',
  'content',
  'readFlag',
  'creationDate',
  'readDate',
] as const

export function messageRoutes(bus: NoticeBus): TypedPlugin {
  return async (app) => {
    for (const path of paths('/messages/user/count'))
      app.get(
        path,
        { schema: { params: Type.Object(Tenant), querystring: NoQuery } },
        async (request): Promise<UnreadCount> => {
          const row = await visibleMessages(app, request)
            .where('readFlag', '=', 0)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
          return { unreadMessageCount: Number(row.count) }
        },
      )

    for (const path of paths('/messages/user'))
      app.get(
        path,
        { schema: { params: Type.Object(Tenant), querystring: ListQuery } },
        async (request): Promise<Page<UserMessage>> => {
          const { readFlag, page, size } = request.query
          let query = visibleMessages(app, request)
          if (readFlag !== undefined) query = query.where('readFlag', '=', readFlag)
          const total = await query
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
          const rows = await query
            .select(columns)
            .orderBy('userMessageId', 'desc')
            .limit(size)
            .offset(page * size)
            .execute()
          const totalElements = Number(total.count)
          return pageOf(rows as UserMessage[], totalElements, page, size)
        },
      )

    for (const path of paths('/messages/user/:userMessageId'))
      app.get(
        path,
        { schema: { params: IdParams, querystring: NoQuery } },
        async (request): Promise<UserMessage> => {
          const { userMessageId } = request.params
          const row = await visibleMessages(app, request)
            .where('userMessageId', '=', userMessageId)
            .select(columns)
            .executeTakeFirst()
          if (!row)
            throw notFound(`Message ${userMessageId} does not exist or is not yours: reload your messages.`)
          return row as UserMessage
        },
      )

    // Marks the caller's unread messages read and tells the caller's other windows (−N per tenant).
    const markRead = async (request: FastifyRequest, ids: number[] | 'all') => {
      const session = sessionOf(request)
      const readDate = wireTimestamp(app.config.now())
      return app.db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('hmsgUserMessage')
          .set({ readFlag: 1, readDate })
          .where('userId', '=', session.userId)
          .where('tenantId', 'in', [0, session.tenantId])
          .where('readFlag', '=', 0)
        if (ids !== 'all') update = update.where('userMessageId', 'in', ids)
        const read = await update.returning(['tenantId']).execute()
        const perTenant = new Map<number, number>()
        for (const row of read) perTenant.set(row.tenantId, (perTenant.get(row.tenantId) ?? 0) + 1)
        const changes = [...perTenant].map(([tenantId, count]) => ({
          userId: session.userId,
          tenantId,
          number: -count,
        }))
        await bus.publish(changes, trx)
        return { readCount: read.length }
      })
    }
    // Detail screens (/hmsg/user-message/detail/…): opening a message marks it read. `type` (MSG | NOTICE)
    // must match; PUT (the form's save) answers the message as it is, read.
    const TypedParams = Type.Object({
      ...Tenant,
      type: MessageTypeParam,
      userMessageId: Type.Integer({ minimum: 1 }),
    })
    const openMessage = async (request: FastifyRequest, userMessageId: number, type?: string) => {
      let query = visibleMessages(app, request).where('userMessageId', '=', userMessageId)
      if (type) query = query.where('messageTypeCode', '=', type as 'MSG' | 'NOTICE')
      const found = await query.select(['readFlag']).executeTakeFirst()
      if (!found)
        throw notFound(
          `Message ${userMessageId} does not exist${type ? ` as a ${type}` : ''} or is not yours: reload your messages.`,
        )
      if (found.readFlag === 0) await markRead(request, [userMessageId])
      return (await visibleMessages(app, request)
        .where('userMessageId', '=', userMessageId)
        .select(columns)
        .executeTakeFirstOrThrow()) as UserMessage
    }
    for (const path of paths('/messages/user/detail/:userMessageId'))
      app.get(path, { schema: { params: IdParams, querystring: NoQuery } }, (request) =>
        openMessage(request, request.params.userMessageId),
      )
    for (const path of paths('/messages/user/detail/:type/:userMessageId'))
      app.get(path, { schema: { params: TypedParams, querystring: NoQuery } }, (request) => {
        const params = request.params
        return openMessage(request, params.userMessageId, params.type)
      })
    const SaveBody = Type.Object({ userMessageId: Type.Integer({ minimum: 1 }) })
    for (const path of [...paths('/messages/user/detail'), ...paths('/messages/user/detail/:type')])
      app.put(
        path,
        { schema: { params: pathParams(path, { type: MessageTypeParam }), body: SaveBody } },
        (request) => {
          const { type } = request.params
          if (type !== undefined && type !== 'MSG' && type !== 'NOTICE')
            throw badRequest(`type '${type}' is not a message type: use MSG or NOTICE.`, { type: 'invalid' })
          return openMessage(request, request.body.userMessageId, type)
        },
      )

    for (const path of paths('/messages/user/read-flag'))
      app.post(path, { schema: { params: Type.Object(Tenant), body: ReadBody } }, (request) =>
        markRead(request, request.body.userMessageIds),
      )
    for (const path of paths('/messages/user/read-flag/all'))
      app.post(path, { schema: { params: Type.Object(Tenant), body: NoBody } }, (request) =>
        markRead(request, 'all'),
      )

    // The message screen's "Mark all read" button (its code is the button's; the header's bell uses read-flag/all).
    for (const path of paths('/messages/user/read-all'))
      app.post(
        path,
        {
          schema: { params: Type.Object(Tenant), body: NoBody },
          preHandler: requirePermission(READ_ALL_PERMISSION),
        },
        (request) => markRead(request, 'all'),
      )

    for (const path of paths('/messages/user/send'))
      app.post(
        path,
        {
          schema: { params: Type.Object(Tenant), body: SendBody },
          preHandler: requirePermission(SEND_PERMISSION),
        },
        async (request) => {
          const session = sessionOf(request)
          const body = request.body
          const sent = await app.db.transaction().execute(async (trx) => {
            const userIds = await audienceOf(trx, session.tenantId, 'USERS', body.userIds)
            return createUserMessages(trx, bus, {
              tenantId: session.tenantId,
              userIds,
              type: 'MSG',
              subject: body.subject,
              content: body.content,
              senderId: session.userId,
              now: app.config.now(),
            })
          })
          return { sentCount: sent }
        },
      )
  }
}
