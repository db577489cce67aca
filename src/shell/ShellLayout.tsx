/**
 * The signed-in layout (PLAT-SHELL): header 48 px; in the side menu layout the side menu (inline or mixed,
 * see ShellSider), in the top menu layout the menu across the header; then breadcrumbs, the tab bar and the
 * pages. The layout settings decide fixed header, fixed sidebar and content width (PLAT-SET). At widths up
 * to 767 px the menu is a drawer and the content Fluid (PLAT-SHELL-05). With the hidden-layout flag
 * only the content is shown.
 */
import { Drawer, Layout, theme } from 'antd'
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { HeaderNotices } from '../notices/HeaderNotices'
import { homePathOf, JXS_ROLE_CODE } from '../routes/home'
import { logout } from '../session/login'
import { isHiddenLayout } from '../session/session-storage'
import { useLayoutSettings } from '../settings/settings-store'
// the module itself, not renderer/index: the shell's chunk must not take in the page renderer
import { onConfigChanged } from '../../renderer/data/config-changes'
import { toLanguage } from '../locales/i18n'
import { navigateIn } from '../stores/app-services'
import { loadPrompts } from '../stores/load-session'
import { useServices, useSession } from '../stores/contexts'
import { TabbedContent } from '../tabs/TabbedContent'
import { useIsMobile } from './breakpoints'
import { Breadcrumbs } from './Breadcrumbs'
import { HEADER_HEIGHT, HeaderBar } from './HeaderBar'
import { MenuSearch } from './MenuSearch'
import { createSessionActions } from './session-actions'
import { ShellSider, SIDER_WIDTH } from './ShellSider'
import { SideMenu } from './SideMenu'
import { useBranding } from './use-branding'
import { useMenuView } from './use-menu-view'

export { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './ShellSider'
// Opened now and then, never needed for the first paint (sign-in budget): loaded when first opened.
const SettingsDrawer = lazy(() =>
  import('../settings/SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })),
)
/** Content width in the Fixed mode. */
export const FIXED_CONTENT_WIDTH = 1200

export function ShellLayout() {
  const services = useServices()
  const session = useSession()
  const { routes, user } = session
  // The router's navigate through the services, not useNavigate(): that hook renders its component again on
  // every navigation, and this one holds the whole header (shell-renders.test.tsx).
  const navigate = useCallback((to: string) => navigateIn(services, to), [services])
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const settings = useLayoutSettings(services.layout)
  const mobile = useIsMobile()
  const [view, changeView] = useMenuView(user.id)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [settingsUsed, setSettingsUsed] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const actions = useMemo(() => createSessionActions(services.http, services.browser), [services])
  const jxs = user.currentRoleCode === JXS_ROLE_CODE
  useBranding(user.title || t('app.title'), user.favicon)
  // A prompt saved in /hpfm/prompt shows at once: reload the prompts and re-render the texts.
  useEffect(
    () =>
      onConfigChanged((path) => {
        if (!path.includes('/prompts')) return
        const language = toLanguage(user.language)
        void loadPrompts(services.http, services.i18n, user.tenantId, language).then(() =>
          services.i18n.changeLanguage(services.i18n.language),
        )
      }),
    [services, user.language, user.tenantId],
  )

  if (isHiddenLayout()) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="shell" data-layout="hidden">
        <TabbedContent showTabBar={false} />
      </Layout>
    )
  }
  const sideMenu = settings.layout === 'sidemenu'
  const menuStyle = user.menuLayout === 'mixed' ? 'mixed' : 'inline'
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
  const mobileNavigate = (to: string) => {
    setDrawerOpen(false)
    void navigate(to)
  }
  // Mobile: always Fluid (PLAT-SHELL-05); otherwise the setting decides.
  const fixedWidth = !mobile && settings.contentWidth === 'Fixed'
  return (
    <Layout
      style={{ minHeight: '100vh' }}
      data-testid="shell"
      data-layout={settings.layout}
      data-mobile={mobile || undefined}
    >
      <Layout.Header style={headerStyle} data-testid="shell-header">
        <HeaderBar
          menuButton={mobile ? 'drawer' : sideMenu && menuStyle === 'inline' ? 'collapse' : undefined}
          topMenu={
            sideMenu || mobile ? undefined : (
              <AtPathname>
                {(pathname) => (
                  <SideMenu
                    mode="horizontal"
                    menu={routes.menu}
                    pathname={pathname}
                    collapsed={false}
                    navigate={navigate}
                  />
                )}
              </AtPathname>
            )
          }
          onOpenSettings={() => {
            setSettingsUsed(true)
            setSettingsOpen(true)
          }}
          collapsed={view.collapsed}
          onToggle={() => (mobile ? setDrawerOpen(true) : changeView({ collapsed: !view.collapsed }))}
          actions={actions}
          navigate={navigate}
          onLogout={() => {
            session.caches?.reset()
            logout(services.browser)
          }}
          notices={<HeaderNotices />}
        />
      </Layout.Header>
      <Layout>
        {sideMenu && !mobile && (
          <AtPathname>
            {(pathname) => (
              <ShellSider
                menu={routes.menu}
                pathname={pathname}
                navigate={navigate}
                style={menuStyle}
                collapsed={view.collapsed}
                collapsedTitles={view.collapsedTitles}
                onCollapsedTitlesChange={(collapsedTitles) => changeView({ collapsedTitles })}
                pinned={view.pinned}
                onPinnedChange={(pinned) => changeView({ pinned })}
                fixedTop={settings.fixSiderbar ? (settings.fixedHeader ? HEADER_HEIGHT : 0) : undefined}
              />
            )}
          </AtPathname>
        )}
        <Layout.Content style={{ minWidth: 0 }}>
          <div
            data-testid="content"
            data-content-width={fixedWidth ? 'Fixed' : 'Fluid'}
            style={fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, marginInline: 'auto' } : undefined}
          >
            <TabbedContent
              showTabBar={!jxs}
              header={
                <AtPathname>
                  {(pathname) => (
                    <Breadcrumbs menu={routes.menu} pathname={pathname} homePath={homePathOf(user, routes)} />
                  )}
                </AtPathname>
              }
            />
          </div>
        </Layout.Content>
      </Layout>
      {mobile && (
        <Drawer
          placement="left"
          width={SIDER_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={user.title || t('app.title')}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <div style={{ padding: 8 }}>
            <MenuSearch menu={routes.menu} navigate={mobileNavigate} />
          </div>
          <AtPathname>
            {(pathname) => (
              <SideMenu menu={routes.menu} pathname={pathname} collapsed={false} navigate={mobileNavigate} />
            )}
          </AtPathname>
        </Drawer>
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            settings={settings}
            onChange={(patch) => services.layout.change(patch)}
          />
        </Suspense>
      )}
    </Layout>
  )
}

/**
 * Renders `children` with the current pathname. Only the parts of the shell that show where the user is (menus,
 * breadcrumbs) follow navigation: the layout, the header and its switchers do not render again on a tab switch.
 */
function AtPathname({ children }: { children: (pathname: string) => ReactNode }) {
  const { pathname } = useLocation()
  return children(pathname)
}
