/**
 * The signed-in user's messages (wire contract: unread count; DESIGN: list, detail, mark read, send).
 * A user sees the messages of the current tenant and of the platform (tenant 0), never other tenants'.
 */
import { Id, NoBody, NoQuery, Paging } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import type { UnreadCount, UserMessage } from '../../../renderer/contract/hmsg.ts'
import type { Page } from '../../../renderer/contract/wire.ts'
import { notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { answers } from '../../responses.ts'
import { audienceOf, createUserMessages, wireTimestamp } from './deliver.ts'
import type { NoticeBus } from './notice-bus.ts'
import { pageOf, pageRequest } from '../../paging.ts'
import { formParams, tenantAndSite } from '../../route-forms.ts'
import {
  MessageType,
  ReadCountAnswer,
  SentCountAnswer,
  UnreadCountAnswer,
  UserMessageAnswer,
  UserMessagePage,
} from './answers.ts'

export const SEND_PERMISSION = 'hmsg.message.button.send'
export const READ_ALL_PERMISSION = 'hmsg.userMessage.button.readAll'

const ListQuery = Type.Object({
  readFlag: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  ...Paging,
})
const Message = { userMessageId: Id('userMessageId') }
const ReadBody = Type.Object({
  userMessageIds: Type.Array(Id(), { minItems: 1, maxItems: 500 }),
})
const SendBody = Type.Object({
  userIds: Type.Array(Id(), { minItems: 1, maxItems: 1000 }),
  subject: Type.String({ minLength: 1, maxLength: 240 }),
  content: Type.String({ maxLength: 20000, default: '' }),
})

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
    const openMessage = async (request: FastifyRequest, userMessageId: number, type?: 'MSG' | 'NOTICE') => {
      let query = visibleMessages(app, request).where('userMessageId', '=', userMessageId)
      if (type) query = query.where('messageTypeCode', '=', type)
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
    const SaveBody = Type.Object({ userMessageId: Id() })

    // Both the tenant form `/v1/{tenantId}/…` and the site form `/v1/…` (tenantPath in the wire contract).
    for (const form of tenantAndSite('hmsg')) {
      const { base, params } = form
      app.get(
        `${base}/messages/user/count`,
        { schema: { ...params, querystring: NoQuery, response: answers(UnreadCountAnswer) } },
        async (request): Promise<UnreadCount> => {
          const row = await visibleMessages(app, request)
            .where('readFlag', '=', 0)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
          return { unreadMessageCount: Number(row.count) }
        },
      )

      app.get(
        `${base}/messages/user`,
        { schema: { ...params, querystring: ListQuery, response: answers(UserMessagePage) } },
        async (request): Promise<Page<UserMessage>> => {
          const { readFlag } = request.query
          const { page, size } = pageRequest(request.query)
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

      const messageSchema = {
        params: formParams(form, Message),
        querystring: NoQuery,
        response: answers(UserMessageAnswer),
      }
      app.get(
        `${base}/messages/user/:userMessageId`,
        { schema: messageSchema },
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

      app.get(`${base}/messages/user/detail/:userMessageId`, { schema: messageSchema }, (request) =>
        openMessage(request, request.params.userMessageId),
      )
      app.get(
        `${base}/messages/user/detail/:type/:userMessageId`,
        {
          schema: {
            params: formParams(form, { type: MessageType, ...Message }),
            querystring: NoQuery,
            response: answers(UserMessageAnswer),
          },
        },
        (request) => openMessage(request, request.params.userMessageId, request.params.type),
      )
      app.put(
        `${base}/messages/user/detail`,
        { schema: { ...params, body: SaveBody, response: answers(UserMessageAnswer) } },
        (request) => openMessage(request, request.body.userMessageId),
      )
      app.put(
        `${base}/messages/user/detail/:type`,
        {
          schema: {
            params: formParams(form, { type: MessageType }),
            body: SaveBody,
            response: answers(UserMessageAnswer),
          },
        },
        (request) => openMessage(request, request.body.userMessageId, request.params.type),
      )

      app.post(
        `${base}/messages/user/read-flag`,
        { schema: { ...params, body: ReadBody, response: answers(ReadCountAnswer) } },
        (request) => markRead(request, request.body.userMessageIds),
      )
      app.post(
        `${base}/messages/user/read-flag/all`,
        { schema: { ...params, body: NoBody, response: answers(ReadCountAnswer) } },
        (request) => markRead(request, 'all'),
      )

      // The message screen's "Mark all read" button (its code is the button's; the header's bell uses read-flag/all).
      app.post(
        `${base}/messages/user/read-all`,
        {
          schema: { ...params, body: NoBody, response: answers(ReadCountAnswer) },
          preHandler: requirePermission(READ_ALL_PERMISSION),
        },
        (request) => markRead(request, 'all'),
      )

      app.post(
        `${base}/messages/user/send`,
        {
          schema: { ...params, body: SendBody, response: answers(SentCountAnswer) },
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
}
