import { Alert, Button } from 'antd'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  CONDITIONS_PARAM,
  DEFAULT_PAGE_SIZE,
  compileColumns,
  fillPath,
  pageSizeOptions,
  restDataSource,
  searchParams,
  useDesignMode,
  useListQuery,
  usePageContext,
  useRendererEnv,
  type FilterCondition,
  type ListPage as ListPageSchema,
  type PageWidgetProps,
} from '../../renderer/index'
import { ColumnSettings, preloadColumnSettingsPanel } from '../column-settings/ColumnSettings'
import { useColumnSettings } from '../column-settings/use-column-settings'
import { FilterTemplates } from '../filter-templates/FilterTemplates'
import { useStableParams } from '../shared/use-stable-params'
import { DataTable } from '../data-table/DataTable'
import { OperationBar } from '../operation-bar/OperationBar'
import { SearchBar } from '../search-bar/SearchBar'
import { useListActions } from './use-row-actions'
import { ActionDialogHost, loadActionDialog } from './ActionDialogHost'
import { exportScreenColumns } from '../export-dialog/screen-columns'

// What a list page opens on demand (the form, the export and action dialogs) loads when first opened, and is
// fetched ahead once the page is idle after its first rows, so that opening it does not wait for the network.
const loadEditForm = () => import('../edit-form/EditForm')
const loadExportDialog = () => import('../export-dialog/ExportDialog')
const EditForm = lazy(() => loadEditForm().then((m) => ({ default: m.EditForm })))
const ExportDialog = lazy(() => loadExportDialog().then((m) => ({ default: m.ExportDialog })))
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(work, { timeout: 2000 })
    : setTimeout(work, 200)

/** Table code of a page's column personalisation: its route as a dotted name ("/wmdm/warehouse" → "wmdm.warehouse.table"). */
export const tableCuszCode = (route: string) =>
  `${route.replace(/[{}]/g, '').split('/').filter(Boolean).join('.')}.table`

