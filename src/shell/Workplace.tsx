/**
 * The home page /workplace (CORE-ROUTE-08): a greeting with the user, current tenant and role; quick
 * entries to the menu pages the role has; and the pages this user visited recently. A role holding the
 * company-create code (checked on start, PLAT-PERM-03) with the companies screen in its menu gets "New company".
 * The tenant's current static texts (/hpfm/static-text-org) show as notices under the greeting.
 */
import { ClockCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { Avatar, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd'
import dayjs from 'dayjs'
import { memo, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { leafEntries } from '../routes/route-table'
import { useSession } from '../stores/contexts'
import { COMPANY_CREATE_CODE } from '../stores/start-permissions'
import { useKeptPage } from '../tabs/kept-page'
import { menuIcon } from './menu-icons'
import { openMenuEntry } from './menu-navigation'
import { readRecentVisits, type Visit } from './recent-visits'
import { WorkplaceCards } from './WorkplaceCards'
import { WorkplaceTexts } from './WorkplaceTexts'

function greetingKey(hour: number): string {
  if (hour < 12) return 'workplace.greeting.morning'
  if (hour < 18) return 'workplace.greeting.afternoon'
  return 'workplace.greeting.evening'
}

/** The companies screen, whose Create button the company-create code guards. */
const COMPANIES_ROUTE = '/hpfm/hr/org'

export function Workplace({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user, routes, startPermissions } = useSession()
  const entries = useMemo(() => leafEntries(routes.menu), [routes.menu])
  const companies = entries.find((entry) => entry.route === COMPANIES_ROUTE)
  const newCompany = Boolean(startPermissions?.[COMPANY_CREATE_CODE] && companies)
  // Kept alive behind its tab: what depends on being on screen re-reads when it comes back; the rest (the quick
  // entries, one card per menu page) is memoised, so a tab switch does not render the whole home page again.
  const { active } = useKeptPage()

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={16}>
          <Avatar size={56} src={user.imageUrl}>
            {user.realName.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(greetingKey(now.getHours()), { name: user.realName })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('workplace.context', { tenant: user.tenantName, role: user.currentRoleName })}
            </Typography.Text>
          </div>
          {newCompany && companies ? (
            <Button
              style={{ marginLeft: 'auto' }}
              icon={<PlusOutlined />}
              onClick={() => openMenuEntry(companies, navigate)}
            >
              {t('workplace.newCompany')}
            </Button>
          ) : null}
        </Flex>
      </Card>
      <WorkplaceTexts active={active} />
      <WorkplaceCards active={active} />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <QuickEntries entries={entries} />
        </Col>
        <Col xs={24} lg={8}>
          <RecentVisits active={active} userId={user.id} format={user.dateTimeFormat} />
        </Col>
      </Row>
    </Flex>
  )
}

const QUICK_ENTRY_NAME = {
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

const QuickEntries = memo(function QuickEntries({ entries }: { entries: ReturnType<typeof leafEntries> }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Card title={t('workplace.quickEntries')}>
      {entries.length === 0 ? (
        <Empty description={t('workplace.noMenus')} />
      ) : (
        <Row gutter={[12, 12]}>
          {entries.map((entry) => (
            <Col key={entry.id} xs={12} md={8} xl={6}>
              <Card
                hoverable
                size="small"
                onClick={() => openMenuEntry(entry, navigate)}
                role="link"
                aria-label={entry.name}
              >
                <Flex vertical align="center" gap={8}>
                  <span style={{ fontSize: 24 }}>{menuIcon(entry.icon, false)}</span>
                  {/* CSS ellipsis, not Typography's: that one measures every card again each time the page is shown */}
                  <span title={entry.name} style={QUICK_ENTRY_NAME}>
                    {entry.name}
                  </span>
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  )
})

/** This user's recent visits, read again each time the home page comes back on screen (kept while hidden). */
function RecentVisits({ active, userId, format }: { active: boolean; userId: number; format?: string }) {
  const { t } = useTranslation()
  const [recent, setRecent] = useState<Visit[]>(() => readRecentVisits(userId))
  useEffect(() => {
    if (active) setRecent(readRecentVisits(userId))
  }, [active, userId])
  return (
    <Card title={t('workplace.recent')}>
      {recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workplace.noRecent')} />
      ) : (
        <Flex vertical gap={10} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {recent.map((visit) => (
            <Flex key={visit.path} component="li" justify="space-between" gap={8}>
              <Link to={visit.path}>
                <ClockCircleOutlined style={{ marginRight: 8 }} />
                {visit.title}
              </Link>
              <Typography.Text type="secondary">
                {dayjs(visit.at).format(format || 'YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  )
}
