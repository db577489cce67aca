import { Empty, Table, type TableColumnsType, type TableProps } from 'antd'
import { useMemo, useRef, useState } from 'react'
import {
  columnFilterCondition,
  designMark,
  formatNumber,
  resolvePrecision,
  usePageContext,
  useRegistry,
  useRendererEnv,
  type ColumnFilterValue,
  type ColumnModel,
  type FilterCondition,
  type PageAction,
  type Row,
} from '../../renderer/index'
import { actionLabel } from '../shared/action-label'
import { actionsColumnWidth } from './actions-width'
import { useCellTexts } from './cell-text'
import { ColumnFilter } from './ColumnFilter'
import { EditableCell } from './EditableCell'
import { RowActions } from './RowActions'
import { summarise } from './table-summary'
import { useTableHeight } from './use-table-height'

/** Pages with more rows than this render only the rows in view (antd `virtual`, numeric scroll x and y). */
export const VIRTUAL_ROWS_FROM = 100

export interface DataTableProps {
  columns: ColumnModel[]
  rows: Row[]
  total: number
  loading?: boolean
  /** 0-based. */
  page: number
  size: number
  sizeOptions: number[]
  rowKey: string
  rowActions?: PageAction[]
  onRowAction?(action: PageAction, row: Row): void
  /** Paging or sorting changed; `sort` is "field,asc" | "field,desc" | undefined. */
  onChange(change: { page: number; size: number; sort?: string }): void
  /**
   * Column header filters changed (CORE-TBL-07): the conditions of every filtered column, in the `conditions`
   * format of the list endpoints. Without it no column shows a header filter.
   */
  onFilter?(conditions: FilterCondition[]): void
  /**
   * Editable mode (CORE-TBL-13/14): cells of fields that are not read-only become inputs; `validated` shows the
   * required messages on untouched cells too (set it when a save is attempted, with `invalidCells`).
   */
  editing?: { validated: boolean; onCellChange(row: Row, field: string, value: unknown): void }
  /** Shown when there are no rows: what the user can do next. */
  emptyText?: string
  /** In the page designer only: the pointer of a column's entry in the page file, marked on its header. */
  columnPointer?(field: string): string | undefined
}

