/**
 * The header's notice bell (PLAT-HDR-13): the unread counter, a dropdown of the latest unread messages with
 * "mark read", and a sign when the live socket is down. Presentational: HeaderNotices wires it to useNotices.
 */
import { BellOutlined, DisconnectOutlined } from '@ant-design/icons'
import { Badge, Button, Empty, List, Popover, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { UserMessage } from '../../renderer/contract/hmsg'
import type { SocketState } from './notice-socket'

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
  const { count, socketState, messages, loading } = props
  const { t } = useTranslation()
  const disconnected = socketState === 'error' || socketState === 'closed'
  const panel = (
    <div style={{ width: 320 }} data-testid="notice-panel">
      {disconnected && (
        <Typography.Paragraph type="warning" style={{ marginBottom: 8 }}>
          <DisconnectOutlined /> {t('notices.disconnected')}
        </Typography.Paragraph>
      )}
      <Spin spinning={Boolean(loading)}>
        {messages?.length ? (
          <List
            size="small"
            dataSource={messages}
            renderItem={(message) => (
              <List.Item
                actions={[
                  <Button
                    key="read"
                    type="link"
                    size="small"
                    onClick={() => props.onMarkRead(message.userMessageId)}
                  >
                    {t('notices.markRead')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={message.subject}
                  description={<Typography.Text type="secondary">{message.creationDate}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
        )}
      </Spin>
    </div>
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
