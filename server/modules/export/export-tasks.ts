/**
 * The export task rows (migration 0004) and their wire shape (CORE-DATA-14). State changes are single
 * conditional UPDATEs (`where state = 'DOING'`), so a cancel and the worker's finish cannot overwrite each
 * other: whichever comes first wins, the other changes nothing.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Selectable } from 'kysely'
import type { ExportTask, ExportTaskState } from '../../../renderer/contract/export.ts'
import type { Page } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'
import { nextCode } from '../hpfm/code-rules.ts'
import type { ExportRequest } from './export-options.ts'
import type { ExportTaskTable } from './task-table.ts'
import './task-table.ts'
import { pageOf } from '../../paging.ts'
import { escapeLike } from '../../like.ts'

export const TASK_CODE_RULE = 'HPFM.EXPORT_TASK'
export const INTERRUPTED_BY_RESTART = 'interrupted by a server restart'
export const INTERRUPTED_BY_SHUTDOWN = 'interrupted by a server shutdown'

const now = sql<string>`localtimestamp(0)`

type TaskRow = Selectable<ExportTaskTable>

/** Inserts a DOING task for `request`; answers its uuid and code. */
export async function createTask(
  db: Db,
  request: ExportRequest,
  names: { taskName: string; serviceName: string },
): Promise<{ uuid: string; taskCode: string }> {
  const uuid = randomUUID()
  const taskCode = await nextCode(db, request.session.tenantId, TASK_CODE_RULE)
  await db
    .insertInto('hpfmExportTask')
    .values({
      uuid,
      taskCode,
      taskName: names.taskName,
      serviceName: names.serviceName,
      tenantId: request.session.tenantId,
      userId: request.session.userId,
      state: 'DOING',
      request: JSON.stringify(request),
      totalCount: null,
      fileKey: null,
      fileName: null,
      fileType: null,
      fileSize: null,
      errorInfo: null,
      startDateTime: null,
      endDateTime: null,
    })
    .execute()
  return { uuid, taskCode }
}

export const taskByUuid = (db: Db, uuid: string) =>
  db.selectFrom('hpfmExportTask').selectAll().where('uuid', '=', uuid).executeTakeFirst()

/** The download path of a finished task, as service prefix + path (the client adds /api). */
export const downloadPath = (tenantId: number, uuid: string) =>
  `/hpfm/v1/${tenantId}/export-task/${uuid}/file`

export function toWireTask(row: TaskRow): ExportTask {
  return {
    taskId: row.taskId,
    uuid: row.uuid,
    taskCode: row.taskCode,
    taskName: row.taskName,
    serviceName: row.serviceName,
    state: row.state,
    errorInfo: row.errorInfo,
    downloadUrl: row.state === 'DONE' && row.fileKey ? downloadPath(row.tenantId, row.uuid) : null,
    endDateTime: row.endDateTime,
    creationDate: row.creationDate,
    totalCount: row.totalCount,
    doneCount: row.doneCount,
    fileName: row.fileName,
    userId: row.userId,
  }
}

export interface TaskFilters {
  taskCode?: string
  taskName?: string
  state?: ExportTaskState
  page: number
  size: number
}

/** A page of a tenant's tasks (one user's when `userId` is given), newest first. */
export async function listTasks(
  db: Db,
  owner: { tenantId: number; userId?: number },
  filters: TaskFilters,
): Promise<Page<ExportTask>> {
  let base = db.selectFrom('hpfmExportTask').where('tenantId', '=', owner.tenantId)
  if (owner.userId !== undefined) base = base.where('userId', '=', owner.userId)
  if (filters.taskCode) base = base.where('taskCode', 'ilike', `%${escapeLike(filters.taskCode)}%`)
  if (filters.taskName) base = base.where('taskName', 'ilike', `%${escapeLike(filters.taskName)}%`)
  if (filters.state) base = base.where('state', '=', filters.state)
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const totalElements = Number(counted?.total ?? 0)
  const rows = await base
    .selectAll()
    .orderBy('taskId', 'desc')
    .limit(filters.size)
    .offset(filters.page * filters.size)
    .execute()
  return pageOf(rows.map(toWireTask), totalElements, filters.page, filters.size)
}

/** DOING → CANCELLED; answers whether it changed (false: not DOING any more, or not this owner's). */
export async function cancelTask(db: Db, owner: { tenantId: number; userId: number }, taskCode: string) {
  const result = await db
    .updateTable('hpfmExportTask')
    .set({ state: 'CANCELLED', endDateTime: now, lastUpdateDate: now })
    .where('tenantId', '=', owner.tenantId)
    .where('userId', '=', owner.userId)
    .where('taskCode', '=', taskCode)
    .where('state', '=', 'DOING')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Progress of a running task; false when it is no longer DOING (cancelled meanwhile). */
export async function recordProgress(db: Db, uuid: string, doneCount: number, totalCount?: number) {
  const result = await db
    .updateTable('hpfmExportTask')
    .set({
      doneCount,
      lastUpdateDate: now,
      ...(totalCount !== undefined ? { totalCount, startDateTime: now } : {}),
    })
    .where('uuid', '=', uuid)
    .where('state', '=', 'DOING')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** DOING → DONE with its file; false when the task was cancelled first. */
export async function finishTask(
  db: Db,
  uuid: string,
  file: { fileKey: string; fileName: string; fileType: string; fileSize: number; doneCount: number },
) {
  const result = await db
    .updateTable('hpfmExportTask')
    .set({ ...file, state: 'DONE', endDateTime: now, lastUpdateDate: now })
    .where('uuid', '=', uuid)
    .where('state', '=', 'DOING')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** DOING → FAILED with the reason the user reads in the error-info drawer (CORE-EXP-21). */
export async function failTask(db: Db, uuid: string, errorInfo: string) {
  await db
    .updateTable('hpfmExportTask')
    .set({ state: 'FAILED', errorInfo, endDateTime: now, lastUpdateDate: now })
    .where('uuid', '=', uuid)
    .where('state', '=', 'DOING')
    .execute()
}

/** At start: no worker runs any task yet, so every DOING task was cut off by a restart. */
export async function failInterrupted(db: Db): Promise<number> {
  const result = await db
    .updateTable('hpfmExportTask')
    .set({ state: 'FAILED', errorInfo: INTERRUPTED_BY_RESTART, endDateTime: now, lastUpdateDate: now })
    .where('state', '=', 'DOING')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
