/** The bell's dropdown: the latest unread messages with "mark read" (loaded when the bell first opens). */
import { DisconnectOutlined } from '@ant-design/icons'
import { Button, Empty, List, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { NoticeBellProps } from './NoticeBell'

export default function NoticePanel(props: NoticeBellProps & { disconnected: boolean }) {
  const { messages, loading, disconnected } = props
  const { t } = useTranslation()
  return (
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
}
