/**
 * Reads and checks the exportType=DATA parameters (CORE-EXP-04, -05, -12; wire "Export"). Every bad value is
 * answered with the error envelope naming the parameter, what was wrong and what to send instead.
 */
import { MAX_SHEET_ROWS, EXPORT_DEFAULTS } from '../../../renderer/contract/export.ts'
import type { ExportFileType, ExportFillerType } from '../../../renderer/contract/export.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'

export { modelKey }
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { exportColumns, type ExportColumn } from './export-columns.ts'
import {
  readScreenColumns,
  SCREEN_COLUMNS_PARAM,
  screenExportColumns,
  type ScreenColumn,
} from './screen-columns.ts'

export interface ExportOptions {
  columnIds: number[]
  /** The screen's columns (exportColumns), kept so a task writes them again; absent: the model's fields. */
  screenColumns?: ScreenColumn[]
  fileType: ExportFileType
  fillerType: ExportFillerType
  /** Without extension; the server adds .xlsx or .csv. */
  fileName: string
  singleSheetMaxRow: number
  singleExcelMaxSheetNum: number
  async: boolean
}

/** What a task keeps to run (again) without the request that submitted it. */
export interface ExportRequest {
  /** `<service>/<entity>` of the model. */
  model: string
  options: ExportOptions
  /** The page's filters and sort, as the list endpoint reads them. */
  query: Record<string, unknown>
  session: Omit<Session, 'tokenHash'>
}

/** Parameters of the export itself; everything else in the query is the page's filters. */
export const EXPORT_PARAMS = [
  'exportType',
  'ids',
  'fileType',
  'fillerType',
  'fileName',
  'singleSheetMaxRow',
  'singleExcelMaxSheetNum',
  'async',
  'page',
  'size',
  SCREEN_COLUMNS_PARAM,
] as const

const FILE_TYPES: Record<string, ExportFileType> = {
  excel2007: 'EXCEL2007',
  xlsx: 'EXCEL2007',
  csv: 'CSV',
}

const invalid = (param: string, message: string) => badRequest(message, { [param]: message })

function integerParam(query: Record<string, unknown>, name: string, fallback: number): number {
  const raw = query[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value)) throw invalid(name, `${name} must be a whole number, got '${String(raw)}'.`)
  return value
}

function columnIdsOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === '' ? [] : [raw]
  return list
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter(Boolean)
}

/** Strips characters no file system or header accepts; keeps letters of every script. */
export function safeFileName(name: string): string {
  return (
    name
      .replace(/\.(xlsx|csv)$/i, '')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
      .trim()
      .slice(0, 120)
  )
}

/** The columns a request exports from: the screen's when it sends them, else the model's fields. */
export function offeredColumns(model: ModelSchema, screen: ScreenColumn[] | undefined): ExportColumn[] {
  return screen ? screenExportColumns(model, screen) : exportColumns(model)
}

export function readExportOptions(model: ModelSchema, query: Record<string, unknown>): ExportOptions {
  const screenColumns = readScreenColumns(query[SCREEN_COLUMNS_PARAM])
  const known = new Map(offeredColumns(model, screenColumns).map((column) => [column.id, column]))
  const ids = columnIdsOf(query.ids)
  if (!ids.length) {
    throw invalid(
      'ids',
      'Choose at least one column to export: send ids=<column id> for each column (see exportType=COLUMN).',
    )
  }
  const columnIds = ids.map((id) => {
    const number = Number(id)
    if (!Number.isInteger(number) || !known.has(number)) {
      throw invalid(
        'ids',
        `Unknown column id '${id}' for ${model.entity}: use the ids of exportType=COLUMN (${[...known.keys()].join(', ')}).`,
      )
    }
    return number
  })
  const rawType = String(query.fileType ?? 'EXCEL2007')
  const fileType = FILE_TYPES[rawType.toLowerCase()]
  if (!fileType) throw invalid('fileType', `Unknown fileType '${rawType}': use EXCEL2007 (xlsx) or CSV.`)
  const fillerType = String(query.fillerType ?? EXPORT_DEFAULTS.fillerType)
  if (fillerType !== 'single-sheet') {
    throw invalid(
      'fillerType',
      fillerType === 'multi-sheet'
        ? `fillerType multi-sheet puts child rows on their own sheets, but ${model.entity} has no child rows: use single-sheet.`
        : `Unknown fillerType '${fillerType}': use single-sheet.`,
    )
  }
  const singleSheetMaxRow = integerParam(query, 'singleSheetMaxRow', EXPORT_DEFAULTS.singleSheetMaxRow)
  if (singleSheetMaxRow < 1 || singleSheetMaxRow > MAX_SHEET_ROWS) {
    throw invalid(
      'singleSheetMaxRow',
      `singleSheetMaxRow must be from 1 to ${MAX_SHEET_ROWS} (an Excel sheet holds ${MAX_SHEET_ROWS + 1} rows, one is the header), got ${singleSheetMaxRow}.`,
    )
  }
  const singleExcelMaxSheetNum = integerParam(
    query,
    'singleExcelMaxSheetNum',
    EXPORT_DEFAULTS.singleExcelMaxSheetNum,
  )
  if (singleExcelMaxSheetNum < 1) {
    throw invalid(
      'singleExcelMaxSheetNum',
      `singleExcelMaxSheetNum must be at least 1, got ${singleExcelMaxSheetNum}.`,
    )
  }
  const rawAsync = String(query.async ?? 'false')
  if (rawAsync !== 'true' && rawAsync !== 'false') {
    throw invalid('async', `async must be true or false, got '${rawAsync}'.`)
  }
  const fileName = safeFileName(String(query.fileName ?? '')) || model.entity
  return {
    columnIds,
    ...(screenColumns ? { screenColumns } : {}),
    fileType,
    fillerType: 'single-sheet',
    fileName,
    singleSheetMaxRow,
    singleExcelMaxSheetNum,
    async: rawAsync === 'true',
  }
}

/** The chosen columns in the order the client listed them. */
export function chosenColumns(model: ModelSchema, options: ExportOptions): ExportColumn[] {
  const byId = new Map(offeredColumns(model, options.screenColumns).map((column) => [column.id, column]))
  return options.columnIds.map((id) => byId.get(id)).filter((c): c is ExportColumn => !!c)
}

/** The page's filters and sort: the query without the export's own parameters. */
export function filtersOf(query: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...query }
  for (const name of EXPORT_PARAMS) delete rest[name]
  return rest
}

/** A sheet file must hold every row (CSV has no sheets, so no limit). */
export function checkCapacity(options: ExportOptions, total: number): void {
  if (options.fileType === 'CSV') return
  const capacity = options.singleSheetMaxRow * options.singleExcelMaxSheetNum
  if (total > capacity) {
    const n = (value: number) => value.toLocaleString('en-US')
    throw badRequest(
      `${n(total)} rows match, but ${n(options.singleExcelMaxSheetNum)} sheets × ${n(options.singleSheetMaxRow)} rows hold only ${n(capacity)}: ` +
        'raise the rows per sheet or the sheets per file, choose CSV, or narrow the search.',
      { singleExcelMaxSheetNum: `at most ${n(capacity)} rows fit` },
    )
  }
}

export const FILE_EXTENSION: Record<ExportFileType, string> = { EXCEL2007: 'xlsx', CSV: 'csv' }
export const CONTENT_TYPE: Record<ExportFileType, string> = {
  EXCEL2007: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  CSV: 'text/csv; charset=utf-8',
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987), e.g. 仓库.xlsx. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
