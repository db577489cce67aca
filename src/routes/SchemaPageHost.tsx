/**
 * Renders one page file with the schema renderer. Loaded lazily (React.lazy) so the sign-in path and the
 * shell do not pull the renderer, Formily and the table widgets until a page is opened.
 */
import { Alert, Button, Skeleton } from 'antd'
import { useContext, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  createRegistry,
  createTexts,
  RendererProvider,
  SchemaErrorPanel,
  SchemaPage,
  type PageTexts,
} from '../../renderer/index'
import { widgetEntries } from '../../widgets/index'
import { createRendererEnv } from '../http/renderer-env'
import { useServices, useSession } from '../stores/contexts'
import { flaggedDefaultWarehouse } from '../stores/warehouse-config'
import { PageShownContext, usePageAddress } from '../tabs/kept-page'
import { TabTitleContext } from '../tabs/use-tab-title'
import { onPageFileChange } from './page-changes'
import { loadPageFile, type LoadedPage } from './page-files'

const registry = createRegistry(widgetEntries)

export interface SchemaPageHostProps {
  file: string
  /** 0: an authorized page without a menu entry (no H-Menu-Id sent). */
  menuId: number
  params: Record<string, string>
  search: URLSearchParams
  /** The tab takes the page's own title (an authorized page has no menu name to show). */
  titleFromPage?: boolean
}

export default function SchemaPageHost({ file, menuId, params, search, titleFromPage }: SchemaPageHostProps) {
  const services = useServices()
  const { user, warehouseConfig, caches } = useSession()
  const quantityPrecision = warehouseConfig?.precision
  const defaultWarehouse = useMemo(() => flaggedDefaultWarehouse(warehouseConfig), [warehouseConfig])
  const { t } = useTranslation()
  const [state, setState] = useState<{ file: string; loaded?: LoadedPage; error?: string }>({ file })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    loadPageFile(services.http, { file }).then(
      (loaded) => live && setState({ file, loaded }),
      (error: unknown) =>
        live && setState({ file, error: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      live = false
    }
  }, [services.http, file, attempt])

  // The server changed this page's file (live files): load it again in place, keeping the tab and the page.
  useEffect(() => onPageFileChange(file, () => setAttempt((n) => n + 1)), [file])

  // The page's tab, by the address the page was opened at (a kept-alive page keeps its own).
  const setTabTitle = useContext(TabTitleContext)
  const { pathname, search: query } = usePageAddress()
  const tabKey = `${pathname}${query}`
  const shown = useContext(PageShownContext)
  useEffect(() => () => setTabTitle?.(tabKey, undefined), [setTabTitle, tabKey])

  const env = useMemo(
    () =>
      createRendererEnv({
        http: services.http,
        user,
        i18n: services.i18n,
        notifier: () => services.ui.notifier,
        confirm: (options) => services.ui.confirm(options),
        navigate: (to, options) =>
          services.router.navigate ? services.router.navigate(to, options) : services.browser.assign(to),
        menuId: menuId || undefined,
        setTitle: setTabTitle ? (title) => setTabTitle(tabKey, title) : undefined,
        quantityPrecision,
        defaultWarehouse,
        onPageShown: shown?.subscribe,
      }),
    [services, user, menuId, setTabTitle, tabKey, quantityPrecision, defaultWarehouse, shown],
  )

  const loaded = state.file === file ? state.loaded : undefined
  useEffect(() => {
    const page = loaded?.page as { title?: unknown; texts?: PageTexts } | undefined
    if (!titleFromPage || !setTabTitle || typeof page?.title !== 'string') return
    setTabTitle(tabKey, createTexts(env, page.texts)(page.title))
  }, [titleFromPage, setTabTitle, tabKey, loaded, env])

  if (state.file === file && state.error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('page.loadFailed', { message: state.error })}
        action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('page.reload')}</Button>}
      />
    )
  }
  if (state.file !== file || !state.loaded) return <Skeleton active />
  const rejected = state.loaded.rejected
  return (
    <>
      {rejected?.length ? (
        <SchemaErrorPanel title={t('page.changeRefused', { file })} issues={rejected} />
      ) : null}
      <RendererProvider
        env={env}
        registry={registry}
        permissions={caches?.permissions}
        lovViews={caches?.lovViews}
        dynamicForms={caches?.dynamicForms}
      >
        <SchemaPage
          page={state.loaded.page}
          source={state.loaded.source}
          file={file}
          params={params}
          search={search}
          verdict={state.loaded.issues}
          fallback={<Skeleton active />}
        />
      </RendererProvider>
    </>
  )
}
