/**
 * The route tree. Signed in: the shell with home ('/' leads to it), /workplace, the menu's pages and their hidden sub-pages,
 * the authorized pages every role reaches without a menu (/ets/…, /pub/logistics-screen: route-table.ts),
 * the error pages and /404; every unknown path redirects to /404 (PLAT-ROUTE-04, X-30). Public (no login):
 * the error pages and the /public session pages only.
 */
import { Skeleton } from 'antd'
import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'
import { ShellLayout } from '../shell/ShellLayout'
import { Workplace } from '../shell/Workplace'
import { hasWorkplace, homePathFor, WORKPLACE_PATH } from './home'
import { PageRouteView } from './PageRouteView'
import type { RouteTable } from './route-table'
import { LINK_PAGE_PATTERN, PERSONAL_CENTRE_PATH } from './shell-pages'
import type { ExceptionCode } from './StatusPages'

// Error pages carry large illustrations and are rarely seen: load them on demand.
const ExceptionPage = lazy(() => import('./StatusPages').then((m) => ({ default: m.ExceptionPage })))
const PublicStatusPage = lazy(() => import('./StatusPages').then((m) => ({ default: m.PublicStatusPage })))
// The public express query (CORE-SES-04): no session, its own small page.
const PublicExpressPage = lazy(() => import('./PublicExpressPage'))
// The shell's own pages, rarely the first one seen: loaded on demand to keep the first paint small.
const PersonalCentre = lazy(() => import('../shell/personal/PersonalCentre'))
const LinkPage = lazy(() => import('../shell/LinkPage'))
// The public stock query (no sign-in), for shops and customers.
const PublicStockQuery = lazy(() => import('./PublicStockQuery'))
const onDemand = (element: ReactNode) => <Suspense fallback={<Skeleton active />}>{element}</Suspense>

const EXCEPTION_CODES: ExceptionCode[] = ['403', '404', '500', '501']

function statusRoutes(): RouteObject[] {
  return [
    ...EXCEPTION_CODES.map((code) => ({
      path: `/exception/${code}`,
      element: onDemand(<ExceptionPage code={code} />),
    })),
    { path: '/public/unauthorized', element: onDemand(<PublicStatusPage status="unauthorized" />) },
    { path: '/public/kickoff', element: onDemand(<PublicStatusPage status="kickoff" />) },
    { path: '/public/self-error', element: onDemand(<PublicStatusPage status="selfError" />) },
    { path: '/public/winv/stockQuery', element: onDemand(<PublicStockQuery />) },
    { path: '/public/express', element: onDemand(<PublicExpressPage />) },
  ]
}

/** Routes of the signed-in app for the route table of the current role. */
export function signedInRoutes(
  table: RouteTable,
  roleCode: string,
  /** The session's home (home.ts homePathOf: the domain's home page when the role opens it). */
  home = homePathFor(roleCode),
): RouteObject[] {
  const [publicPages, errorPages] = [
    statusRoutes().filter((r) => r.path?.startsWith('/public/')),
    statusRoutes().filter((r) => r.path?.startsWith('/exception/')),
  ]
  return [
    {
      // Named: a screen whose menu entry arrives while the session runs is added under it (SignedInApp).
      id: SHELL_ROUTE_ID,
      path: '/',
      element: <ShellLayout />,
      children: [
        { index: true, element: <Navigate to={home} replace /> },
        {
          path: WORKPLACE_PATH,
          element: hasWorkplace(roleCode) ? <Workplace /> : <Navigate to={home} replace />,
        },
        { path: PERSONAL_CENTRE_PATH, element: onDemand(<PersonalCentre />) },
        { path: LINK_PAGE_PATTERN, element: onDemand(<LinkPage />) },
        ...table.pages.map((page) => ({ path: page.path, element: <PageRouteView page={page} /> })),
        ...errorPages,
        { path: '/404', element: onDemand(<ExceptionPage code="404" />) },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
    ...publicPages,
  ]
}

/** The id of the route every signed-in screen is a child of. */
export const SHELL_ROUTE_ID = 'shell'

/** Routes that open without signing in; anything else under /public is not found. */
export function publicRoutes(): RouteObject[] {
  return [...statusRoutes(), { path: '*', element: onDemand(<ExceptionPage code="404" />) }]
}