/**
 * A list page: search bar, filter templates, operation bar with the column settings, server-paged table and the
 * create/edit form. The page number lives in the route query `pageNo` (1-based) so a reload or a shared link
 * opens the same page. Filter templates need the menu tab's id and the page's model; either switch can turn a
 * part off (`filterTemplates: false`, `columnSettings: false`).
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
  // A search field named in the address (`/winv/stockCount/detail?stockCountId=5`, opened by another page's
  // navigate action) fills the search bar and filters from the first load.
  const address = search?.toString() ?? ''
  const fromAddressKey = useMemo(() => {
    const values: Record<string, unknown> = {}
    const query = new URLSearchParams(address)
    for (const name of page.search?.fields ?? []) {
      const value = query.get(name)
      if (value !== null && value !== '' && page.fields[name]?.search !== 'range') values[name] = value
    }
    return JSON.stringify(values)
  }, [address, page.search, page.fields])
  // By content: a page reloaded after its file changed (live files) keeps the search form and what is typed in it.
  const fromAddress = useMemo(() => JSON.parse(fromAddressKey) as Record<string, unknown>, [fromAddressKey])
  const initialFilters = Object.keys(fromAddress).length ? searchParams(page.fields, fromAddress) : undefined
  const list = useListQuery(dataSource, {
    initial: { page: initialPage, size, ...(initialFilters ? { filters: initialFilters } : {}) },
    onPageChange,
  })
  const actions = useListActions(dataSource, list.reload)
  const { open, close, perform, exporting, closeExport } = actions
  // The export dialog stays mounted from its first opening on (it keeps the user's choices and animates closing).
  const [exportShown, setExportShown] = useState(false)
  if (exporting && !exportShown) setExportShown(true)
  const firstRows = !list.loading && list.rows.length > 0
  useEffect(() => {
    if (!firstRows) return
    whenIdle(() => {
      for (const load of [loadEditForm, loadExportDialog, loadActionDialog, preloadColumnSettingsPanel])
        void load().catch(() => undefined)
    })
  }, [firstRows])
  const columns = compileColumns(page, t, env.user.language)
  const personal = useColumnSettings(tableCuszCode(page.route), columns, page.columnSettings !== false)
  const titlesOfFields = useMemo(
    () => Object.fromEntries(Object.entries(page.fields).map(([name, spec]) => [name, t(spec.label)])),
    [page.fields, t],
  )
  const titles = useMemo(() => Object.fromEntries(columns.map((c) => [c.field, c.title])), [columns])
  // In the page designer, buttons and column headers carry their entries' pointers (design-marks.ts).
  const design = useDesignMode()
  const columnPointer = useMemo(
    () =>
      design
        ? (field: string) => `/table/columns/${page.table.columns.findIndex((c) => c.field === field)}`
        : undefined,
    [design, page.table.columns],
  )
  const filterModel = page.filterTemplates !== false && env.menuId ? page.dataSource.model : undefined

  // The search bar's filters, the template's conditions and the column header filters filter together; any
  // one changing reloads from the first page.
  const query = useRef<{
    search: Record<string, unknown>
    conditions: FilterCondition[]
    columnFilters: FilterCondition[]
  }>({ search: initialFilters ?? {}, conditions: [], columnFilters: [] })
  const reloadWith = (change: Partial<typeof query.current>) => {
    query.current = { ...query.current, ...change }
    const { search: filters, columnFilters } = query.current
    const conditions = [...query.current.conditions, ...columnFilters]
    void list.load({
      filters: conditions.length
        ? { ...filters, [CONDITIONS_PARAM]: JSON.stringify(conditions) }
        : { ...filters },
    })
  }

  return (
    <div className="wms-list-page" style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 16 }}>
      <SearchBar page={page} initialValues={fromAddress} onSearch={(search) => reloadWith({ search })} />
      {filterModel && env.menuId ? (
        <FilterTemplates
          menuId={env.menuId}
          model={filterModel}
          labels={titlesOfFields}
          onApply={(conditions) => reloadWith({ conditions })}
        />
      ) : null}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <div style={{ flex: 1 }}>
          {page.toolbar?.actions.length ? (
            <OperationBar
              actions={page.toolbar.actions}
              onAction={(a) => void perform(a)}
              {...(design ? { designPointer: '/toolbar/actions' } : {})}
            />
          ) : null}
        </div>
        {page.columnSettings !== false ? (
          <ColumnSettings
            settings={personal.settings}
            titles={titles}
            onConfirm={personal.save}
            onRestore={personal.restore}
          />
        ) : null}
      </div>
      {list.error ? (
        // A failed list is said, with the server's reason and a retry, instead of an empty table.
        <Alert
          type="error"
          showIcon
          message={t('common.table.loadFailed')}
          description={list.error instanceof Error ? list.error.message : String(list.error)}
          action={
            <Button size="small" onClick={() => void list.reload()}>
              {t('common.detail.reload')}
            </Button>
          }
        />
      ) : null}
      <DataTable
        columns={personal.columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        page={list.query.page}
        size={list.query.size}
        sizeOptions={pageSizeOptions(page.table.pageSizeOptions, size, page.route)}
        rowKey={page.dataSource.primaryKey}
        rowActions={page.table.rowActions}
        onRowAction={(action, row) => void perform(action, row)}
        onChange={(change) => void list.load(change)}
        onFilter={(columnFilters) => reloadWith({ columnFilters })}
        {...(columnPointer ? { columnPointer } : {})}
      />
      {exportShown && page.toolbar?.actions.some((action) => action.type === 'export') ? (
        <Suspense fallback={null}>
          <ExportDialog
            open={exporting}
            onClose={closeExport}
            service={page.dataSource.service}
            path={dataSource.path}
            filters={list.query.filters ?? {}}
            fixedFilters={page.dataSource.params}
            filterLabels={Object.fromEntries(
              Object.entries(page.fields).map(([name, field]) => [name, t(field.label)]),
            )}
            defaultFileName={t(page.title)}
            columns={exportScreenColumns(personal.columns)}
          />
        </Suspense>
      ) : null}
      <ActionDialogHost actions={actions} />
      {open ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </div>
  )
}
