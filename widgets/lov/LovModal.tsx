/**
 * The popup picker (CORE-LOV-03…09): 720 wide (CORE-LOV-03; every seeded view says 720 or nothing — a width an
 * administrator sets on a view in the Lov view page overrides it, the way the view's page size does, X-03), a search form of the view's query
 * fields, a paged table of its table fields (page size 50 or the view's, options 10/20/50), single or multiple
 * choice. A click on a row selects it; double-clicking a row (or Enter on its box) confirms it. MulLov keeps the selection while the user pages and searches.
 */
import { Alert, Modal, Table, type CheckboxProps, type TableColumnsType } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import {
  LOV_MODAL_WIDTH,
  LOV_PAGE_SIZE,
  LOV_PAGE_SIZE_OPTIONS,
  queryLov,
  useRendererEnv,
  type LovRow,
  type LovView,
  type PageResult,
} from '../../renderer/index'
import { keyOf, labelOf, type LovFields } from './lov-choice'
import { useReturnFocus } from '../shared/use-return-focus'
import { LovSearchForm } from './LovSearchForm'
import { useTrailingDebounce } from './use-trailing-debounce'
import { useWidgetTexts } from './use-lov-texts'

/** Popup searches wait for a 200 ms pause (CORE-LOV-05). */
export const LOV_POPUP_DEBOUNCE_MS = 200

export interface LovModalProps {
  view: LovView
  fields: LovFields
  multiple: boolean
  /** Rows chosen before the popup opened (MulLov), kept selected. */
  chosen: LovRow[]
  /** The first page when the caller already queried it (the one-result check), else undefined. */
  firstPage?: PageResult<LovRow>
  extra?: Record<string, unknown>
  onConfirm(rows: LovRow[]): void
  onCancel(): void
}

const columnsOf = (view: LovView): TableColumnsType<LovRow> =>
  view.tableFields.map((field) => ({
    key: field.dataIndex,
    dataIndex: field.dataIndex,
    title: field.title,
    width: field.width,
    ellipsis: true,
    render:
      field.dataType === 'IMAGE'
        ? (value: unknown) => (value ? <img src={String(value)} alt="" style={{ maxHeight: 40 }} /> : null)
        : undefined,
  }))

export function LovModal(props: LovModalProps) {
  const { view, fields, multiple, firstPage, extra, onConfirm, onCancel } = props
  const env = useRendererEnv()
  const t = useWidgetTexts()
  useReturnFocus()
  const pageSize = view.pageSize || LOV_PAGE_SIZE
  const sizeOptions = [...new Set([...LOV_PAGE_SIZE_OPTIONS, pageSize])].sort((a, b) => a - b)
  const [query, setQuery] = useState({ page: 0, size: pageSize, search: {} as Record<string, unknown> })
  const [result, setResult] = useState<PageResult<LovRow> | undefined>(firstPage)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string>()
  const [selected, setSelected] = useState(
    () => new Map(props.chosen.map((row) => [keyOf(row, fields), row])),
  )

  const run = useCallback(
    (next: typeof query) => {
      setLoading(true)
      setError(undefined)
      queryLov(env, view, { ...next, extra }).then(
        (page) => {
          setResult(page)
          setLoading(false)
        },
        (failure: unknown) => {
          setResult(undefined)
          setError(failure instanceof Error ? failure.message : String(failure))
          setLoading(false)
        },
      )
    },
    [env, view, extra],
  )
  const search = useTrailingDebounce((values: Record<string, unknown>) => {
    const next = { page: 0, size: query.size, search: values }
    setQuery(next)
    run(next)
  }, LOV_POPUP_DEBOUNCE_MS)

  useEffect(() => {
    if (!firstPage && view.delayLoadFlag !== 1) run(query)
    // The first page only: later pages and searches run from their handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const rows = result?.rows ?? []
  const confirm = (chosen: LovRow[]) => chosen.length && onConfirm(chosen)
  return (
    <Modal
      open
      width={view.width || LOV_MODAL_WIDTH}
      title={view.title}
      okText={t('lov.ok')}
      cancelText={t('common.action.cancel')}
      onOk={() => confirm([...selected.values()])}
      okButtonProps={{ disabled: selected.size === 0 }}
      onCancel={onCancel}
      destroyOnHidden
      className="wms-lov-modal"
    >
      <LovSearchForm fields={view.queryFields} onSearch={search} />
      {error ? <Alert type="error" showIcon message={t('lov.queryFailed', { message: error })} /> : null}
      {multiple ? (
        <div className="wms-lov-selected">{t('lov.selected', { count: selected.size })}</div>
      ) : null}
      <Table<LovRow>
        size="small"
        rowKey={(row) => keyOf(row, fields)}
        columns={columnsOf(view)}
        dataSource={rows}
        loading={loading}
        scroll={{ y: view.height ?? 360 }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...selected.keys()],
          // each row's box is named by the row, so a screen reader says what is being chosen
          // (antd passes it on to the input; its CheckboxProps type just does not list aria attributes)
          getCheckboxProps: (row) => ({ 'aria-label': labelOf(row, fields) }) as Partial<CheckboxProps>,
          onChange: (keys, pageRows) => {
            // Rows of other pages stay selected: only this page's rows are added or removed.
            const next = new Map(
              [...selected].filter(([key]) => !rows.some((row) => keyOf(row, fields) === key)),
            )
            for (const key of keys) {
              const row =
                pageRows.find((r) => r && keyOf(r, fields) === String(key)) ?? selected.get(String(key))
              if (row) next.set(String(key), row)
            }
            setSelected(multiple ? next : new Map([...next].slice(-1)))
          },
        }}
        onRow={(row) => {
          const key = keyOf(row, fields)
          const pick = () => confirm(multiple ? [...new Map([...selected, [key, row]]).values()] : [row])
          return {
            // A click anywhere on the row selects it (MulLov: toggles it), not only a click on its box.
            onClick: (event) => {
              if (event.target instanceof HTMLInputElement) return // the box handles its own click
              const next = new Map(multiple ? selected : [])
              if (multiple && next.has(key)) next.delete(key)
              else next.set(key, row)
              setSelected(next)
            },
            onDoubleClick: pick,
            // the keyboard's double-click: Enter on a row's box confirms that row (Space only selects it)
            onKeyDown: (event) => {
              if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return
              event.preventDefault()
              pick()
            },
          }
        }}
        pagination={{
          current: (result?.page ?? query.page) + 1,
          pageSize: query.size,
          total: result?.total ?? 0,
          pageSizeOptions: sizeOptions,
          showSizeChanger: true,
          showTotal: (total) => t('common.table.total', { total }),
          onChange: (page, size) => {
            const next = { ...query, page: size === query.size ? page - 1 : 0, size }
            setQuery(next)
            run(next)
          },
        }}
      />
    </Modal>
  )
}
