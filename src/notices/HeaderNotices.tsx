import { NoticeBell } from './NoticeBell'
import { useNotices } from './use-notices'

/** The notice bell of the header, live: counter from the server and the socket (PLAT-SOCK, PLAT-HDR-13). */
export function HeaderNotices() {
  const notices = useNotices()
  return (
    <NoticeBell
      count={notices.count}
      socketState={notices.socketState}
      messages={notices.messages}
      loading={notices.loading}
      onOpen={notices.loadLatest}
      onMarkRead={notices.markRead}
      onMarkAllRead={notices.markAllRead}
    />
  )
}
