/** Creating user messages (from a sent message or a published notice) and announcing them to the sockets. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { NoticeBus } from './notice-bus.ts'
import type { MessageType, ReceiverScope } from './tables.ts'

/** Wire timestamp `YYYY-MM-DD HH:mm:ss` (UTC, as the database stores localtimestamp) of a clock reading. */
export const wireTimestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

/** Users holding a role in the tenant (tenant 0: every user of the platform). */
async function tenantMembers(trx: Kysely<Database>, tenantId: number): Promise<number[]> {
  let query = trx
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .select('m.userId')
    .distinct()
  if (tenantId !== 0) query = query.where('r.tenantId', '=', tenantId)
  return (await query.orderBy('m.userId').execute()).map((row) => row.userId)
}

/** The recipients of a notice or message; every listed user must belong to the tenant. */
export async function audienceOf(
  trx: Kysely<Database>,
  tenantId: number,
  scope: ReceiverScope,
  userIds: number[],
): Promise<number[]> {
  const members = await tenantMembers(trx, tenantId)
  if (scope === 'ALL') return members
  const memberSet = new Set(members)
  const strangers = userIds.filter((id) => !memberSet.has(id))
  if (strangers.length)
    throw badRequest(
      `Users ${strangers.join(', ')} are not members of tenant ${tenantId}: choose recipients of this tenant.`,
      { receiverUserIds: 'not members of the tenant' },
    )
  return [...new Set(userIds)]
}

export interface NewMessages {
  tenantId: number
  userIds: number[]
  type: MessageType
  subject: string
  content: string
  senderId: number
  noticeId?: number
  now: number
}

/** Inserts one unread message per recipient and announces +1 to each (heard once `trx` commits). */
export async function createUserMessages(
  trx: Kysely<Database>,
  bus: NoticeBus,
  messages: NewMessages,
): Promise<number> {
  if (!messages.userIds.length) return 0
  const creationDate = wireTimestamp(messages.now)
  await trx
    .insertInto('hmsgUserMessage')
    .values(
      messages.userIds.map((userId) => ({
        tenantId: messages.tenantId,
        userId,
        messageTypeCode: messages.type,
        noticeId: messages.noticeId ?? null,
        subject: messages.subject,
        content: messages.content,
        senderId: messages.senderId,
        creationDate,
      })),
    )
    .execute()
  await bus.publish(
    messages.userIds.map((userId) => ({ userId, tenantId: messages.tenantId, number: 1 })),
    trx,
  )
  return messages.userIds.length
}
