/**
 * Column personalisation as data (CORE-COL, CORE-DATA-16): defaults from the page's columns, settings applied
 * to them, and the local cache per user and cuszCode with cache version 1 (CORE-COL-07).
 */
import type { ColumnModel, ColumnSetting, CuszInfoRecord } from '../../renderer/index'

export const CUSZ_CACHE_VERSION = 1

/** @example cacheKey(7, 'wmdm.warehouse.table') // 'wms.cusz.7.wmdm.warehouse.table' */
export const cacheKey = (userId: number, cuszCode: string) => `wms.cusz.${userId}.${cuszCode}`

interface CacheEntry {
  version: number
  settings: ColumnSetting[]
  record?: CuszInfoRecord
}

/** The cached settings of this user and code; entries of another cache version are ignored. */
export function readCache(
  storage: Storage,
  userId: number,
  cuszCode: string,
): Omit<CacheEntry, 'version'> | undefined {
  try {
    const entry = JSON.parse(storage.getItem(cacheKey(userId, cuszCode)) ?? 'null') as CacheEntry | null
    if (!entry || entry.version !== CUSZ_CACHE_VERSION || !Array.isArray(entry.settings)) return undefined
    return { settings: entry.settings, record: entry.record }
  } catch {
    return undefined // a damaged entry is as good as none: the server's copy follows
  }
}

export function writeCache(
  storage: Storage,
  userId: number,
  cuszCode: string,
  value: { settings: ColumnSetting[]; record?: CuszInfoRecord },
): void {
  const entry: CacheEntry = { version: CUSZ_CACHE_VERSION, ...value }
  storage.setItem(cacheKey(userId, cuszCode), JSON.stringify(entry))
}

export const clearCache = (storage: Storage, userId: number, cuszCode: string) =>
  storage.removeItem(cacheKey(userId, cuszCode))

/** The page's columns as settings: every column visible, in the page's order, pinned as the page says. */
export function defaultSettings(columns: ColumnModel[]): ColumnSetting[] {
  return columns.map((column) => ({
    field: column.field,
    width: column.width,
    visible: true,
    defaultVisible: true,
    fixed: column.fixed ?? null,
  }))
}

/**
 * The columns to show: in the settings' order, hidden ones left out, pinned and sized as set. Columns the page
 * gained since the settings were saved are appended; settings of columns it lost are dropped. antd wants
 * left-pinned columns first and right-pinned last, so pinning moves a column to its side.
 */
export function applySettings(columns: ColumnModel[], settings: ColumnSetting[] | undefined): ColumnModel[] {
  if (!settings?.length) return columns
  const byField = new Map(columns.map((column) => [column.field, column]))
  const known = settings.filter((s) => byField.has(s.field))
  const added = columns.filter((column) => !known.some((s) => s.field === column.field))
  const shown = [
    ...known
      .filter((s) => s.visible)
      .map((s) => ({
        ...byField.get(s.field)!,
        width: s.width ?? byField.get(s.field)!.width,
        fixed: s.fixed ?? undefined,
      })),
    ...added,
  ]
  const side = (column: ColumnModel) => (column.fixed === 'left' ? 0 : column.fixed === 'right' ? 2 : 1)
  return shown
    .map((column, index) => ({ column, index }))
    .sort((a, b) => side(a.column) - side(b.column) || a.index - b.index)
    .map(({ column }) => column)
}

/** Moves the setting at `from` to `to` (drag and drop). */
export function moveSetting(settings: ColumnSetting[], from: number, to: number): ColumnSetting[] {
  const next = [...settings]
  const [moved] = next.splice(from, 1)
  if (moved) next.splice(to, 0, moved)
  return next
}

/** Settings for every page column: saved ones in their order, then columns added to the page since. */
export function completeSettings(
  columns: ColumnModel[],
  settings: ColumnSetting[] | undefined,
): ColumnSetting[] {
  const defaults = defaultSettings(columns)
  if (!settings?.length) return defaults
  const known = settings.filter((s) => columns.some((c) => c.field === s.field))
  return [...known, ...defaults.filter((d) => !known.some((s) => s.field === d.field))]
}
