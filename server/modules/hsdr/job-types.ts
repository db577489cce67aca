/**
 * The built-in job types (value set HSDR.JOB_TYPE): what a scheduled job, a concurrent program or a request-set
 * step runs. Each reads its parameters (JSON object), works within one tenant and answers a message for the
 * log; a thrown error is the failure message. An unknown type is refused, never skipped.
 */
import { sql } from 'kysely'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { suggestName } from '../../../renderer/schema/suggest.ts'
import type { Db } from '../../db/schema.ts'
import type { FileStore } from '../hfle/file-store.ts'
import { modelDb } from '../models/model-scope.ts'
import { replenishmentJob } from '../winv/replenishment-job.ts'
import { wireDateTime } from './clock.ts'

export interface JobContext {
  db: Db
  files: FileStore
  models: ModelSchema[]
  tenantId: number
  params: Record<string, unknown>
  now: Date
  /** The user the job runs as (who last saved it; 0 when unknown): what it creates carries this user. */
  userId?: number
}

type JobType = (context: JobContext) => Promise<string>

function days(params: Record<string, unknown>, fallback: number): number {
  const value = params.days ?? fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 3650)
    throw new Error(
      `parameter "days" must be a whole number of days from 0 to 3650 (got ${JSON.stringify(value)})`,
    )
  return value
}

function before(now: Date, dayCount: number): string {
  return wireDateTime(new Date(now.getTime() - dayCount * 24 * 3600 * 1000))
}

/** Removes the files of finished exports older than `days` (default 7); the task rows stay, marked. */
const cleanExportFiles: JobType = async ({ db, files, tenantId, params, now }) => {
  const limit = before(now, days(params, 7))
  const tasks = await modelDb(db)
    .selectFrom('hpfm_export_task')
    .select(['taskId', 'fileKey'])
    .where('tenantId', '=', tenantId)
    .where('fileKey', 'is not', null)
    .where('endDateTime', '<', limit)
    .execute()
  for (const task of tasks) {
    await files.remove(String(task.fileKey))
    await modelDb(db)
      .updateTable('hpfm_export_task')
      .set({ fileKey: null, errorInfo: `file removed after it expired (finished before ${limit})` })
      .where('taskId', '=', task.taskId as number)
      .execute()
  }
  return `removed ${tasks.length} export file(s) finished before ${limit}`
}

/** Counts the rows of the named models in the tenant: a snapshot of e.g. stock or order volumes. */
const modelSnapshot: JobType = async ({ db, models, tenantId, params }) => {
  const names = params.models
  if (!Array.isArray(names) || !names.length || names.some((name) => typeof name !== 'string'))
    throw new Error('parameter "models" must be a list of model names, e.g. {"models": ["wms/warehouse"]}')
  const counts: Record<string, number> = {}
  for (const name of names as string[]) {
    const model = models.find((m) => modelKey(m) === name)
    if (!model)
      throw new Error(
        `unknown model '${name}': name a model by its file's name: ${suggestName(name, models.map(modelKey), 'known models')}`,
      )
    let query = modelDb(db)
      .selectFrom(model.table)
      .select(sql<number>`count(*)`.as('count'))
    if (model.tenantScoped !== false) query = query.where('tenantId', '=', tenantId)
    const row = await query.executeTakeFirst()
    counts[name] = Number(row?.count ?? 0)
  }
  return `snapshot ${JSON.stringify(counts)}`
}

/**
 * Records the tenant's stock as it is now into winv_stock_snapshot (/winv/stock-snapshot): one row per warehouse
 * and goods with on hand, reserved and locked summed over its balances, all rows with the run's time. Parameter
 * "warehouseCodes" (optional list) limits it to those warehouses; an unknown code fails the run naming it.
 */
