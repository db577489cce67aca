/**
 * The element of a page route. A thin wrapper reads the route (params, query) and hands plain values to a
 * memoised body, so a page kept alive later re-renders only when its own values change (FIELD-NOTES).
 */
import { Alert, Skeleton } from 'antd'
import { lazy, memo, Suspense, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { recordVisit } from '../shell/recent-visits'
import { useSession } from '../stores/contexts'
import { useKeptPage } from '../tabs/kept-page'
import { PageErrorBoundary } from './PageErrorBoundary'
import type { PageRoute } from './route-table'

const SchemaPageHost = lazy(() => import('./SchemaPageHost'))

export function PageRouteView({ page }: { page: PageRoute }) {
  const routeParams = useParams()
  // The page's own address: a hidden kept-alive page must not follow the router to another page.
  const { active, pathname, search } = useKeptPage()
  const { user, routes } = useSession()
  const { t } = useTranslation()
  const paramsKey = JSON.stringify({ ...routeParams, ...page.fixedParams })
  // The router cannot take a route back: a page whose file went (live files, menu-refresh.ts) is no longer in
  // the session's route table, and its address shows the "no page" panel instead.
  const served = routes.pages.some((route) => route.path === page.path && route.file === page.file)

  // H-Menu-Id is set by the shell for the page on screen (src/tabs/TabbedContent.tsx).
  useEffect(() => {
    if (served && active && !page.hidden) recordVisit(user.id, { path: pathname, title: page.title })
  }, [served, active, page, pathname, user.id])

  if (!served) return <Alert type="warning" showIcon message={t('page.notFoundFile', { file: page.file })} />
  return (
    <PageBody
      file={page.file}
      menuId={page.menuId}
      paramsKey={paramsKey}
      search={search}
      titleFromPage={page.authorized}
    />
  )
}

interface PageBodyProps {
  file: string
  menuId: number
  /** Params as JSON: a string compares by value, so memo holds across navigations that keep them. */
  paramsKey: string
  search: string
  titleFromPage?: boolean
}

const PageBody = memo(function PageBody({ file, menuId, paramsKey, search, titleFromPage }: PageBodyProps) {
  const { t } = useTranslation()
  const params = useMemo(() => JSON.parse(paramsKey) as Record<string, string>, [paramsKey])
  const query = useMemo(() => new URLSearchParams(search), [search])
  return (
    <PageErrorBoundary
      resetKey={`${file}${paramsKey}`}
      title={t('page.loadFailed', { message: file })}
      reloadLabel={t('page.reload')}
    >
      <Suspense fallback={<Skeleton active />}>
        <SchemaPageHost
          file={file}
          menuId={menuId}
          params={params}
          search={query}
          titleFromPage={titleFromPage}
        />
      </Suspense>
    </PageErrorBoundary>
  )
})
