/**
 * The personal centre (/hiam/user/info, PLAT-HDR-07): a page header with tabs (PLAT-SHELL-09) for the
 * profile, the password, and the preferences (language, default tenant, time zone, date formats, menu
 * style). Loaded on demand: it is not needed at first paint.
 */
import { UserOutlined } from '@ant-design/icons'
import { Avatar, Card, Flex, Tabs, Typography } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices, useSession } from '../../stores/contexts'
import { createSessionActions } from '../session-actions'
import { PasswordForm } from './PasswordForm'
import { createPersonalApi } from './personal-api'
import { PreferencesForm } from './PreferencesForm'
import { ProfileForm } from './ProfileForm'

export default function PersonalCentre() {
  const { t } = useTranslation()
  const services = useServices()
  const { user } = useSession()
  const api = useMemo(() => createPersonalApi(services.http), [services.http])
  const actions = useMemo(() => createSessionActions(services.http, services.browser), [services])
  return (
    <Card>
      <Flex gap={16} align="center" style={{ marginBottom: 8 }}>
        <Avatar size={56} src={user.imageUrl} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user.realName}
          </Typography.Title>
          <Typography.Text type="secondary">
            {user.loginName} · {user.tenantName} · {user.currentRoleName}
          </Typography.Text>
        </div>
      </Flex>
      <Tabs
        items={[
          { key: 'profile', label: t('personal.tab.profile'), children: <ProfileForm api={api} /> },
          { key: 'password', label: t('personal.tab.password'), children: <PasswordForm api={api} /> },
          {
            key: 'preferences',
            label: t('personal.tab.preferences'),
            children: <PreferencesForm api={api} actions={actions} />,
          },
        ]}
      />
    </Card>
  )
}