const stockSnapshot: JobType = async ({ db, tenantId, params, now }) => {
  const codes = params.warehouseCodes
  if (
    codes !== undefined &&
    (!Array.isArray(codes) || !codes.length || codes.some((code) => typeof code !== 'string'))
  )
    throw new Error(
      'parameter "warehouseCodes" must be a list of warehouse codes, e.g. {"warehouseCodes": ["WH01"]}, or left out for every warehouse',
    )
  let warehouseIds: number[] | null = null
  if (codes) {
    const found = await modelDb(db)
      .selectFrom('wmdm_warehouse')
      .select(['warehouseId', 'warehouseCode'])
      .where('tenantId', '=', tenantId)
      .where('warehouseCode', 'in', codes as string[])
      .execute()
    const missing = (codes as string[]).filter((code) => !found.some((row) => row.warehouseCode === code))
    if (missing.length)
      throw new Error(
        `unknown warehouse code(s) ${missing.join(', ')} in parameter "warehouseCodes": use codes of /wmdm/warehouse`,
      )
    warehouseIds = found.map((row) => Number(row.warehouseId))
  }
  const time = wireDateTime(now)
  const result =
    await sql`insert into winv_stock_snapshot (tenant_id, snapshot_time, warehouse_id, warehouse_code,
      warehouse_name, goods_id, goods_code, goods_name, quantity, reserved_quantity, locked_quantity, balance_count)
    select s.tenant_id, ${time}::timestamp, s.warehouse_id, max(w.warehouse_code), max(w.warehouse_name), s.goods_id,
      max(g.goods_code), max(g.goods_name), sum(s.quantity), sum(s.reserved_quantity), sum(s.locked_quantity),
      count(*)
    from winv_stock s
      left join wmdm_warehouse w on w.warehouse_id = s.warehouse_id
      left join wmdm_goods g on g.goods_id = s.goods_id
    where s.tenant_id = ${tenantId}
      ${warehouseIds ? sql`and s.warehouse_id in (${sql.join(warehouseIds.length ? warehouseIds : [-1])})` : sql``}
    group by s.tenant_id, s.warehouse_id, s.goods_id`.execute(db)
  return `stock snapshot at ${time}: ${Number(result.numAffectedRows ?? 0)} warehouse/goods row(s) recorded`
}

/** Deletes the tenant's job logs older than `days` (default 30). */
const cleanJobLogs: JobType = async ({ db, tenantId, params, now }) => {
  const limit = before(now, days(params, 30))
  const result = await modelDb(db)
    .deleteFrom('hsdr_job_log')
    .where('tenantId', '=', tenantId)
    .where('startTime', '<', limit)
    .executeTakeFirst()
  return `deleted ${Number(result.numDeletedRows)} job log(s) started before ${limit}`
}

/** Generates replenishment tasks from the min/max rules (winv/replenishment-job.ts). */
const replenishment: JobType = (context) => replenishmentJob({ ...context, userId: context.userId ?? 0 })

export const JOB_TYPES: Record<string, JobType> = {
  CLEAN_EXPORT_FILES: cleanExportFiles,
  REPLENISHMENT: replenishment,
  MODEL_SNAPSHOT: modelSnapshot,
  STOCK_SNAPSHOT: stockSnapshot,
  CLEAN_JOB_LOGS: cleanJobLogs,
}

/** The parameters as an object; a text that is not a JSON object is an error naming the fix. */
export function parseParams(text: unknown): Record<string, unknown> {
  if (text === null || text === undefined || text === '') return {}
  let value: unknown
  try {
    value = JSON.parse(String(text))
  } catch (error) {
    throw new Error(
      `parameters are not valid JSON (${(error as Error).message}): write an object such as {"days": 7}`,
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('parameters must be a JSON object such as {"days": 7}')
  return value as Record<string, unknown>
}

/** Runs a job type; unknown types fail with the list of known ones. */
export async function runJobType(type: string, context: JobContext): Promise<string> {
  const run = JOB_TYPES[type]
  if (!run) throw new Error(`unknown job type '${type}': use one of ${Object.keys(JOB_TYPES).join(', ')}`)
  return run(context)
}