/** Server-paged antd table whose cells are the fields' read-only renderings. */
export function DataTable(props: DataTableProps) {
  const {
    columns,
    rows,
    total,
    loading,
    page,
    size,
    sizeOptions,
    rowKey,
    rowActions,
    onRowAction,
    onChange,
    onFilter,
    editing,
    columnPointer,
  } = props
  const { t } = usePageContext()
  const registry = useRegistry()
  const cellTexts = useCellTexts(columns, registry)
  const { user } = useRendererEnv()
  const [filters, setFilters] = useState<Record<string, ColumnFilterValue>>({})
  const applyFilter = (column: ColumnModel, value: ColumnFilterValue | undefined) => {
    const next = { ...filters }
    if (value) next[column.field] = value
    else delete next[column.field]
    setFilters(next)
    onFilter?.(
      columns.flatMap((c) => {
        const chosen = next[c.field]
        const condition = c.filter && chosen && columnFilterCondition(c.field, c.filter, chosen)
        return condition ? [condition] : []
      }),
    )
  }
  // Sized from the buttons the rows show (actions-width.ts); the scroll width adds exactly this column.
  const actionsWidth = useMemo(
    () =>
      rowActions?.length && onRowAction
        ? actionsColumnWidth(rowActions, rows, (a) => actionLabel(a, t), t('common.table.actions'))
        : 0,
    [rowActions, onRowAction, rows, t],
  )
  const antColumns = useMemo<TableColumnsType<Row>>(() => {
    const list: TableColumnsType<Row> = columns.map((column) => {
      const Pretty = registry.get(column.widget).readPretty
      const cellText = cellTexts.get(column.field)
      return {
        key: column.field,
        dataIndex: column.field,
        title: column.title,
        width: column.width,
        fixed: column.fixed,
        align: column.align,
        ellipsis: column.ellipsis ? { showTitle: true } : false,
        sorter: column.sortable,
        ...(columnPointer ? { onHeaderCell: () => designMark(columnPointer(column.field) ?? '') } : {}),
        ...(column.filter && onFilter
          ? {
              filtered: Boolean(filters[column.field]),
              filterDropdown: ({ close }: { close: () => void }) => (
                <ColumnFilter
                  title={column.title}
                  fieldType={column.filter as NonNullable<ColumnModel['filter']>}
                  value={filters[column.field]}
                  onApply={(value) => {
                    applyFilter(column, value)
                    close()
                  }}
                />
              ),
            }
          : {}),
        render: (value: unknown, record: Row) => {
          if (editing && column.spec.readOnly !== true)
            return (
              <EditableCell
                column={column}
                value={value}
                validated={editing.validated}
                onChange={(next) => editing.onCellChange(record, column.field, next)}
              />
            )
          if (cellText) return cellText(value)
          return Pretty ? <Pretty value={value} spec={column.spec} record={record} /> : String(value ?? '')
        },
      }
    })
    if (rowActions?.length && onRowAction) {
      list.push({
        key: '__actions',
        title: t('common.table.actions'),
        fixed: 'right',
        width: actionsWidth,
        render: (_: unknown, record: Row) => (
          <RowActions actions={rowActions} row={record} onAction={onRowAction} />
        ),
      })
    }
    return list
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applyFilter reads `filters`, listed
  }, [
    columns,
    registry,
    cellTexts,
    rowActions,
    onRowAction,
    t,
    filters,
    onFilter,
    editing,
    actionsWidth,
    columnPointer,
  ])

  const handleChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter
    const sort = one?.order ? `${String(one.field)},${one.order === 'ascend' ? 'asc' : 'desc'}` : undefined
    const nextSize = pagination.pageSize ?? size
    const nextPage = extra.action === 'sort' || nextSize !== size ? 0 : (pagination.current ?? 1) - 1
    onChange({ page: nextPage, size: nextSize, sort })
  }

  const scrollX = columns.reduce((sum, c) => sum + c.width, 0) + actionsWidth
  const box = useRef<HTMLDivElement>(null)
  const height = useTableHeight(box)
  const virtual = rows.length > VIRTUAL_ROWS_FROM
  const totals = useMemo(() => summarise(columns, rows), [columns, rows])
  const summary = totals.size
    ? () => (
        <Table.Summary fixed>
          <Table.Summary.Row className="wms-data-table-summary">
            {antColumns.map((column, index) => {
              const field = String(column.key)
              const model = columns.find((c) => c.field === field)
              const kind = model?.summary
              const text = kind
                ? `${t(`table.summary.${kind}`)}: ${formatNumber(totals.get(field), resolvePrecision(model.spec.precision, user.quantityPrecision) ?? (kind === 'avg' ? 2 : undefined))}`
                : ''
              return (
                <Table.Summary.Cell key={field} index={index} align={model?.align}>
                  {text}
                </Table.Summary.Cell>
              )
            })}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined
  return (
    <div ref={box}>
      <Table<Row>
        className="wms-data-table"
        size="middle"
        rowKey={rowKey}
        columns={antColumns}
        dataSource={rows}
        loading={loading}
        virtual={virtual}
        // Every table's body scrolls within the window's height, recalculated 150 ms after a resize (CORE-TBL-11).
        scroll={{ x: scrollX, y: height }}
        summary={summary}
        onChange={handleChange}
        locale={{ emptyText: <Empty description={props.emptyText ?? t('common.table.empty')} /> }}
        pagination={{
          current: page + 1,
          pageSize: size,
          total,
          showSizeChanger: true,
          pageSizeOptions: sizeOptions.map(String),
          showTotal: (count) => t('common.table.total', { total: count }),
        }}
      />
    </div>
  )
}
