/**
 * What the message routes answer (issue 20, "response schemas on every route"): the wire contract's unread
 * count and the user-message and notice rows of renderer/contract/hmsg.ts, field for field. The rows are
 * closed: the handlers select these columns and nothing else, and the bell (src/notices), the notice pages and
 * tests/server/hmsg.test.ts read no other field. A nullable column is declared nullable, so the serializer
 * writes its null instead of coercing it to "" or 0.
 */
import { Type } from '@sinclair/typebox'
import { Id, Int4, TenantId, Version } from '../../schemas.ts'
import { Nullable, PageOf } from '../../responses.ts'

/** A wire timestamp `YYYY-MM-DD HH:mm:ss`. */
const Timestamp = Type.String({ description: 'YYYY-MM-DD HH:mm:ss' })
const Count = Int4({ minimum: 0 })

export const MessageType = Type.Union([Type.Literal('MSG'), Type.Literal('NOTICE')])

/** `GET …/messages/user/count` (wire contract "Notices"). */
export const UnreadCountAnswer = Type.Object(
  { unreadMessageCount: Count },
  { description: 'Unread messages of the caller in the current tenant and the platform' },
)

/** One user message (renderer/contract/hmsg.ts UserMessage). */
export const UserMessageAnswer = Type.Object(
  {
    userMessageId: Id(),
    tenantId: TenantId,
    userMessageTypeCode: MessageType,
    noticeId: Nullable(Id()),
    subject: Type.String(),
    content: Type.String(),
    readFlag: Type.Union([Type.Literal(0), Type.Literal(1)]),
    creationDate: Timestamp,
    readDate: Nullable(Timestamp),
  },
  { description: 'A message of the caller' },
)
export const UserMessagePage = PageOf(UserMessageAnswer, 'A page of the caller’s messages, newest first')

/** How many messages a mark-read call changed (the bell subtracts it). */
export const ReadCountAnswer = Type.Object({ readCount: Count }, { description: 'Messages marked read' })
export const SentCountAnswer = Type.Object({ sentCount: Count }, { description: 'Messages created' })

/** One notice (renderer/contract/hmsg.ts Notice). */
const noticeFields = {
  noticeId: Id(),
  tenantId: TenantId,
  title: Type.String(),
  noticeBody: Type.String(),
  receiverScope: Type.Union([Type.Literal('ALL'), Type.Literal('USERS')]),
  receiverUserIds: Type.Array(Id()),
  statusCode: Type.Union([Type.Literal('DRAFT'), Type.Literal('PUBLISHED')]),
  publishedDate: Nullable(Timestamp),
  publishedBy: Nullable(Id()),
  objectVersionNumber: Version,
  createdBy: Id(),
  creationDate: Timestamp,
  lastUpdatedBy: Id(),
  lastUpdateDate: Timestamp,
}
export const NoticeAnswer = Type.Object(noticeFields, { description: 'A notice' })
export const NoticePage = PageOf(NoticeAnswer, 'A page of the tenant’s notices, newest first')
/** A published notice and how many users it reached. */
export const PublishedAnswer = Type.Object(
  { ...noticeFields, receiverCount: Count },
  { description: 'The notice as published, with its number of recipients' },
)
export const DeletedNoticeAnswer = Type.Object({ noticeId: Id() }, { description: 'The draft deleted' })
export const DeletedNoticesAnswer = Type.Object(
  { noticeIds: Type.Array(Id()) },
  { description: 'The drafts deleted' },
)

/** One channel's outcome of a send (template-send.ts ChannelResult). */
export const SendResultsAnswer = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        channel: Type.String(),
        statusCode: Type.Union([Type.Literal('SUCCESS'), Type.Literal('FAILED'), Type.Literal('SKIPPED')]),
        receiverCount: Count,
        errorMessage: Nullable(Type.String()),
      }),
    ),
  },
  { description: 'What each channel did' },
)
