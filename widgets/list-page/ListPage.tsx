import { useCallback, useMemo } from 'react'
import {
  DEFAULT_PAGE_SIZE,
  compileColumns,
  fillPath,
  pageSizeOptions,
  restDataSource,
  useListQuery,
  usePageContext,
  useRendererEnv,
  type ListPage as ListPageSchema,
  type PageWidgetProps,
} from '../../renderer/index'
import { useStableParams } from '../shared/use-stable-params'
import { DataTable } from '../data-table/DataTable'
import { EditForm } from '../edit-form/EditForm'
import { ExportDialog } from '../export-dialog/ExportDialog'
import { OperationBar } from '../operation-bar/OperationBar'
import { SearchBar } from '../search-bar/SearchBar'
import { useListActions } from './use-row-actions'

/**
 * A list page: search bar, operation bar, server-paged table and the create/edit form. The page number lives
 * in the route query `pageNo` (1-based) so a reload or a shared link opens the same page.
 */
export function ListPage({ page, params: routeParams, search }: PageWidgetProps<ListPageSchema>) {
  const env = useRendererEnv()
  const params = useStableParams(routeParams)
  const { t } = usePageContext()
  const dataSource = useMemo(
    () => restDataSource(env, page.dataSource, params),
    [env, page.dataSource, params],
  )
  const size = page.table.pageSize ?? DEFAULT_PAGE_SIZE
  const initialPage = Math.max(0, Number(search?.get('pageNo') ?? 1) - 1 || 0)
  const route = useMemo(
    () => fillPath(page.route, { user: env.user, params }),
    [page.route, env.user, params],
  )
  const onPageChange = useCallback(
    (pageIndex: number) => {
      const current = Number(search?.get('pageNo') ?? 1)
      if (current !== pageIndex + 1) env.navigate(`${route}?pageNo=${pageIndex + 1}`, { replace: true })
    },
    [env, route, search],
  )
  const list = useListQuery(dataSource, { initial: { page: initialPage, size }, onPageChange })
  const { open, close, perform, exporting, closeExport } = useListActions(dataSource, list.reload)
  const columns = compileColumns(page, t, env.user.language)

  return (
    <div className="wms-list-page" style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 16 }}>
      <SearchBar page={page} onSearch={(filters) => void list.load({ filters })} />
      {page.toolbar?.actions.length ? (
        <OperationBar actions={page.toolbar.actions} onAction={(a) => void perform(a)} />
      ) : null}
      <DataTable
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        page={list.query.page}
        size={list.query.size}
        sizeOptions={pageSizeOptions(page.table.pageSizeOptions, size)}
        rowKey={page.dataSource.primaryKey}
        rowActions={page.table.rowActions}
        onRowAction={(action, row) => void perform(action, row)}
        onChange={(change) => void list.load(change)}
      />
      {page.toolbar?.actions.some((action) => action.type === 'export') ? (
        <ExportDialog
          open={exporting}
          onClose={closeExport}
          service={page.dataSource.service}
          path={dataSource.path}
          filters={list.query.filters ?? {}}
          filterLabels={Object.fromEntries(
            Object.entries(page.fields).map(([name, field]) => [name, t(field.label)]),
          )}
          defaultFileName={t(page.title)}
        />
      ) : null}
      {open ? (
        <EditForm
          page={page}
          mode={open.mode}
          record={open.record}
          dataSource={dataSource}
          onClose={close}
          onSaved={() => {
            close()
            void list.reload()
          }}
        />
      ) : null}
    </div>
  )
}
