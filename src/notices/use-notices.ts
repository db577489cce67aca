/**
 * The header's notices: the unread count, the socket that keeps it live, the latest unread messages for the
 * dropdown, and marking them read. The count is read from the server each time the socket opens (so frames
 * missed while disconnected are made good); the user's notifyCount, when the server sends one, is the value
 * before that (CORE-USR-09).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { UserMessage } from '../../renderer/contract/hmsg'
import { readAccessToken } from '../session/tokens'
import { useServices, useSession } from '../stores/contexts'
import { dispatchLiveFileFrame } from '../routes/menu-refresh'
import { dispatchPageChange } from '../routes/page-changes'
import { applyFrame } from './notice-counter'
import { createNoticeSocket, type SocketState } from './notice-socket'
import { noticesApi } from './notices-api'
import { noticeSocketAddress } from './socket-address'

export interface NoticesModel {
  count: number
  socketState: SocketState
  messages: UserMessage[] | undefined
  loading: boolean
  loadLatest(): void
  markRead(userMessageId: number): void
  markAllRead(): void
}

export function useNotices(): NoticesModel {
  const { http, ui, i18n } = useServices()
  const { user } = useSession()
  const api = useMemo(() => noticesApi(http, user.currentRoleLevel, user.tenantId), [http, user])
  const [count, setCount] = useState(() => Math.max(0, Number(user.notifyCount) || 0))
  const [socketState, setSocketState] = useState<SocketState>('uninitialised')
  const [messages, setMessages] = useState<UserMessage[]>()
  const [loading, setLoading] = useState(false)
  const socketOpen = useRef(false)
  const tenantId = user.tenantId

  useEffect(() => {
    let live = true
    const sync = () =>
      api.unreadCount().then(
        (unread) => live && setCount(unread),
        () => undefined, // the socket still counts from the last known value
      )
    const socket = createNoticeSocket({
      url: noticeSocketAddress(),
      getAccessToken: readAccessToken,
      onState: (state) => {
        socketOpen.current = state === 'open'
        setSocketState(state)
        if (state === 'open') void sync()
      },
      onFrame: (frame) => {
        // A page file changed on the server: the open pages of that file reload themselves (page-changes.ts);
        // a menu entry or a model file changed: the shell fetches its menu again, or shows the problems.
        if (dispatchPageChange(frame) || dispatchLiveFileFrame(frame)) return
        setCount((current) => applyFrame(current, frame, tenantId).count)
        // Whether a frame is news depends on the frame and tenant only, not on the count.
        if (applyFrame(0, frame, tenantId).newMessage) {
          // ui.notifier is read at call time: the themed notifier replaces the static one once mounted.
          ui.notifier.info(i18n.t('notices.newMessage'), i18n.t('notices.title'))
          setMessages(undefined) // the dropdown reloads when opened next
        }
      },
    })
    socket.start()
    return () => {
      live = false
      socket.destroy()
    }
  }, [api, tenantId, ui, i18n])

  const loadLatest = useCallback(() => {
    setLoading(true)
    api
      .latestUnread()
      .then(setMessages, () => setMessages([]))
      .finally(() => setLoading(false))
  }, [api])

  // While the socket is open the server's −N frame lowers the count; otherwise lower it here.
  const afterRead = useCallback((readCount: number, ids?: number[]) => {
    if (!socketOpen.current) setCount((current) => Math.max(0, current - readCount))
    setMessages((current) => (ids ? current?.filter((m) => !ids.includes(m.userMessageId)) : []))
  }, [])

  return {
    count,
    socketState,
    messages,
    loading,
    loadLatest,
    markRead: (id) =>
      void api.markRead([id]).then(
        (readCount) => afterRead(readCount, [id]),
        () => undefined,
      ),
    markAllRead: () =>
      void api.markAllRead().then(
        (readCount) => afterRead(readCount),
        () => undefined,
      ),
  }
}
