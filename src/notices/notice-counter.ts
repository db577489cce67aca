/**
 * The header's notice counter (PLAT-SOCK-09…13): a `hzero-web` frame's message is JSON `{tenantId, number}`;
 * the counter changes only for tenant 0 or the current tenant, by `number` as a delta (X-25: the server sends
 * +1 per new message and −N when messages are read in another window), and never goes below 0.
 */
import { NOTICE_FRAME_KEY, type NoticeCounterMessage, type SocketFrame } from '../../renderer/contract/hmsg'

export interface CounterUpdate {
  count: number
  /** PLAT-SOCK-13: show '您有新的消息' (number above 0 for this user's tenant). */
  newMessage: boolean
}

export function parseCounterMessage(frame: SocketFrame): NoticeCounterMessage | undefined {
  if (frame.key !== NOTICE_FRAME_KEY) return undefined
  try {
    const message = JSON.parse(frame.message) as Partial<NoticeCounterMessage>
    const tenantId = Number(message.tenantId)
    const number = Number(message.number)
    return Number.isFinite(tenantId) && Number.isFinite(number) ? { tenantId, number } : undefined
  } catch {
    return undefined
  }
}

export function applyFrame(count: number, frame: SocketFrame, currentTenantId: number): CounterUpdate {
  const message = parseCounterMessage(frame)
  if (!message || (message.tenantId !== 0 && message.tenantId !== currentTenantId))
    return { count, newMessage: false }
  return { count: Math.max(0, count + message.number), newMessage: message.number > 0 }
}
