import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Spin, Switch, Tree } from 'antd'
import { useEffect, useMemo, useState, type Key } from 'react'
import {
  EXPORT_DEFAULTS,
  EXPORT_LOOKUPS,
  MAX_SHEET_ROWS,
  useLookup,
  useRendererEnv,
  type ExportColumnTree,
  type ExportFileType,
  type ExportFillerType,
  type ExportScreenColumn,
  type ServiceName,
} from '../../renderer/index'
import { ExportTasks } from '../export-tasks/ExportTasks'
import { useSharedTexts } from '../shared/use-shared-texts'
import { runExport } from './export-request'
import { useExportColumns } from './use-export-columns'

export interface ExportDialogProps {
  open: boolean
  onClose(): void
  /** The list's data source: service and collection path with placeholders filled. */
  service: ServiceName
  path: string
  /** The page's current search conditions: shown, and sent unless the user switches them off (CORE-EXP-10). */
  filters: Record<string, unknown>
  /** The page's fixed filters (dataSource.params): always sent, whatever the user switches off. */
  fixedFilters?: Record<string, unknown>
  /** Human names of the filter fields, for the condition summary. */
  filterLabels?: Record<string, string>
  /** Suggested file name (the page title). */
  defaultFileName: string
  /**
   * The columns the user sees, in their order, as shown (issue 19): the file has these columns, titles and
   * cell texts. Without them the server offers the model's fields.
   */
  columns?: ExportScreenColumn[]
}

interface ExportFormValues {
  fileName: string
  fillerType: ExportFillerType
  fileType: ExportFileType
  async: boolean
  singleSheetMaxRow: number
  singleExcelMaxSheetNum: number
  applyFilters: boolean
}

/**
 * The export dialog (CORE-EXP-01..13): file name, export type, file type, async yes/no (hidden and fixed when
 * the server states a default mode, or offers no async), rows per sheet, sheets per file, the query condition
 * and the column tree. Its "Async tasks" button opens the task drawer, which stays open after the dialog closes.
 */
export function ExportDialog(props: ExportDialogProps) {
  const t = useSharedTexts()
  const [tasksOpen, setTasksOpen] = useState(false)
  return (
    <>
      <Modal
        open={props.open}
        title={t('export.dialog.title')}
        onCancel={props.onClose}
        footer={null}
        width={640}
        destroyOnHidden
      >
        {props.open ? <ExportForm {...props} onShowTasks={() => setTasksOpen(true)} /> : null}
      </Modal>
      <ExportTasks open={tasksOpen} onClose={() => setTasksOpen(false)} />
    </>
  )
}

/** The server's fixed mode (CORE-EXP-07), or SYNC when it offers no async (CORE-EXP-08); null: the user picks. */
export function fixedMode(tree: ExportColumnTree | undefined): 'ASYNC' | 'SYNC' | null {
  if (!tree) return null
  return tree.defaultRequestMode ?? (tree.enableAsync ? null : 'SYNC')
}

