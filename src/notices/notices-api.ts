/** The calls of the notice bell (wire contract: count; the rest as the reference server answers them). */
import type { UnreadCount, UserMessage } from '../../renderer/contract/hmsg'
import { tenantPath, type Page, type RoleLevel } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'

export const LATEST_MESSAGE_COUNT = 5

export interface NoticesApi {
  unreadCount(): Promise<number>
  latestUnread(): Promise<UserMessage[]>
  markRead(userMessageIds: number[]): Promise<number>
  markAllRead(): Promise<number>
}

export function noticesApi(http: HttpClient, level: RoleLevel, tenantId: number): NoticesApi {
  const path = (rest: string) => tenantPath(level, tenantId, rest)
  return {
    async unreadCount() {
      const body = await http.request<UnreadCount>({
        method: 'GET',
        service: 'hmsg',
        path: path('/messages/user/count'),
        silent: true,
      })
      return body.unreadMessageCount
    },
    async latestUnread() {
      const page = await http.request<Page<UserMessage>>({
        method: 'GET',
        service: 'hmsg',
        path: path('/messages/user'),
        params: { readFlag: 0, page: 0, size: LATEST_MESSAGE_COUNT },
      })
      return page.content
    },
    async markRead(userMessageIds) {
      const body = await http.request<{ readCount: number }>({
        method: 'POST',
        service: 'hmsg',
        path: path('/messages/user/read-flag'),
        data: { userMessageIds },
      })
      return body.readCount
    },
    async markAllRead() {
      const body = await http.request<{ readCount: number }>({
        method: 'POST',
        service: 'hmsg',
        path: path('/messages/user/read-flag/all'),
      })
      return body.readCount
    },
  }
}
