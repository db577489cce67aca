/** Table types of migration 0007, added to the app's Database interface (server/db/schema.ts). */
import type { Generated } from 'kysely'
import type { Json } from '../../db/schema.ts'

export type ReceiverScope = 'ALL' | 'USERS'
export type NoticeStatus = 'DRAFT' | 'PUBLISHED'
export type MessageType = 'MSG' | 'NOTICE'

export interface NoticeTable {
  noticeId: Generated<number>
  tenantId: number
  title: string
  noticeBody: string
  receiverScope: ReceiverScope
  receiverUserIds: Json<number[]>
  statusCode: NoticeStatus
  publishedDate: string | null
  publishedBy: number | null
  objectVersionNumber: Generated<number>
  createdBy: number
  creationDate: string
  lastUpdatedBy: number
  lastUpdateDate: string
}

export interface UserMessageTable {
  userMessageId: Generated<number>
  tenantId: number
  userId: number
  messageTypeCode: MessageType
  noticeId: number | null
  subject: string
  content: string
  readFlag: Generated<number>
  senderId: number | null
  creationDate: string
  readDate: string | null
}

declare module '../../db/schema.ts' {
  interface Database {
    hmsgNotice: NoticeTable
    hmsgUserMessage: UserMessageTable
  }
}