const integerRule = (min: number, max: number, message: string) => ({
  validator: (_: unknown, value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
})

function ExportForm(props: ExportDialogProps & { onShowTasks(): void }) {
  const { service, path, filters, fixedFilters = {}, filterLabels = {}, defaultFileName, onClose } = props
  const env = useRendererEnv()
  const t = useSharedTexts()
  const [form] = Form.useForm<ExportFormValues>()
  const columns = useExportColumns(service, path, filters, props.columns)
  const fillerTypes = useLookup(EXPORT_LOOKUPS.fillerType)
  const [checked, setChecked] = useState<Key[]>([])
  const [submitting, setSubmitting] = useState(false)
  const tree = columns.tree
  const mode = fixedMode(tree)
  const conditions = Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')

  useEffect(() => {
    if (tree) setChecked((tree.children ?? []).filter((c) => c.checked).map((c) => c.id))
  }, [tree])

  const fillerOptions = useMemo(() => {
    const allowed: string[] = tree?.allowFillType ?? [EXPORT_DEFAULTS.fillerType]
    const meaning = new Map(fillerTypes.values.map((v) => [v.value, v.meaning]))
    return allowed.map((value) => ({ value, label: meaning.get(value) ?? value }))
  }, [tree, fillerTypes.values])
  const fileTypes = (tree?.allowFileType ?? ['EXCEL2007', 'CSV']).map((value) => ({
    value,
    label: t(`export.fileType.${value}`),
  }))
  const treeData = tree
    ? [
        {
          key: tree.id,
          title: t('export.tree.all'),
          children: (tree.children ?? []).map((c) => ({ key: c.id, title: c.title })),
        },
      ]
    : []

  const submit = async () => {
    const childIds = new Set((tree?.children ?? []).map((c) => c.id))
    const ids = checked.map(Number).filter((id) => childIds.has(id))
    if (!ids.length) return env.notify.warning(t('export.validation.selectColumn')) // CORE-EXP-03
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    setSubmitting(true)
    try {
      const outcome = await runExport(env, {
        service,
        path,
        filters: values.applyFilters ? { ...filters, ...fixedFilters } : fixedFilters,
        ...(props.columns?.length ? { screen: props.columns } : {}),
        options: {
          ids,
          fileName: values.fileName.trim(),
          fillerType: values.fillerType,
          fileType: values.fileType,
          async: mode ? mode === 'ASYNC' : values.async,
          singleSheetMaxRow: values.singleSheetMaxRow,
          singleExcelMaxSheetNum: values.singleExcelMaxSheetNum,
        },
      })
      if (outcome.kind === 'submitted')
        env.notify.success(t('export.message.asyncSubmitted', { uuid: outcome.uuid }))
      else env.notify.success(t('export.message.downloaded', { fileName: outcome.fileName }))
      onClose()
    } catch (error) {
      env.notify.error(error instanceof Error ? error.message : String(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Form<ExportFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ span: 7 }}
      initialValues={{
        fileName: defaultFileName,
        fillerType: EXPORT_DEFAULTS.fillerType,
        fileType: 'EXCEL2007',
        async: false,
        singleSheetMaxRow: EXPORT_DEFAULTS.singleSheetMaxRow,
        singleExcelMaxSheetNum: EXPORT_DEFAULTS.singleExcelMaxSheetNum,
        applyFilters: true,
      }}
    >
      <Form.Item
        name="fileName"
        label={t('export.field.fileName')}
        rules={[{ required: true, whitespace: true, message: t('export.validation.fileName') }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="fillerType" label={t('export.field.fillerType')}>
        <Select options={fillerOptions} />
      </Form.Item>
      <Form.Item name="fileType" label={t('export.field.fileType')}>
        <Select options={fileTypes} />
      </Form.Item>
      {tree && !mode ? (
        <Form.Item name="async" label={t('export.field.async')}>
          <Radio.Group
            options={[
              { value: true, label: t('export.option.yes') },
              { value: false, label: t('export.option.no') },
            ]}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="singleSheetMaxRow"
        label={t('export.field.singleSheetMaxRow')}
        rules={[integerRule(1, MAX_SHEET_ROWS, t('export.validation.singleSheetMaxRow'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="singleExcelMaxSheetNum"
        label={t('export.field.singleExcelMaxSheetNum')}
        rules={[integerRule(1, Number.MAX_SAFE_INTEGER, t('export.validation.singleExcelMaxSheetNum'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={t('export.field.queryCondition')}>
        {conditions.length ? (
          <>
            <Form.Item name="applyFilters" valuePropName="checked" noStyle>
              <Switch size="small" aria-label={t('export.queryCondition.apply')} />
            </Form.Item>{' '}
            <span>{t('export.queryCondition.apply')}</span>
            <ul className="wms-export-conditions" style={{ margin: '4px 0 0', paddingLeft: 18 }}>
              {conditions.map(([name, value]) => (
                <li key={name}>
                  {filterLabels[name] ?? name}: {String(value)}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <span>{t('export.queryCondition.none')}</span>
        )}
      </Form.Item>
      <Form.Item label={t('export.field.columns')} required>
        {columns.loading ? (
          <Spin size="small" />
        ) : columns.error ? (
          <Alert
            type="error"
            showIcon
            message={t('export.message.columnsFailed', { message: columns.error })}
            action={
              <Button size="small" onClick={columns.reload}>
                {t('export.action.retryColumns')}
              </Button>
            }
          />
        ) : (
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            treeData={treeData}
            checkedKeys={checked}
            onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
            style={{ maxHeight: 260, overflow: 'auto' }}
          />
        )}
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={props.onShowTasks}>{t('export.action.tasks')}</Button>
        <span style={{ display: 'flex', gap: 8 }}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" loading={submitting} disabled={!tree} onClick={() => void submit()}>
            {t('export.action.export')}
          </Button>
        </span>
      </div>
    </Form>
  )
}
