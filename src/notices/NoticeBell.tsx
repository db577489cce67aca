/**
 * The header's notice bell (PLAT-HDR-13): the unread counter, a dropdown of the latest unread messages with
 * "mark read", and a sign when the live socket is down. Presentational: HeaderNotices wires it to useNotices.
 */
import { BellOutlined, DisconnectOutlined } from '@ant-design/icons'
import { Badge, Button, Popover, Spin } from 'antd'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserMessage } from '../../renderer/contract/hmsg'
import type { SocketState } from './notice-socket'

const NoticePanel = lazy(() => import('./NoticePanel'))

export interface NoticeBellProps {
  count: number
  socketState: SocketState
  /** Undefined until loaded (the dropdown loads them when it opens). */
  messages: UserMessage[] | undefined
  loading?: boolean
  onOpen(): void
  onMarkRead(userMessageId: number): void
  onMarkAllRead(): void
}

export function NoticeBell(props: NoticeBellProps) {
  const { count, socketState } = props
  const { t } = useTranslation()
  const disconnected = socketState === 'error' || socketState === 'closed'
  // the list is its own chunk, fetched when the bell first opens: antd's List brings Pagination and Select,
  // which signing in and the workplace do not need
  const panel = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 320 }} />}>
      <NoticePanel {...props} disconnected={disconnected} />
    </Suspense>
  )
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          {t('notices.title')}
          {count > 0 && (
            <Button type="link" size="small" onClick={props.onMarkAllRead}>
              {t('notices.markAllRead')}
            </Button>
          )}
        </span>
      }
      content={panel}
      onOpenChange={(open) => open && props.onOpen()}
    >
      <Button
        type="text"
        aria-label={t('notices.bell', { count })}
        data-socket-state={socketState}
        title={disconnected ? t('notices.disconnected') : undefined}
        icon={
          <Badge count={count} overflowCount={99} size="small" data-testid="notice-count">
            {disconnected ? <DisconnectOutlined /> : <BellOutlined />}
          </Badge>
        }
      />
    </Popover>
  )
}
