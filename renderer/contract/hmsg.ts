/**
 * Wire shapes of the message service (hmsg): the unread count and socket frame of the wire contract, and
 * the user-message and notice rows (DESIGN, in HZERO's field names) the reference server answers.
 */

/** `GET /hmsg/v1/{tenantId}/messages/user/count` */
export interface UnreadCount {
  unreadMessageCount: number
}

/** A socket frame (PLAT-SOCK-09). For key `hzero-web`, `message` is JSON text of a NoticeCounterMessage. */
export interface SocketFrame {
  key: string
  type?: 'S' | 'U' | 'A'
  message: string
}

/** `number` changes the counter by that much (X-25: a delta; negative when messages were read elsewhere). */
export interface NoticeCounterMessage {
  tenantId: number
  number: number
}

export const NOTICE_FRAME_KEY = 'hzero-web'

/**
 * Frame key of a page file change (issue 22, live files): `message` is JSON text of a PageSchemaChanged. Sent
 * to every open socket when the server applies (or refuses) a change of a page file.
 */
export const PAGE_CHANGED_FRAME_KEY = 'page-schema-changed'

export interface PageSchemaChanged {
  type: 'page-schema-changed'
  file: string
  /** The route the file now answers ('' when removed); `previousRoute` when the change moved it. */
  route: string
  previousRoute?: string
  /** The server's page version after the change. */
  version: number
  /** applied: the new text is served; rejected: it failed the check and the last good version stays. */
  outcome: 'applied' | 'rejected' | 'removed'
  /** Number of errors in the new text. */
  errors: number
}
/** The keep-alive text the browser sends (PLAT-SOCK-05). */
export const SOCKET_HEARTBEAT = 'hzero-hi'
/** The server's socket endpoint, under the API base. */
export const SOCKET_PATH = '/api/hmsg/websocket'

export type UserMessageType = 'MSG' | 'NOTICE'

export interface UserMessage {
  userMessageId: number
  tenantId: number
  userMessageTypeCode: UserMessageType
  noticeId: number | null
  subject: string
  content: string
  readFlag: 0 | 1
  creationDate: string
  readDate: string | null
}

export type NoticeReceiverScope = 'ALL' | 'USERS'
export type NoticeStatus = 'DRAFT' | 'PUBLISHED'

export interface Notice {
  noticeId: number
  tenantId: number
  title: string
  noticeBody: string
  receiverScope: NoticeReceiverScope
  receiverUserIds: number[]
  statusCode: NoticeStatus
  publishedDate: string | null
  publishedBy: number | null
  objectVersionNumber: number
  createdBy: number
  creationDate: string
  lastUpdatedBy: number
  lastUpdateDate: string
}

/**
 * Frame key of a model file change (issue 22, live files): `message` is JSON text of a ModelSchemaChanged. Sent
 * to every open socket when the server applies model files, or refuses one (with its problems).
 */
export const MODEL_CHANGED_FRAME_KEY = 'model-schema-changed'

export interface ModelSchemaChanged {
  type: 'model-schema-changed'
  /** The server's model version after the change. */
  version: number
  /** Model keys (`wms/carrier`) whose new version is in effect. */
  applied: string[]
  removed: string[]
  /** Files that took no effect, with each problem: file, line, pointer, what is wrong and what to do. */
  refused: Array<{
    file: string
    problems: Array<{
      file: string
      line?: number
      column?: number
      pointer: string
      message: string
      fix: string
    }>
  }>
}

/**
 * Frame key telling the open browsers that menu entries changed (a page file's entry added, changed or removed):
 * the shell fetches its menu again (src/routes/menu-refresh.ts). `message` is JSON text of a MenuChanged.
 */
export const MENU_CHANGED_FRAME_KEY = 'menu-changed'

export interface MenuChanged {
  type: 'menu-changed'
  /** The page file whose entry changed. */
  file: string
  action: 'created' | 'updated' | 'removed'
}
