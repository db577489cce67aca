/**
 * The signed-in app: loads the session (user, roles, tenants, menus, prompts), builds the routes of the
 * current role, then hands over to the router. The originally requested address is kept (PLAT-LOGIN-05).
 */
import { Alert, Button, Flex, Spin } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { toSessionUser } from '../http/renderer-env'
import { flaggedDefaultWarehouse } from '../stores/warehouse-config'
import { useTranslation } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import type { Language } from '../../renderer/contract/wire'
import { SHELL_ROUTE_ID, signedInRoutes } from '../routes/app-routes'
import { PageRouteView } from '../routes/PageRouteView'
import { homePathOf } from '../routes/home'
import {
  addedPages,
  coalesced,
  fetchRouteTable,
  modelProblemLines,
  onLiveFileChange,
  withoutChangedRoutes,
} from '../routes/menu-refresh'
import { onAnyPageChange } from '../routes/page-changes'
import { buildRouteTable, type RouteTable } from '../routes/route-table'
import { saveLayoutSettings } from '../settings/layout-settings-api'
import { useServices, SessionContext } from '../stores/contexts'
import { loadSession, type AppSession } from '../stores/load-session'
import { createSessionCaches } from '../stores/session-caches'

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready'
      session: AppSession & { routes: RouteTable }
      router: ReturnType<typeof createBrowserRouter>
      /** The routes of the page files the session was built with (a new one is announced, see below). */
      pageRoutes: Set<string>
    }

export function SignedInApp({ setLanguage }: { setLanguage(language: Language): void }) {
  const services = useServices()
  const { t } = useTranslation()
  const [state, setState] = useState<State>({ status: 'loading' })

  const load = useCallback(() => {
    setState({ status: 'loading' })
    loadSession(services.http, services.i18n).then(
      async ({ pageIndex, ...session }) => {
        await services.i18n.changeLanguage(session.language)
        setLanguage(session.language)
        services.layout.load(session.layoutSettings, (settings) =>
          saveLayoutSettings(services.http, settings),
        )
        const routes = buildRouteTable(session.menus, pageIndex)
        const router = createBrowserRouter(
          signedInRoutes(routes, session.user.currentRoleCode, homePathOf(session.user, routes)),
        )
        services.router.navigate = (to, options) => void router.navigate(to, options)
        // One Lov view cache and one permission checker for every page of this session.
        const caches = createSessionCaches(services.http, () =>
          toSessionUser(
            session.user,
            session.warehouseConfig?.precision,
            flaggedDefaultWarehouse(session.warehouseConfig),
          ),
        )
        setState({
          status: 'ready',
          session: { ...session, routes, caches },
          router,
          pageRoutes: new Set(Object.values(pageIndex)),
        })
      },
      (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    )
  }, [services, setLanguage])

  useEffect(load, [load])

  // A page file with a route this session has no page for was added on the server (live files): the menu and
  // routes are built once per session, so say that a reload shows it (each new route once).
  const pageRoutes = state.status === 'ready' ? state.pageRoutes : undefined
  useEffect(() => {
    if (!pageRoutes) return
    return onAnyPageChange((change) => {
      if (change.outcome !== 'applied' || !change.route || pageRoutes.has(change.route)) return
      pageRoutes.add(change.route)
      services.ui.notifier.info(
        services.i18n.t('page.newScreen', { route: change.route }),
        services.i18n.t('page.newScreenTitle'),
      )
    })
  }, [pageRoutes, services])
  // A menu entry came, changed or went (a page file's, live files): fetch the menu again and show it in place;
  // the router gets the routes of new screens (the open tabs stay). A refused model file shows its problems.
  const ready = state.status === 'ready' ? state : undefined
  useEffect(() => {
    if (!ready) return
    const refresh = coalesced(async () => {
      const { session, router } = ready
      const next = await fetchRouteTable(services.http, session.language, session.user.currentRoleId)
      const added = addedPages(session.routes, next.routes)
      if (added.length)
        router.patchRoutes(
          SHELL_ROUTE_ID,
          added.map((page) => ({ path: page.path, element: <PageRouteView page={page} /> })),
        )
      for (const page of added) ready.pageRoutes.add(page.path)
      setState((current) =>
        current.status === 'ready' && current.router === router
          ? { ...current, session: { ...current.session, menus: next.menus, routes: next.routes } }
          : current,
      )
    })
    // A page file removed, or its route moved: its routes and menu entries go at once (an open tab shows the
    // "no page" panel); a menu entry of the file is fetched again by the refresh above.
    const stopPages = onAnyPageChange((change) => {
      if (change.outcome === 'removed' && change.previousRoute) ready.pageRoutes.delete(change.previousRoute)
      setState((current) => {
        if (current.status !== 'ready' || current.router !== ready.router) return current
        const routes = withoutChangedRoutes(current.session.routes, change)
        return routes === current.session.routes
          ? current
          : { ...current, session: { ...current.session, routes } }
      })
    })
    const stopFiles = onLiveFileChange((change) => {
      if (change.type === 'menu-changed') void refresh()
      else
        for (const line of modelProblemLines(change))
          services.ui.notifier.error(line, services.i18n.t('page.modelRefusedTitle'))
    })
    return () => {
      stopPages()
      stopFiles()
    }
  }, [ready, services])
  const caches = state.status === 'ready' ? state.session.caches : undefined
  useEffect(() => () => caches?.dispose(), [caches])

  if (state.status === 'loading')
    return (
      <FullScreen>
        <Spin size="large" tip={t('app.loading')}>
          <div style={{ width: 160 }} />
        </Spin>
      </FullScreen>
    )
  if (state.status === 'failed') {
    return (
      <FullScreen>
        <Alert
          type="error"
          showIcon
          style={{ maxWidth: 560 }}
          message={t('app.loadFailed', { message: state.message })}
          action={
            <Button type="primary" onClick={load}>
              {t('app.retry')}
            </Button>
          }
        />
      </FullScreen>
    )
  }
  return (
    <SessionContext.Provider value={state.session}>
      <RouterProvider router={state.router} />
    </SessionContext.Provider>
  )
}

export function FullScreen({ children }: { children: React.ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      {children}
    </Flex>
  )
}
