import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Progress,
  Segmented,
  Space,
  Table,
  Tag,
  Upload,
  Typography,
} from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useRendererEnv, type PageWidgetProps } from '../../renderer/index'
import { saveFile } from '../shared/save-file'
import {
  fixLine,
  importBatch,
  importByBatch,
  importLines,
  importProgress,
  runImport,
  templateExists,
  templateFile,
  templateInfo,
  uploadWorkbook,
  type ImportBatch,
  type ImportLine,
  type ImportProgress,
  type TemplateColumnInfo,
  type TemplateInfo,
} from './import-calls'
import { useTexts } from '../shared/use-texts'

const STATUS_COLOURS: Record<string, string> = { VALID: 'green', ERROR: 'red', IMPORTED: 'blue' }
const PAGE_SIZE = 20
/** How often the page asks how far a running import is. */
export const PROGRESS_POLL_MS = 1000

/**
 * The import page of a template (route {code}, or {importId}/{templateCode} for a past import): download the
 * template, upload a workbook, see every row checked, fix a row, import the valid rows.
 */
export function ImportRunner({ params }: PageWidgetProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const code = params.code ?? params.templateCode ?? ''
  const [template, setTemplate] = useState<TemplateInfo | undefined>()
  const [problem, setProblem] = useState<string | undefined>()
  const [batch, setBatch] = useState<ImportBatch | undefined>()
  const [status, setStatus] = useState<string>('ALL')
  const [page, setPage] = useState(0)
  const [lines, setLines] = useState<{ rows: ImportLine[]; total: number }>({ rows: [], total: 0 })
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<ImportProgress | undefined>()
  /** Whether this page's own import request is under way. */
  const running = useRef(false)
  const [editing, setEditing] = useState<ImportLine | undefined>()
  const [form] = Form.useForm<Record<string, string>>()
  const fail = useCallback(
    (error: unknown) => env.notify.error(error instanceof Error ? error.message : String(error)),
    [env],
  )

  useEffect(() => {
    const show = (error: unknown) => setProblem(error instanceof Error ? error.message : String(error))
    templateExists(env, code).then((exists) => {
      if (!exists) return setProblem(`${t('himp.import.missingTemplate')}: ${code}`)
      templateInfo(env, code).then(setTemplate, show)
    }, show)
    if (params.batch)
      importByBatch(env, params.batch).then(
        (found) =>
          found ? setBatch(found) : setProblem(`${t('himp.import.missingImport')}: ${params.batch}`),
        show,
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per template and import
  }, [env, code, params.batch])

  const loadLines = useCallback(() => {
    if (!batch) return
    importLines(env, batch.importId, status === 'ALL' ? undefined : status, page, PAGE_SIZE).then(
      (result) => setLines({ rows: result.rows, total: result.total }),
      fail,
    )
  }, [env, batch, status, page, fail])
  useEffect(loadLines, [loadLines])

  // While the import runs (this page's run, or one opened from the history), ask the server how far it is.
  const importId = batch?.importId
  const importing = batch?.status === 'IMPORTING'
  useEffect(() => {
    setProgress(undefined)
    if (importId === undefined || !importing) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      const answer = await importProgress(env, importId).catch(() => undefined)
      if (stopped) return
      if (answer) setProgress(answer)
      // a run of another page ended: show its outcome (this page's own run sets the batch when it answers)
      if (answer && answer.status !== 'IMPORTING' && !running.current)
        return void importBatch(env, importId).then(setBatch, fail)
      timer = setTimeout(() => void poll(), PROGRESS_POLL_MS)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [env, importId, importing, fail])

  const columns: TemplateColumnInfo[] = useMemo(
    () => template?.sheets.flatMap((s) => s.columns) ?? [],
    [template],
  )

  const download = async () => {
    const result = await templateFile(env, code).catch(fail)
    if (result?.kind === 'file') saveFile(result.blob, result.fileName)
  }
  const upload = async (file: File) => {
    setBusy(true)
    try {
      setBatch(await uploadWorkbook(env, code, file))
      setPage(0)
      setStatus('ALL')
    } catch {
      // env.request has shown the server's reason (not xlsx, wrong sheet, missing columns, too big)
    } finally {
      setBusy(false)
    }
  }
  const doImport = async () => {
    if (!batch) return
    setBusy(true)
    running.current = true
    setBatch({ ...batch, status: 'IMPORTING' })
    try {
      const done = await runImport(env, batch.importId)
      setBatch(done)
      env.notify.success(`${t('himp.import.done')}: ${done.importedCount} / ${done.totalCount}`)
    } catch {
      importBatch(env, batch.importId).then(setBatch, fail)
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  const openFix = (line: ImportLine) => {
    setEditing(line)
    form.setFieldsValue(
      Object.fromEntries(
        columns.map((c) => [
          c.fieldName,
          line.dataJson[c.fieldName] === undefined ? '' : String(line.dataJson[c.fieldName]),
        ]),
      ),
    )
  }
  const saveFix = async () => {
    if (!batch || !editing) return
    const values = await form.validateFields()
    const data: Record<string, unknown> = {}
    for (const column of columns) {
      const text = (values[column.fieldName] ?? '').trim()
      if (text === '') continue
      const number = Number(text)
      data[column.fieldName] =
        ['integer', 'decimal', 'flag'].includes(column.type) && Number.isFinite(number) ? number : text
    }
    try {
      await fixLine(env, batch.importId, editing.lineId, data)
      setEditing(undefined)
      importBatch(env, batch.importId).then(setBatch, fail)
      loadLines()
    } catch {
      // shown by env.request
    }
  }

  if (problem)
    return <Alert type="error" showIcon message={t('himp.import.noTemplate')} description={problem} />
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={template ? `${template.templateName} (${template.templateCode})` : code}
        extra={
          <Space>
            <Button onClick={() => void download()}>{t('himp.import.download')}</Button>
            <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
              <Button type="primary" loading={busy}>
                {t('himp.import.upload')}
              </Button>
            </Upload>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('himp.import.hint')}</Typography.Paragraph>
        {template && (
          <Typography.Text>
            {t('himp.import.target')}: {template.targetModel} ·{' '}
            {columns.map((c) => (
              <Tag key={c.fieldName} color={c.required ? 'red' : undefined}>
                {c.columnTitle}
              </Tag>
            ))}
          </Typography.Text>
        )}
      </Card>
      {batch && (
        <Card
          title={`${t('himp.import.file')}: ${batch.fileName}`}
          extra={
            <Button
              type="primary"
              disabled={busy || batch.status === 'IMPORTING' || batch.totalCount === batch.importedCount}
              onClick={() => void doImport()}
            >
              {t('himp.import.import')}
            </Button>
          }
        >
          <Descriptions
            size="small"
            column={4}
            items={[
              {
                key: 's',
                label: t('himp.import.status'),
                children: <Tag>{t(`himp.import.status.${batch.status}`)}</Tag>,
              },
              { key: 't', label: t('himp.import.total'), children: batch.totalCount },
              {
                key: 'e',
                label: t('himp.import.errors'),
                children: (
                  <Typography.Text type={batch.errorCount ? 'danger' : undefined}>
                    {batch.errorCount}
                  </Typography.Text>
                ),
              },
              { key: 'i', label: t('himp.import.imported'), children: batch.importedCount },
            ]}
          />
          {importing && (
            <div data-testid="import-progress" style={{ marginTop: 12 }}>
              <Typography.Text>
                {progress
                  ? `${t('himp.import.progress')}: ${progress.done} / ${progress.total}`
                  : t('himp.import.progressStarting')}
              </Typography.Text>
              <Progress
                aria-label={t('himp.import.progress')}
                percent={progress?.total ? Math.floor((progress.done / progress.total) * 100) : 0}
                status="active"
              />
            </div>
          )}
          {batch.status === 'FAILED' && batch.errorMessage && (
            <Alert type="error" showIcon message={batch.errorMessage} style={{ marginTop: 12 }} />
          )}
          <Segmented
            style={{ margin: '12px 0' }}
            value={status}
            onChange={(value) => {
              setStatus(String(value))
              setPage(0)
            }}
            options={[
              { value: 'ALL', label: t('himp.import.all') },
              { value: 'ERROR', label: t('himp.import.status.ERROR') },
              { value: 'VALID', label: t('himp.import.status.VALID') },
              { value: 'IMPORTED', label: t('himp.import.status.IMPORTED') },
            ]}
          />
          <Table<ImportLine>
            rowKey="lineId"
            size="small"
            dataSource={lines.rows}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page + 1,
              pageSize: PAGE_SIZE,
              total: lines.total,
              onChange: (p) => setPage(p - 1),
              showSizeChanger: false,
            }}
            columns={[
              { key: 'row', title: t('himp.import.row'), dataIndex: 'rowNumber', width: 70, fixed: 'left' },
              {
                key: 'status',
                title: t('himp.import.status'),
                dataIndex: 'status',
                width: 100,
                render: (value: string) => (
                  <Tag color={STATUS_COLOURS[value]}>{t(`himp.import.status.${value}`)}</Tag>
                ),
              },
              ...columns.map((c) => ({
                key: c.fieldName,
                title: c.columnTitle,
                width: 140,
                render: (_: unknown, line: ImportLine) => String(line.dataJson[c.fieldName] ?? ''),
              })),
              {
                key: 'errors',
                title: t('himp.import.errors'),
                dataIndex: 'errorMessage',
                width: 360,
                render: (value: string | null) =>
                  value && <Typography.Text type="danger">{value}</Typography.Text>,
              },
              {
                key: 'actions',
                title: t('himp.import.actions'),
                width: 90,
                fixed: 'right',
                render: (_: unknown, line: ImportLine) =>
                  line.status !== 'IMPORTED' && (
                    <Button size="small" onClick={() => openFix(line)}>
                      {t('himp.import.fix')}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
      )}
      <Modal
        open={!!editing}
        title={`${t('himp.import.fix')} · ${t('himp.import.row')} ${editing?.rowNumber ?? ''}`}
        okText={t('himp.import.save')}
        onOk={() => void saveFix()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing?.errorMessage && (
          <Alert type="error" message={editing.errorMessage} style={{ marginBottom: 12 }} />
        )}
        <Form form={form} layout="vertical">
          {columns.map((c) => (
            <Form.Item
              key={c.fieldName}
              name={c.fieldName}
              label={`${c.columnTitle} (${c.fieldName})`}
              rules={c.required ? [{ required: true, whitespace: true }] : []}
              extra={c.lookupCode ? c.lookupCode : undefined}
            >
              <Input maxLength={c.maxLength ?? undefined} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Space>
  )
}

export default ImportRunner
