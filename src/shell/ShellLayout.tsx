/**
 * The signed-in layout (PLAT-SHELL, first version): side menu 210 px (48 px collapsed) with menu search,
 * header 48 px, and the content area. With the hidden-layout flag only the content is shown.
 */
import { Layout, theme } from 'antd'
import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { JXS_ROLE_CODE } from '../routes/home'
import { logout } from '../session/login'
import { isHiddenLayout } from '../session/session-storage'
import { useServices, useSession } from '../stores/contexts'
import { HEADER_HEIGHT, HeaderBar } from './HeaderBar'
import { MenuSearch } from './MenuSearch'
import { createSessionActions } from './session-actions'
import { SideMenu } from './SideMenu'
import { TabbedContent } from '../tabs/TabbedContent'

export const SIDER_WIDTH = 210
export const SIDER_COLLAPSED_WIDTH = 48

export function ShellLayout() {
  const services = useServices()
  const { routes, user } = useSession()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { token } = theme.useToken()
  const [collapsed, setCollapsed] = useState(false)
  const actions = useMemo(() => createSessionActions(services.http, services.browser), [services])

  if (isHiddenLayout()) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <TabbedContent showTabBar={false} />
      </Layout>
    )
  }
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          padding: 0,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <HeaderBar
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          actions={actions}
          navigate={navigate}
          onLogout={() => logout(services.browser)}
        />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme="light"
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
          data-testid="side-menu"
        >
          {!collapsed && (
            <div style={{ padding: 8 }}>
              <MenuSearch menu={routes.menu} navigate={navigate} />
            </div>
          )}
          <SideMenu menu={routes.menu} pathname={pathname} collapsed={collapsed} navigate={navigate} />
        </Layout.Sider>
        <Layout.Content style={{ minWidth: 0 }}>
          <TabbedContent showTabBar={user.currentRoleCode !== JXS_ROLE_CODE} />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
