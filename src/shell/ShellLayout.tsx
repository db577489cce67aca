/**
 * The signed-in layout (PLAT-SHELL): header 48 px; in the side menu layout a side menu of 210 px (48 px
 * collapsed) with menu search, in the top menu layout the menu across the header; then the tab bar and the
 * pages. The layout settings decide fixed header, fixed sidebar and content width (PLAT-SET). With the
 * hidden-layout flag only the content is shown.
 */
import { Layout, theme } from 'antd'
import { useMemo, useState, type CSSProperties } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { JXS_ROLE_CODE } from '../routes/home'
import { logout } from '../session/login'
import { isHiddenLayout } from '../session/session-storage'
import { SettingsDrawer } from '../settings/SettingsDrawer'
import { useLayoutSettings } from '../settings/settings-store'
import { useServices, useSession } from '../stores/contexts'
import { TabbedContent } from '../tabs/TabbedContent'
import { HEADER_HEIGHT, HeaderBar } from './HeaderBar'
import { MenuSearch } from './MenuSearch'
import { createSessionActions } from './session-actions'
import { SideMenu } from './SideMenu'

export const SIDER_WIDTH = 210
export const SIDER_COLLAPSED_WIDTH = 48
/** Content width in the Fixed mode. */
export const FIXED_CONTENT_WIDTH = 1200

export function ShellLayout() {
  const services = useServices()
  const { routes, user } = useSession()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { token } = theme.useToken()
  const settings = useLayoutSettings(services.layout)
  const [collapsed, setCollapsed] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const actions = useMemo(() => createSessionActions(services.http, services.browser), [services])

  if (isHiddenLayout()) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <TabbedContent showTabBar={false} />
      </Layout>
    )
  }
  const sideMenu = settings.layout === 'sidemenu'
  const headerStyle: CSSProperties = {
    height: HEADER_HEIGHT,
    lineHeight: `${HEADER_HEIGHT}px`,
    padding: 0,
    background: token.colorBgContainer,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    position: settings.fixedHeader ? 'sticky' : 'relative',
    top: 0,
    zIndex: 10,
  }
  const siderTop = settings.fixedHeader ? HEADER_HEIGHT : 0
  const fixedSider: CSSProperties = settings.fixSiderbar
    ? { position: 'sticky', top: siderTop, height: `calc(100vh - ${siderTop}px)`, overflowY: 'auto' }
    : {}
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="shell" data-layout={settings.layout}>
      <Layout.Header style={headerStyle} data-testid="shell-header">
        <HeaderBar
          collapsible={sideMenu}
          topMenu={
            sideMenu ? undefined : (
              <SideMenu
                mode="horizontal"
                menu={routes.menu}
                pathname={pathname}
                collapsed={false}
                navigate={navigate}
              />
            )
          }
          onOpenSettings={() => setSettingsOpen(true)}
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          actions={actions}
          navigate={navigate}
          onLogout={() => logout(services.browser)}
        />
      </Layout.Header>
      <Layout>
        {sideMenu && (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={collapsed}
            theme="light"
            style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, ...fixedSider }}
            data-testid="side-menu"
          >
            {!collapsed && (
              <div style={{ padding: 8 }}>
                <MenuSearch menu={routes.menu} navigate={navigate} />
              </div>
            )}
            <SideMenu menu={routes.menu} pathname={pathname} collapsed={collapsed} navigate={navigate} />
          </Layout.Sider>
        )}
        <Layout.Content style={{ minWidth: 0 }}>
          <div
            data-testid="content"
            style={
              settings.contentWidth === 'Fixed'
                ? { maxWidth: FIXED_CONTENT_WIDTH, marginInline: 'auto' }
                : undefined
            }
          >
            <TabbedContent showTabBar={user.currentRoleCode !== JXS_ROLE_CODE} />
          </div>
        </Layout.Content>
      </Layout>
      <SettingsDrawer
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        settings={settings}
        onChange={(patch) => services.layout.change(patch)}
      />
    </Layout>
  )
}
