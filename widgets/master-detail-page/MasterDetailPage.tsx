import { createForm } from '@formily/core'
import { Alert, Button, Space, Spin } from 'antd'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  fillPath,
  restDataSource,
  usePageContext,
  useReloadWhenShown,
  useRendererEnv,
  type MasterDetailPage as MasterDetailSchema,
  type PageWidgetProps,
  type Row,
} from '../../renderer/index'
import { DocumentHeader } from '../document-header/DocumentHeader'
import { sumOf, useDocumentFacts } from '../document-header/use-document-facts'
import { FormBody } from '../edit-form/FormBody'
import { recordId, recordPath } from '../shared/record-id'
import { useStableParams } from '../shared/use-stable-params'
import { DetailBlock } from './DetailBlock'
import { DetailPreview } from './DetailPreview'
import { isDirty, loadedLines, type LineState } from './line-changes'
import { saveMasterDetail } from './save-master-detail'

/** Most lines a table loads (the list endpoint's largest page). */
const MAX_LINES = 1000

/**
 * A header form above editable line tables, saved together with one Save: one request, one transaction on
 * the server (see save-master-detail.ts). Without the id in the route it creates the header and its lines.
 */
export function MasterDetailPage({ page, params: routeParams, search }: PageWidgetProps<MasterDetailSchema>) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const params = useStableParams(routeParams)
  const headerSource = useMemo(
    () => restDataSource(env, page.dataSource, params),
    [env, page.dataSource, params],
  )
  const lineSources = useMemo(
    () => page.details.map((d) => restDataSource(env, d.dataSource, params)),
    [env, page.details, params],
  )
  const id = recordId(page.idParam, params, search)
  const [header, setHeader] = useState<Row | undefined>()
  const [lines, setLines] = useState<Record<string, LineState>>({})
  const [failure, setFailure] = useState<string>()
  const [conflict, setConflict] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const form = useMemo(() => createForm({ initialValues: header ?? {} }), [header])

  // Shown again after data was written elsewhere (a receipt on another tab): read again, unless edited here.
  const markLoaded = useReloadWhenShown(() => {
    const edited = form.modified || page.details.some((d) => lines[d.key] && isDirty(lines[d.key]!))
    if (id && !edited) setAttempt((n) => n + 1)
  })
  useEffect(() => {
    if (!id) return
    markLoaded()
    let live = true
    Promise.all([
      headerSource.get(id),
      ...page.details.map((d, i) =>
        lineSources[i]!.list({ page: 0, size: MAX_LINES, filters: { [d.parentField]: id } }),
      ),
    ]).then(
      ([loaded, ...pages]) => {
        if (!live) return
        setHeader(loaded as Row)
        setLines(
          Object.fromEntries(
            page.details.map((d, i) => [
              d.key,
              loadedLines((pages[i] as { rows: Row[] }).rows, d.dataSource.primaryKey),
            ]),
          ),
        )
        setConflict(undefined)
      },
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      live = false
    }
  }, [headerSource, lineSources, page.details, id, attempt, markLoaded])

  const change = useCallback(
    (key: string) => (update: (state: LineState) => LineState) =>
      setLines((all) => ({ ...all, [key]: update(all[key] ?? { rows: [], removed: [] }) })),
    [],
  )
  const changers = useMemo(
    () => Object.fromEntries(page.details.map((d) => [d.key, change(d.key)])),
    [page.details, change],
  )

  const reload = useCallback(() => setAttempt((n) => n + 1), [])

  // Live totals: a header total the server keeps from the lines follows the lines being edited at once.
  const facts = useDocumentFacts(page.route, Boolean(page.idParam))
  useEffect(() => {
    for (const total of facts?.totals ?? []) {
      const state = lines[total.detail]
      if (state && isDirty(state)) form.setValuesIn(total.field, sumOf(state.rows, total.of))
    }
  }, [facts, lines, form])

  if (failure) return <Alert type="error" showIcon message={failure} />
  if (id && !header) return <Spin />

  const save = async () => {
    setSaving(true)
    const outcome = await saveMasterDetail({
      env,
      form,
      header,
      headerSource,
      headerService: page.dataSource.service,
      primaryKey: page.dataSource.primaryKey,
      details: page.details.map((d, i) => ({
        key: d.key,
        parentField: d.parentField,
        service: d.dataSource.service,
        path: lineSources[i]!.path,
        lines: lines[d.key] ?? { rows: [], removed: [] },
      })),
    })
    setSaving(false)
    if (!outcome.ok) {
      if (outcome.conflict) setConflict(outcome.conflict)
      else if (outcome.message) env.notify.error(outcome.message)
      return
    }
    env.notify.success(t('common.message.saved'))
    const savedId = String(outcome.header[page.dataSource.primaryKey])
    // A create page becomes the document it saved (replace: its tab moves there and the filled create page is
    // not kept), so "New" opens a blank one again instead of this document's header and lines.
    if (!id)
      env.navigate(
        recordPath(page.route, page.idParam, savedId, (route) =>
          fillPath(route, { user: env.user, params: { ...params, [page.idParam]: savedId } }),
        ),
        { replace: true },
      )
    else setAttempt((n) => n + 1)
  }
  const dirty = page.details.some((d) => lines[d.key] && isDirty(lines[d.key]!))

  return (
    <div className="wms-master-detail-page" style={{ padding: 16 }}>
      <DocumentHeader
        title={page.title}
        facts={facts}
        record={id ? header : undefined}
        dataSource={headerSource}
        unsaved={() => dirty || form.modified}
        onActed={reload}
      />
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('common.detail.conflict', { message: conflict })}
          action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('common.detail.reload')}</Button>}
        />
      ) : null}
      <FormBody page={{ fields: page.fields, form: page.header }} form={form} mode={id ? 'edit' : 'create'} />
      {page.details.map((detail) => (
        <DetailBlock
          key={detail.key}
          detail={detail}
          lines={lines[detail.key] ?? { rows: [], removed: [] }}
          onChange={changers[detail.key]!}
          actions={headerSource}
          unsaved={() => dirty || form.modified}
          onActed={reload}
        />
      ))}
      {page.preview ? (
        <DetailPreview preview={page.preview} form={form} rows={lines[page.preview.detail]?.rows ?? []} />
      ) : null}
      <Space style={{ marginTop: 16 }}>
        {page.backTo ? (
          <Button onClick={() => env.navigate(page.backTo!)}>{t('common.action.back')}</Button>
        ) : null}
        <Button type="primary" disabled={saving} onClick={() => void save()}>
          {t('common.action.save')}
          {dirty ? ' *' : ''}
        </Button>
      </Space>
    </div>
  )
}
