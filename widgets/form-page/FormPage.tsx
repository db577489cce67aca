import { createForm } from '@formily/core'
import { Alert, Button, Space, Spin } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import {
  restDataSource,
  usePageContext,
  useReloadWhenShown,
  useRendererEnv,
  type FormPage as FormPageSchema,
  type PageWidgetProps,
  type Row,
} from '../../renderer/index'
import { useStableParams } from '../shared/use-stable-params'
import { DocumentHeader } from '../document-header/DocumentHeader'
import { useDocumentFacts } from '../document-header/use-document-facts'
import { FormBody } from '../edit-form/FormBody'
import { saveRecord } from '../edit-form/save-record'
import { recordId } from '../shared/record-id'

/** A full-page form: creates a record, or loads and edits the one whose id is in the route or query (`idParam`). */
export function FormPage({ page, params: routeParams, search }: PageWidgetProps<FormPageSchema>) {
  const env = useRendererEnv()
  const params = useStableParams(routeParams)
  const { t } = usePageContext()
  const dataSource = useMemo(
    () => restDataSource(env, page.dataSource, params),
    [env, page.dataSource, params],
  )
  const id = recordId(page.idParam, params, search)
  const [record, setRecord] = useState<Row | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  const [blank, setBlank] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `blank` counts the saved creates: each starts a new form
  const form = useMemo(() => createForm({ initialValues: record ?? {} }), [record, blank])
  const [attempt, setAttempt] = useState(0)
  // Shown again after data was written elsewhere: read again, unless edited here.
  const markLoaded = useReloadWhenShown(() => {
    if (id && !form.modified) setAttempt((n) => n + 1)
  })
  useEffect(() => {
    if (!id) return
    markLoaded()
    dataSource
      .get(id)
      .then(setRecord, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)))
  }, [dataSource, id, attempt, markLoaded])
  const facts = useDocumentFacts(page.route, Boolean(page.idParam))

  if (failure) return <Alert type="error" showIcon message={failure} />
  if (id && !record) return <Spin />
  const back = () => (page.backTo ? env.navigate(page.backTo) : undefined)
  const save = async () => {
    const saved = await saveRecord({ form, mode: id ? 'edit' : 'create', record, dataSource, env, t })
    if (saved === undefined) return
    if (id) back()
    // A saved create page is not kept filled: it hands its tab to the list (replace), or starts blank again.
    else if (page.backTo) env.navigate(page.backTo, { replace: true })
    else setBlank((n) => n + 1)
  }
  return (
    <div className="wms-form-page" style={{ padding: 16, maxWidth: 960 }}>
      <DocumentHeader
        title={page.title}
        facts={facts}
        record={id ? record : undefined}
        dataSource={dataSource}
        unsaved={() => form.modified}
        onActed={() => setAttempt((n) => n + 1)}
      />
      <FormBody page={page} form={form} mode={id ? 'edit' : 'create'} />
      <Space>
        {page.backTo ? <Button onClick={back}>{t('common.action.back')}</Button> : null}
        <Button type="primary" onClick={() => void save()}>
          {t('common.action.save')}
        </Button>
      </Space>
    </div>
  )
}
