/**
 * Kysely type of the export task table (migration 0004), merged into the app's Database interface so every
 * `app.db` query on it is typed. Kept beside the module that owns the table.
 */
import type { ColumnType, Generated } from 'kysely'
import type { ExportTaskState } from '../../../renderer/contract/export.ts'
import type { Json } from '../../db/schema.ts'
import type { ExportRequest } from './export-options.ts'

type Timestamp = ColumnType<string, string | undefined, string>

export interface ExportTaskTable {
  taskId: Generated<number>
  uuid: string
  taskCode: string
  taskName: string
  serviceName: string
  tenantId: number
  userId: number
  state: ExportTaskState
  /** Everything a run needs (model, options, filters, the submitter's scope): a task can run again. */
  request: Json<ExportRequest>
  totalCount: number | null
  doneCount: Generated<number>
  fileKey: string | null
  fileName: string | null
  fileType: string | null
  fileSize: number | null
  errorInfo: string | null
  creationDate: Generated<string>
  startDateTime: Timestamp | null
  endDateTime: Timestamp | null
  lastUpdateDate: Generated<string>
}

declare module '../../db/schema.ts' {
  interface Database {
    hpfmExportTask: ExportTaskTable
  }
}
