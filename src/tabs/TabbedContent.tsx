/**
 * The content area of the shell: the tab bar over the kept-alive pages (CORE-TAB, PLAT-SHELL-12/13).
 * Every address that is a page of the route table (or home) opens or activates its tab; H-Menu-Id follows
 * the page on screen. Without a tab bar (role jxs, X-05; embedded layout, X-24) pages are not kept alive:
 * nothing could close them.
 */
import { FullscreenExitOutlined } from '@ant-design/icons'
import { App, Button, theme } from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom'
import { hasWorkplace, homePathOf, WORKPLACE_PATH } from '../routes/home'
import { shellTabPages } from '../routes/shell-pages'
import { useServices, useSession } from '../stores/contexts'
import { KeepAliveOutlet, type KeptEntry } from './KeepAliveOutlet'
import { CurrentPage } from './kept-page'
import { createPageCache, dropsOnLeave } from './page-cache'
import { TabBar, type TabCommand } from './TabBar'
import { createTabStore, type TabResult } from './tab-store'
import { findTabbablePage, pathnameOf, type HomePage } from './tabbable-page'
import { useTabState } from './use-tab-state'
import { TabTitleContext } from './use-tab-title'

export interface TabbedContentProps {
  showTabBar: boolean
  /** Shown above the page, hidden in a tab's full screen (the breadcrumbs). */
  header?: ReactNode
}

export function TabbedContent({ showTabBar, header }: TabbedContentProps) {
  const services = useServices()
  const { user, routes } = useSession()
  const { t } = useTranslation()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const { token } = theme.useToken()

  const home = useMemo<HomePage>(() => {
    const path = homePathOf(user, routes)
    const title = path === WORKPLACE_PATH ? t('shell.home') : ''
    return { path, title: findTabbablePage(path, routes, { path, title })?.routeTitle ?? title }
  }, [user, routes, t])
  const [store] = useState(() => {
    const page = findTabbablePage(home.path, routes, home)
    return createTabStore({
      home: { key: home.path, routeTitle: home.title, menuId: page?.menuId },
      roleCode: user.currentRoleCode,
    })
  })
  const [cache] = useState(() => createPageCache<KeptEntry>(home.path))
  const state = useTabState(store)
  const [fullscreenKey, setFullscreenKey] = useState<string>()

  const shellPages = useMemo(
    () =>
      shellTabPages(
        routes.menu,
        t('shell.personalCenter'),
        hasWorkplace(user.currentRoleCode) ? t('shell.home') : undefined,
      ),
    [routes.menu, t, user.currentRoleCode],
  )
  const current = findTabbablePage(pathname, routes, home, shellPages)
  const key = current ? `${pathname}${search}` : undefined
  // A replace navigation moves the page's tab to the new address instead of opening another one, and drops the
  // page it left (KeepAliveOutlet's dropsOnLeave below): a create page that saved replaces itself with the
  // saved document, so nothing is left kept under the create address and the next "New" starts blank.
  const replacing = useNavigationType() === 'REPLACE'
  const shownKey = useRef<string | undefined>(undefined)
  useEffect(() => {
    services.activeMenu.id = current?.menuId
    const previous = shownKey.current
    shownKey.current = key
    if (current && key) {
      const tab = { key, pathname, routeTitle: current.routeTitle, menuId: current.menuId }
      if (replacing && previous !== undefined && previous !== key) store.replace(previous, tab)
      else store.open(tab)
    } else store.activate(undefined)
  }, [services, store, key, pathname, current?.routeTitle, current?.menuId]) // eslint-disable-line react-hooks/exhaustive-deps -- `current` is rebuilt each render; its fields are the inputs, `replacing` is read with the key it came with

  const dropOnLeave = useCallback(
    (from: string, to: string) =>
      replacing ||
      dropsOnLeave(
        pathnameOf(from),
        pathnameOf(to),
        (detail) => findTabbablePage(detail, routes, home)?.listPath,
      ),
    [routes, home, replacing],
  )

  const show = (result: TabResult) => {
    if (result.message) void message.warning(t(result.message))
    if (result.activate) void navigate(result.activate)
  }
  const onCommand = (command: TabCommand, tabKey: string) => {
    if (command === 'fullscreen') {
      if (tabKey !== state.activeKey) void navigate(tabKey)
      setFullscreenKey(tabKey)
    } else if (command === 'close') show(store.close(tabKey))
    else if (command === 'closeAll') show(store.closeAll())
    else show(store[command](tabKey))
  }

  const fullscreen = fullscreenKey !== undefined && fullscreenKey === key
  useEffect(() => {
    if (!fullscreen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setFullscreenKey(undefined)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [fullscreen])
  return (
    <>
      {showTabBar && (
        <div style={{ background: token.colorBgContainer, paddingInline: 8, paddingTop: 4 }}>
          <TabBar
            state={state}
            fallbackKey={home.path}
            // Always navigate, even to what looks like the current tab: right after a switch the rendered state (and
            // the address bar, while a lazy page loads) may still show the previous location, and a skipped click
            // was swallowed or overtaken by the pending switch. The same address replaces its history entry.
            // flushSync: the switch commits in the click's task instead of a transition rendered across frames
            // (a kept page is already mounted; an evicted one shows its loading state at once).
            onSelect={(tabKey) =>
              void navigate(tabKey, { replace: tabKey === `${pathname}${search}`, flushSync: true })
            }
            onCommand={onCommand}
          />
        </div>
      )}
      {!fullscreen && header}
      <div
        data-testid="page-area"
        style={
          fullscreen
            ? {
                position: 'fixed',
                inset: 0,
                zIndex: 1000,
                overflow: 'auto',
                padding: 16,
                background: token.colorBgLayout,
              }
            : { padding: 16 }
        }
      >
        {fullscreen && (
          <Button
            icon={<FullscreenExitOutlined />}
            style={{ position: 'absolute', right: 16, top: 8, zIndex: 1 }}
            onClick={() => setFullscreenKey(undefined)}
          >
            {t('tabs.exitFullscreen')}
          </Button>
        )}
        {showTabBar ? (
          <TabTitleContext.Provider value={store.setCustomTitle}>
            <KeepAliveOutlet
              activeKey={key}
              cache={cache}
              isKept={(k) => state.tabs.some((tab) => tab.key === k)}
              dropsOnLeave={dropOnLeave}
            />
          </TabTitleContext.Provider>
        ) : (
          // The same marker as a kept page's container (KeepAliveOutlet): the page on screen and its address.
          <div data-page-key={`${pathname}${search}`}>
            <CurrentPage>
              <Outlet />
            </CurrentPage>
          </div>
        )}
      </div>
    </>
  )
}
