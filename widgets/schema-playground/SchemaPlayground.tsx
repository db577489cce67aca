import { DownloadOutlined, SaveOutlined } from '@ant-design/icons'
import { Alert, Button, Select, Space } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import {
  ApiError,
  inheritModel,
  loadPageSource,
  SchemaPage,
  type ModelFacts,
  usePageContext,
  usePermission,
  useRegistry,
  useRendererEnv,
  type PageWidgetProps,
} from '../../renderer/index'
import { parseJsonText } from '../../renderer/validation'
import { useDebouncedValue } from './use-debounced-value'
import { PlaygroundEditor } from './PlaygroundEditor'
import { PlaygroundIssues } from './PlaygroundIssues'
import { useServerCheck } from './use-server-check'
import {
  downloadText,
  PAGE_DESIGNER_PERMISSION,
  saveDesignerFile,
  useDesignerFile,
  type DesignerFile,
} from '../page-designer/use-designer-file'
// What the editor holds before a page is loaded: a small list page that renders (the warehouses, two columns),
// so the playground opens on a working page to change rather than on the errors of an empty one.
import STARTER from './starter.page.json?raw'

export const PLAYGROUND_PERMISSION = 'hpfm.playground.view'

/**
 * The schema playground (a custom page): load any page by route, edit its JSON with completion (widget names
 * included) and live validation of every stage, see it rendered beside the editor against the real server, and
 * below it the server's own check (Lov views, permission codes, routes of the served pages). Loaded on demand.
 */
export default function SchemaPlayground({ params }: PageWidgetProps) {
  const env = useRendererEnv()
  const registry = useRegistry()
  const { t } = usePageContext()
  const access = usePermission(PLAYGROUND_PERMISSION)
  const designs = usePermission(PAGE_DESIGNER_PERMISSION).status === 'approved'
  const [routes, setRoutes] = useState<string[]>([])
  const [route, setRoute] = useState<string>()
  // a page loaded by route keeps the facts of its models the server served with it: the preview and the editor's
  // checks complete the page from them, as the app does (inherited constraints, transition row actions)
  const [loaded, setLoaded] = useState<{ file: string; text: string; models?: Record<string, ModelFacts> }>({
    file: 'playground.page.json',
    text: STARTER,
  })
  /** The loaded page's file as the page designer serves it (version, writable), when the user may design. */
  const [loadedRoute, setLoadedRoute] = useState<string>()
  // Where the user may design pages, the loaded page's file on disk with its version: what Save writes to (the
  // page designer's own save, checked by the server as schemas:check does). Otherwise only Download is offered.
  const designerFile = useDesignerFile(env, loadedRoute, designs)
  /** What this playground's saves changed of it since (the new version, the text on disk, a read-only answer). */
  const [since, setSince] = useState<Partial<DesignerFile>>()
  const target =
    loadedRoute && designs && designerFile.status === 'loaded'
      ? { ...designerFile.loaded, ...since }
      : undefined
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState<string>()
  const [text, setText] = useState(STARTER)
  const [failure, setFailure] = useState<string>()
  const shown = useDebouncedValue(text, 400)
  const widgetNames = useMemo(() => registry.names(), [registry])
  const check = useServerCheck(env, loaded.file, shown, access.status === 'approved')

  useEffect(() => {
    env
      .request<{ route: string }[]>({
        method: 'GET',
        service: 'hpfm',
        path: '/v1/page-schemas',
        silent: true,
      })
      .then(
        (pages) =>
          setRoutes(
            pages
              .map((p) => p.route)
              .filter(Boolean)
              .sort(),
          ),
        () => setRoutes([]),
      )
  }, [env])

  const load = async () => {
    if (!route) return
    try {
      const source = await loadPageSource(env, route)
      setFailure(undefined)
      setSaved(undefined)
      setLoaded({ file: source.file, text: source.source, models: source.models ?? {} })
      setText(source.source)
      setLoadedRoute(route)
      setSince(undefined)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }
  const save = async () => {
    if (!target) return
    setSaving(true)
    setFailure(undefined)
    setSaved(undefined)
    try {
      const answer = await saveDesignerFile(env, {
        route: target.route,
        source: text,
        version: target.version,
      })
      setSince({ ...since, source: text, version: answer.version })
      setSaved(t('hpfm.playground.saved', { file: answer.file }))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof ApiError && error.code === 'error.page_designer.read_only')
        setSince({ ...since, writable: false, writableReason: message })
      setFailure(t('hpfm.playground.saveFailed', { message }))
    } finally {
      setSaving(false)
    }
  }
  const parsed = useMemo(() => {
    const result = parseJsonText(shown)
    if (result.ok) return { page: inheritModel(result.data, loaded.models ?? {}) }
    // Where and what to fix, as schemas:check and the server say it.
    const { line, column, message, suggestion } = result.error
    const reason = message.replace(/^not valid JSON: /, '')
    return { error: `${loaded.file}:${line}:${column}: not valid JSON (${reason}): ${suggestion}` }
  }, [shown, loaded.file, loaded.models])

  if (access.status === 'pending') return null
  if (access.status === 'denied')
    return <Alert type="warning" showIcon message={t('hpfm.playground.denied')} />
  return (
    <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space wrap>
        <Select
          showSearch
          style={{ minWidth: 320 }}
          placeholder={t('hpfm.playground.route')}
          aria-label={t('hpfm.playground.route')}
          options={routes.map((r) => ({ value: r, label: r }))}
          value={route}
          onChange={setRoute}
        />
        <Button type="primary" disabled={!route} onClick={() => void load()}>
          {t('hpfm.playground.load')}
        </Button>
        {target?.writable ? (
          <Button
            icon={<SaveOutlined />}
            loading={saving}
            disabled={text === target.source}
            onClick={() => void save()}
          >
            {t('hpfm.playground.save')}
          </Button>
        ) : null}
        <Button icon={<DownloadOutlined />} onClick={() => downloadText(loaded.file, text)}>
          {t('hpfm.playground.download')}
        </Button>
      </Space>
      {target && !target.writable ? (
        <Alert
          type="info"
          showIcon
          message={t('hpfm.playground.readOnly', { reason: target.writableReason ?? '' })}
        />
      ) : null}
      {saved ? <Alert type="success" showIcon message={saved} /> : null}
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
          gap: 16,
          minHeight: 560,
        }}
      >
        <PlaygroundEditor
          initial={loaded.text}
          file={loaded.file}
          models={loaded.models}
          widgetNames={widgetNames}
          onChange={setText}
          label={t('hpfm.playground.editor')}
        />
        <div
          data-testid="playground-preview"
          style={{ border: '1px dashed #d9d9d9', borderRadius: 6, overflow: 'auto' }}
        >
          {'error' in parsed ? (
            <Alert type="error" showIcon message={parsed.error} />
          ) : (
            <SchemaPage page={parsed.page} source={shown} file={loaded.file} params={params} />
          )}
        </div>
      </div>
      <PlaygroundIssues
        check={check}
        title={t('hpfm.playground.checks')}
        clean={t('hpfm.playground.clean')}
      />
    </div>
  )
}
