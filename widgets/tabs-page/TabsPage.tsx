import { Alert, Skeleton, Tabs } from 'antd'
import { useEffect, useState } from 'react'
import {
  designMark,
  loadPageSource,
  SchemaPage,
  useDesignMode,
  usePageContext,
  useRendererEnv,
  type PageSource,
  type PageWidgetProps,
  type TabsPage as TabsPageSchema,
} from '../../renderer/index'
import { usePermissions } from '../shared/use-permissions'

type Tab = TabsPageSchema['tabs'][number]

/**
 * Pages side by side under tabs. A tab with a permission code shows only when the role holds it; a tab's page
 * is loaded from the server when the tab is first opened and kept while the tabs page lives.
 */
export function TabsPage({ page, params, search }: PageWidgetProps<TabsPageSchema>) {
  const { t } = usePageContext()
  const states = usePermissions(page.tabs.map((tab) => tab.permission))
  const visible = page.tabs.filter((_, i) => states[i]?.status === 'approved')
  const pending = states.some((s) => s.status === 'pending')
  // in the page designer each tab's label carries the pointer of its entry in `tabs`
  const design = useDesignMode()
  if (pending) return <Skeleton active />
  if (!visible.length) return <Alert type="info" showIcon message={t('common.tabs.none')} />
  return (
    <div className="wms-tabs-page" style={{ padding: '0 16px' }}>
      <Tabs
        destroyOnHidden={false}
        items={visible.map((tab) => ({
          key: tab.key,
          label: design ? (
            <span {...designMark(`/tabs/${page.tabs.indexOf(tab)}`)}>{t(tab.title)}</span>
          ) : (
            t(tab.title)
          ),
          children: <TabBody tab={tab} params={params} search={search} />,
        }))}
      />
    </div>
  )
}

function TabBody({
  tab,
  params,
  search,
}: {
  tab: Tab
  params: Record<string, string>
  search?: URLSearchParams
}) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const [state, setState] = useState<{ loaded?: PageSource; error?: string }>({})
  useEffect(() => {
    let live = true
    loadPageSource(env, tab.route).then(
      (loaded) => live && setState({ loaded }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      live = false
    }
  }, [env, tab.route])
  if (state.error)
    return <Alert type="error" showIcon message={t('common.tabs.loadFailed', { message: state.error })} />
  const loaded = state.loaded
  if (!loaded) return <Skeleton active />
  if (loaded.parseError)
    return <Alert type="error" showIcon message={`${loaded.file}: not valid JSON (${loaded.parseError})`} />
  return (
    <SchemaPage
      page={loaded.page}
      source={loaded.source}
      verdict={loaded.issues}
      file={loaded.file}
      params={params}
      search={search}
    />
  )
}
