/**
 * Export wire shapes (spec/wire-contract.md "Export"; CORE-DATA-14, CORE-DATA-15) and the limits both sides
 * check (CORE-EXP-04..06). Pure: the server validates with the same constants the dialog shows.
 */

/** Excel 2007+ has 1,048,576 rows per sheet; one is the header row (CORE-EXP-04). */
export const MAX_SHEET_ROWS = 1_048_575
/** Dialog defaults (CORE-EXP-06, CORE-CONST-05). */
export const EXPORT_DEFAULTS = {
  singleSheetMaxRow: MAX_SHEET_ROWS,
  singleExcelMaxSheetNum: 5,
  fillerType: 'single-sheet',
} as const

/** Value-set codes the dialog and the task drawer read (CORE-API-40). */
export const EXPORT_LOOKUPS = {
  fillerType: 'HPFM.EXCEL_EXPORT_TYPE',
  taskState: 'HPFM.ASYNC_TASK_STATE',
} as const

export type ExportFillerType = 'single-sheet' | 'multi-sheet'
/** HZERO names (EXCEL2007, CSV); the server also accepts xlsx and csv. */
export type ExportFileType = 'EXCEL2007' | 'CSV'
export type ExportRequestMode = 'ASYNC' | 'SYNC'

/** A column of the tree the list URL answers to exportType=COLUMN. */
export interface ExportColumnNode {
  id: number
  title: string
  name: string
  parentId: number
  order: number
  type: 'Class' | 'Data'
  checked: boolean
  children?: ExportColumnNode[]
}

/** The root of the column tree, with the export settings the server states (CORE-EXP-07, -08). */
export interface ExportColumnTree extends ExportColumnNode {
  enableAsync: boolean
  defaultRequestMode: ExportRequestMode | null
  allowFillType: ExportFillerType[]
  allowFileType: ExportFileType[]
}

/** Query parameters of exportType=DATA besides the page's own filters. */
export interface ExportDataParams {
  exportType: 'DATA'
  ids: number[]
  fillerType: ExportFillerType
  fileType: ExportFileType
  async: boolean
  fileName: string
  singleSheetMaxRow: number
  singleExcelMaxSheetNum: number
}

/**
 * One column of the screen an export writes (issue 19: an export is the screen's columns, as shown): sent as
 * `exportColumns=<JSON array>` with exportType=COLUMN and =DATA, in the screen's order, titled as the user reads
 * them. A column drawn through a Lov names `lovCode` (and the row's `textField`), so the cell is the referenced
 * record's name; a code shown by its meaning names the value set (`lookupCode`).
 */
export interface ExportScreenColumn {
  field: string
  title: string
  lovCode?: string
  textField?: string
  lookupCode?: string
  /** MulLov: comma-joined keys. */
  multiple?: boolean
}

/** The query parameter carrying the screen's columns (JSON). */
export const EXPORT_COLUMNS_PARAM = 'exportColumns'

/** Async answer (CORE-EXP-12). */
export interface ExportSubmitted {
  uuid: string
}

export type ExportTaskState = 'DOING' | 'DONE' | 'CANCELLED' | 'FAILED'
export const EXPORT_TASK_STATES: ExportTaskState[] = ['DOING', 'DONE', 'CANCELLED', 'FAILED']

/** A row of GET /hpfm/v1/{tenantId}/self/export-task (CORE-DATA-14), plus progress and the owner. */
export interface ExportTask {
  taskId: number
  uuid: string
  taskCode: string
  taskName: string
  serviceName: string
  state: ExportTaskState
  errorInfo: string | null
  /** `/hpfm/v1/{tenantId}/export-task/{uuid}/file` (service prefix + path) when DONE with a file. */
  downloadUrl: string | null
  endDateTime: string | null
  creationDate: string
  totalCount: number | null
  doneCount: number
  fileName: string | null
  userId: number
}
