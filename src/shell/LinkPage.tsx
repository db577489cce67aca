/**
 * The iframe page of a link menu entry (`/link/{id}`, menu types link / inner-link): the entry's address
 * fills the page; a button opens it in a browser tab for sites that refuse to be framed.
 */
import { ExportOutlined } from '@ant-design/icons'
import { Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { useSession } from '../stores/contexts'
import { findMenuEntry } from './menu-navigation'
import { ExceptionPage } from '../routes/StatusPages'

export default function LinkPage() {
  const { id } = useParams()
  const { routes } = useSession()
  const { t } = useTranslation()
  const entry = findMenuEntry(routes.menu, Number(id))
  if (!entry?.route || (entry.type !== 'link' && entry.type !== 'inner-link'))
    return <ExceptionPage code="404" />
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" ellipsis>
          {entry.route}
        </Typography.Text>
        <Button
          size="small"
          icon={<ExportOutlined />}
          href={entry.route}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('shell.openInBrowserTab')}
        </Button>
      </Flex>
      <iframe
        title={entry.name}
        src={entry.route}
        style={{ width: '100%', height: 'calc(100vh - 190px)', minHeight: 360, border: 0 }}
      />
    </Flex>
  )
}
