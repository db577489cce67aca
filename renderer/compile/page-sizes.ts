/**
 * Page sizes of tables (X-02, CORE-TBL-04, PLAT-TBL-01/02). Default 10 everywhere. The core workspace tables —
 * audit (/hmnt), files (/hfle, /hfile), logistics (/ets, /pets), reporting (/hrpt) and requisition handling
 * (/winv/requisitionNoteHandle) — offer the core set 10, 15, 20, 50; their list pages are the basic table and
 * also offer 80 and 100. Platform administration and warehouse / master-data tables offer the platform's allowed
 * sizes 10, 20, 50, 100 (the validated list of PLAT-TBL-02; chosen over 10/50/100/200/500 so that one list both
 * validates and is shown). A page's own pageSizeOptions win; a size that is not offered is inserted and the list
 * sorted (PLAT-TBL-02).
 */
export const DEFAULT_PAGE_SIZE = 10
export const PLATFORM_PAGE_SIZE_OPTIONS = [10, 20, 50, 100]
export const CORE_PAGE_SIZE_OPTIONS = [10, 15, 20, 50]
export const CORE_BASIC_TABLE_PAGE_SIZE_OPTIONS = [...CORE_PAGE_SIZE_OPTIONS, 80, 100]
/** The platform set: the options of a table that names no route. */
export const DEFAULT_PAGE_SIZE_OPTIONS = PLATFORM_PAGE_SIZE_OPTIONS

const CORE_WORKSPACE = /^\/(hmnt|hfle|hfile|ets|pets|hrpt)(\/|$)|^\/winv\/requisitionNoteHandle(\/|$)/

/** Whether `route` (a page route, e.g. /hrpt/report-query) belongs to the core workspace. */
export const isCoreWorkspace = (route: string | undefined) => !!route && CORE_WORKSPACE.test(route)

/**
 * The size changer's options for a table of the page at `route`: the core basic-table set on core workspace
 * list pages (`table: 'basic'`), the core set on their other tables (`'inner'`: drawers, dialogs), else the
 * platform set.
 */
export function defaultPageSizeOptions(
  route: string | undefined,
  table: 'basic' | 'inner' = 'basic',
): number[] {
  if (!isCoreWorkspace(route)) return [...PLATFORM_PAGE_SIZE_OPTIONS]
  return table === 'basic' ? [...CORE_BASIC_TABLE_PAGE_SIZE_OPTIONS] : [...CORE_PAGE_SIZE_OPTIONS]
}

export function pageSizeOptions(options: number[] | undefined, pageSize: number, route?: string): number[] {
  const list = options?.length ? [...options] : defaultPageSizeOptions(route)
  if (!list.includes(pageSize)) list.push(pageSize)
  return [...new Set(list)].sort((a, b) => a - b)
}
