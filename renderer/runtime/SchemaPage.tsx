import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react'
import { WIDGET_DEFINITIONS } from '../contract/widget-definitions'
import { createTexts } from '../i18n/texts'
import type { SchemaIssue } from '../schema/issue'
import type { PageKind, PageSchema } from '../schema/page'
import type { PageValidation } from '../schema/validate'
import type * as ValidateModule from '../schema/validate'
import type { WidgetRegistry } from '../registry/registry'
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
  /**
   * The server's verdict on this page: it checks every page file when it loads it, with the same validators as
   * `npm run schemas:check` and more (fields against models, value sets, routes), and serves the issues it found
   * (`GET /hpfm/v1/page-schemas/page`). With a verdict the page is not validated again here (the ~450 KB of
   * validators stay off a page's path): its errors show the error panel, none shows the page. Without one (the
   * playground, stories, development) the validators are fetched on demand and the page is checked here.
   */
  verdict?: readonly SchemaIssue[]
  /** Shown while the validators or the page's widgets load (the app passes its skeleton). */
  fallback?: ReactNode
}

/** Page kind → the page widget that renders it (its definition's `renders`; custom pages name their own). */
export const PAGE_WIDGETS = Object.fromEntries(
  WIDGET_DEFINITIONS.flatMap((d) => ('renders' in d ? [[d.renders, d.name]] : [])),
) as Record<Exclude<PageKind, 'custom'>, string>

type Validator = typeof ValidateModule
/** The validators (~450 KB of generated code): fetched the first time an unchecked page is shown. */
let validator: Validator | undefined
let validatorLoading: Promise<Validator> | undefined
const loadValidator = () =>
  (validatorLoading ??= import('../schema/validate').then((module) => (validator = module)))

const validations = new WeakMap<object, PageValidation>()

const isPageObject = (page: unknown): page is PageSchema =>
  typeof page === 'object' &&
  page !== null &&
  !Array.isArray(page) &&
  typeof (page as PageSchema).kind === 'string'

/** The validation of `page`, or undefined while the validators load. */
function usePageValidation(
  page: unknown,
  file: string,
  source: string | undefined,
  verdict: readonly SchemaIssue[] | undefined,
) {
  const { registry } = useRendererServices()
  const [, setLoaded] = useState(0)
  // The server's verdict stands for a page object, and for a text that is not one when it found errors (a
  // syntax error then shows with its line and fix, not as "a page file must hold one JSON object").
  const refused = verdict?.some((issue) => issue.severity === 'error') ?? false
  const judged = verdict !== undefined && (isPageObject(page) || refused)
  useEffect(() => {
    if (!judged && !validator) void loadValidator().then(() => setLoaded((n) => n + 1))
  }, [judged])
  return useMemo((): PageValidation | undefined => {
    if (verdict && refused) return { ok: false, issues: [...verdict] }
    if (verdict && isPageObject(page)) return { ok: true, page, issues: [...verdict] }
    if (!validator) return undefined
    const known = typeof page === 'object' && page !== null ? validations.get(page) : undefined
    if (known) return known
    const result = validator.validatePage(page, { file, source, widgetNames: registry.names() })
    if (typeof page === 'object' && page !== null) validations.set(page, result)
    return result
    // validator: set once, and the state update above re-runs this memo
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, file, source, registry, refused, verdict, validator])
}

/** Every widget a page names: its page widget and each `widget` property anywhere in it. */
export function pageWidgetNames(page: PageSchema): string[] {
  const names = new Set<string>([page.kind === 'custom' ? page.widget : PAGE_WIDGETS[page.kind]])
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'widget' && typeof child === 'string') names.add(child)
        else visit(child)
      }
    }
  }
  visit(page)
  return [...names]
}

/** Whether the widgets `names` are loaded; starts loading them (all at once) when they are not. */
function useWidgets(
  registry: WidgetRegistry,
  names: string[] | undefined,
): { ready: boolean; error?: Error } {
  const [state, setState] = useState<{ names?: string[]; error?: Error }>({})
  const ready = names !== undefined && registry.loaded(names)
  useEffect(() => {
    if (!names || ready) return
    let live = true
    registry.load(names).then(
      () => live && setState({ names }),
      (error: unknown) =>
        live && setState({ names, error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return () => {
      live = false
    }
  }, [registry, names, ready])
  return { ready, error: state.names === names ? state.error : undefined }
}

function Rethrow({ error }: { error: Error }): never {
  throw new Error(`the page's widgets could not be loaded (${error.message}): reload the page`)
}

/**
 * Validates the page (unless the server did) and renders it with the page widget for its kind once the widgets
 * it names are loaded; a bad page shows an error panel (file, line:column, pointer, message, suggestion) instead.
 * @example <SchemaPage page={json} file="schemas/pages/wmdm/warehouse.page.json" params={{}} verdict={served.issues} />
 */
export function SchemaPage(props: SchemaPageProps) {
  const { page, file, params, search, source, verdict, fallback = null } = props
  const { env, registry } = useRendererServices()
  const validation = usePageValidation(page, file, source, verdict)
  const texts = validation?.ok ? validation.page.texts : undefined
  const t = useMemo(() => createTexts(env, texts), [env, texts])
  const context = useMemo(
    () => (validation?.ok ? { page: validation.page, file, params, search, t } : undefined),
    [validation, file, params, search, t],
  )
  const widgetNames = useMemo(
    () => (validation?.ok ? pageWidgetNames(validation.page) : undefined),
    [validation],
  )
  const widgets = useWidgets(registry, widgetNames)

  if (!validation) return <>{fallback}</>
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
  if (!widgets.ready && !widgets.error) return <>{fallback}</>
  const Page = registry.get(widget).component
  return (
    <PageContext.Provider value={context}>
      <WidgetBoundary file={file} pointer="" title={t('common.widgetError.title')}>
        {widgets.error ? (
          <Rethrow error={widgets.error} />
        ) : (
          <Suspense fallback={fallback}>
            <Page page={valid} params={params} search={search} />
          </Suspense>
        )}
      </WidgetBoundary>
    </PageContext.Provider>
  )
}
