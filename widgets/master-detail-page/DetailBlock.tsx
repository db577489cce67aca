import { Button, Space } from 'antd'
import { useMemo, useState } from 'react'
import {
  compileColumns,
  fillPath,
  Permission,
  usePageContext,
  useRendererEnv,
  type MasterDetailPage,
  type PageAction,
  type Row,
} from '../../renderer/index'
import { DataTable } from '../data-table/DataTable'
import { EditForm, type EditMode } from '../edit-form/EditForm'
import { LINE_KEY, localLineSource, removeLine, type LineState } from './line-changes'

export type DetailSpec = MasterDetailPage['details'][number]

export interface DetailBlockProps {
  detail: DetailSpec
  lines: LineState
  onChange(change: (state: LineState) => LineState): void
  /** False until the header exists: lines belong to a saved header. */
}

/** One line table of a master-detail page: lines edited in a drawer, kept locally until the page is saved. */
export function DetailBlock({ detail, lines, onChange }: DetailBlockProps) {
  const { t } = usePageContext()
  const env = useRendererEnv()
  const [open, setOpen] = useState<{ mode: EditMode; record?: Row }>()
  const columns = compileColumns(detail, t, env.user.language)
  const source = useMemo(() => localLineSource(onChange), [onChange])
  const create = detail.toolbar?.actions.find((a) => a.type === 'create')
  // Lines are edited and removed through the table's row actions (edit / delete), each with its permission.
  const rowActions = detail.table.rowActions ?? []
  const size = Math.max(lines.rows.length, detail.table.pageSize ?? 10)
  const onRowAction = (action: PageAction, row: Row) => {
    if (action.type === 'delete') onChange((state) => removeLine(state, row))
    else if (action.type === 'edit' || action.type === 'view') setOpen({ mode: action.type, record: row })
    else if (action.type === 'navigate') env.navigate(fillPath(action.to, { user: env.user, row }))
  }
  return (
    <section aria-label={t(detail.title)} style={{ marginTop: 16 }}>
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
        <h3 style={{ fontSize: 16, margin: 0 }}>
          {t(detail.title)} <small>{t('common.detail.lines', { count: lines.rows.length })}</small>
        </h3>
        {/* A detail without a create action is read-only: no Add line (e.g. a log's trace steps). */}
        {create ? (
          <Permission code={create.permission}>
            {(disabled) => (
              <Button disabled={disabled} onClick={() => setOpen({ mode: 'create' })}>
                {t('common.detail.addLine')}
              </Button>
            )}
          </Permission>
        ) : null}
      </Space>
      <DataTable
        columns={columns}
        rows={lines.rows}
        total={lines.rows.length}
        page={0}
        size={size}
        sizeOptions={[size]}
        rowKey={LINE_KEY}
        rowActions={rowActions}
        onRowAction={onRowAction}
        onChange={() => undefined}
      />
      {open ? (
        <EditForm
          page={{ ...detail, form: detail.form }}
          mode={open.mode}
          record={open.record}
          dataSource={source}
          onClose={() => setOpen(undefined)}
          onSaved={() => setOpen(undefined)}
        />
      ) : null}
    </section>
  )
}
