import { useMemo } from 'react'
import { createTexts } from '../i18n/texts'
import type { SchemaIssue } from '../schema/issue'
import type { PageKind, PageSchema } from '../schema/page'
import { validatePage, type PageValidation } from '../schema/validate'
import { useRendererServices } from './context'
import { PageContext } from './page-context'
import { SchemaErrorPanel } from './SchemaErrorPanel'
import { WidgetBoundary } from './WidgetBoundary'

export interface SchemaPageProps {
  /** The parsed page JSON. */
  page: unknown
  /** Where it came from, for messages: 'schemas/pages/wmdm/warehouse.page.json'. */
  file: string
  params: Record<string, string>
  search?: URLSearchParams
  /** The file's text, for exact line:column in error messages (optional). */
  source?: string
}

/** Page kind → the page widget that renders it (custom pages name their own). */
export const PAGE_WIDGETS: Record<Exclude<PageKind, 'custom'>, string> = {
  list: 'ListPage',
  form: 'FormPage',
  'master-detail': 'MasterDetailPage',
  tabs: 'TabsPage',
  dashboard: 'DashboardPage',
}

const validations = new WeakMap<object, PageValidation>()

/**
 * Validates the page and renders it with the page widget for its kind; a bad page shows an error panel
 * (file, line:column, pointer, message, suggestion) instead.
 * @example <SchemaPage page={json} file="schemas/pages/wmdm/warehouse.page.json" params={{}} />
 */
export function SchemaPage({ page, file, params, search, source }: SchemaPageProps) {
  const { env, registry } = useRendererServices()
  const validation = useMemo(() => {
    const known = typeof page === 'object' && page !== null ? validations.get(page) : undefined
    if (known) return known
    const result = validatePage(page, { file, source, widgetNames: registry.names() })
    if (typeof page === 'object' && page !== null) validations.set(page, result)
    return result
  }, [page, file, source, registry])
  const texts = validation.ok ? validation.page.texts : undefined
  const t = useMemo(() => createTexts(env, texts), [env, texts])
  const context = useMemo(
    () => (validation.ok ? { page: validation.page, file, params, search, t } : undefined),
    [validation, file, params, search, t],
  )

  if (!validation.ok || !context) {
    return <SchemaErrorPanel title={t('common.schemaError.title')} issues={validation.issues} />
  }
  const valid: PageSchema = validation.page
  const widget = valid.kind === 'custom' ? valid.widget : PAGE_WIDGETS[valid.kind]
  if (!registry.has(widget)) {
    const issue: SchemaIssue = {
      file,
      line: 0,
      column: 0,
      severity: 'error',
      pointer: valid.kind === 'custom' ? '/widget' : '/kind',
      message: `no widget '${widget}' is registered to render pages of kind '${valid.kind}'`,
      suggestion: `add a '${widget}' definition to the widget list passed to createRegistry`,
    }
    return <SchemaErrorPanel title={t('common.schemaError.title')} issues={[issue]} />
  }
  const Page = registry.get(widget).component
  return (
    <PageContext.Provider value={context}>
      <WidgetBoundary file={file} pointer="" title={t('common.widgetError.title')}>
        <Page page={valid} params={params} search={search} />
      </WidgetBoundary>
    </PageContext.Provider>
  )
}
