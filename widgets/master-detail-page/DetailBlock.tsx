import { Button, Space } from 'antd'
import { useMemo, useState } from 'react'
import {
  compileColumns,
  fillPath,
  Permission,
  usePageContext,
  useRendererEnv,
  type DataSource,
  type MasterDetailPage,
  type PageAction,
  type Row,
} from '../../renderer/index'
import { ActionDialog } from '../action-dialog/ActionDialog'
import { DataTable } from '../data-table/DataTable'
import { EditForm, type EditMode } from '../edit-form/EditForm'
import { notifyActed } from '../shared/action-answer'
import { LINE_KEY, localLineSource, removeLine, type LineState } from './line-changes'

export type DetailSpec = MasterDetailPage['details'][number]

export interface DetailBlockProps {
  detail: DetailSpec
  lines: LineState
  onChange(change: (state: LineState) => LineState): void
  /** Posts the server actions of the line rows (`action` row actions); route params fill their paths. */
  actions?: DataSource
  /** Whether the page has unsaved changes (header or any line table): line actions wait for the Save. */
  unsaved?(): boolean
  /** After a line action succeeded: reload the header and the lines (the action may have changed both). */
  onActed?(): void
}

type ServerAction = Extract<PageAction, { type: 'action' }>

/** A line as the server knows it: without the table's own key and change marks. */
const savedLine = (row: Row): Row => {
  const { [LINE_KEY]: _key, _status, ...line } = row
  return line
}

/**
 * One line table of a master-detail page: lines edited in a drawer, kept locally until the page is saved. Server
 * actions of a line (e.g. receive one line) run at once on the saved line — with their dialog first when they
 * have one — and then the page reloads the header and lines.
 */
export function DetailBlock({ detail, lines, onChange, actions, unsaved, onActed }: DetailBlockProps) {
  const { t } = usePageContext()
  const env = useRendererEnv()
  const [open, setOpen] = useState<{ mode: EditMode; record?: Row }>()
  const [dialog, setDialog] = useState<{ action: ServerAction; row: Row }>()
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
    else if (action.type === 'action') void runAction(action, row)
  }
  const runAction = async (action: ServerAction, row: Row) => {
    if (!actions) return
    // the page reloads after the action: unsaved changes (or a line the server does not know yet) would be lost
    if (unsaved?.() || row._status === 'create') return env.notify.error(t('common.detail.saveFirst'))
    const line = savedLine(row)
    if (action.dialog) return setDialog({ action, row: line })
    if (action.confirm && !(await env.confirm({ title: t(action.confirm.title) }))) return
    try {
      notifyActed(env.notify, t, action, await actions.action(action.path, line))
      onActed?.()
    } catch (error) {
      env.notify.error(error instanceof Error ? error.message : String(error))
    }
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
      {dialog && actions ? (
        <ActionDialog
          dialog={dialog.action.dialog!}
          label={dialog.action.label ?? 'common.action.save'}
          row={dialog.row}
          submit={(body) => actions.action(dialog.action.path, body, dialog.row)}
          onClose={() => setDialog(undefined)}
          onDone={(answer) => {
            notifyActed(env.notify, t, dialog.action, answer)
            setDialog(undefined)
            onActed?.()
          }}
        />
      ) : null}
    </section>
  )
}
