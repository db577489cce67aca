/**
 * Replenishment on a schedule (issue 19): the scheduler's job type REPLENISHMENT (hsdr/job-info, value set
 * HSDR.JOB_TYPE) runs the same generate as the clerk's "Generate tasks" (replenishment.ts) for each warehouse
 * of the tenant that has an enabled rule — or the warehouses its parameter `warehouseCodes` names — each in its
 * own transaction, as the user who last saved the job, with all data (a job is the tenant's, not a clerk's).
 * A warehouse with nothing to replenish (or no reserve) is reported, not a failure; an unknown warehouse code
 * fails the run naming it. A pick location with an open task gets no second one (replenishment.ts).
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { generateReplenishment } from './replenishment.ts'

export interface ReplenishmentJobContext {
  db: Db
  models: ModelSchema[]
  tenantId: number
  params: Record<string, unknown>
  /** The user the job runs as (who last saved it): the tasks' creator. */
  userId: number
}

/** The session of a scheduled run: the job's user in the tenant, every row of it visible. */
const jobSession = (tenantId: number, userId: number): Session => ({
  userId,
  tenantId,
  roleId: 0,
  roleCode: 'scheduler',
  roleLevel: 'organization',
  language: 'en_US',
  tokenHash: '',
  dataUnrestricted: true,
})

export async function replenishmentJob({
  db,
  models,
  tenantId,
  params,
  userId,
}: ReplenishmentJobContext): Promise<string> {
  const warehouse = models.find((m) => m.service === 'wms' && m.entity === 'warehouse')
  const task = models.find((m) => m.service === 'wms' && m.entity === 'stockReplacement')
  if (!warehouse || !task)
    throw new Error('models wms/warehouse and wms/stockReplacement are not loaded: fix their model files')
  const codes = params.warehouseCodes
  if (
    codes !== undefined &&
    (!Array.isArray(codes) || !codes.length || codes.some((code) => typeof code !== 'string'))
  )
    throw new Error(
      'parameter "warehouseCodes" must be a list of warehouse codes, e.g. {"warehouseCodes": ["WH01"]}, or left out for every warehouse with a replenishment rule',
    )
  const { rows } = await sql<{ warehouseId: number; warehouseCode: string }>`
    select w.warehouse_id, w.warehouse_code from wmdm_warehouse w
    where w.tenant_id = ${tenantId}
      and ${
        codes
          ? sql`w.warehouse_code in (${sql.join(codes as string[])})`
          : sql`exists (select 1 from winv_replenishment_rule r where r.tenant_id = w.tenant_id
            and r.warehouse_id = w.warehouse_id and r.enabled_flag = 1)`
      }
    order by w.warehouse_code`.execute(db)
  const missing = ((codes as string[] | undefined) ?? []).filter(
    (code) => !rows.some((row) => row.warehouseCode === code),
  )
  if (missing.length)
    throw new Error(
      `unknown warehouse code(s) ${missing.join(', ')} in parameter "warehouseCodes": use codes of /wmdm/warehouse`,
    )
  const session = jobSession(tenantId, userId)
  const lines: string[] = []
  let created = 0
  for (const row of rows) {
    try {
      const answer = await db
        .transaction()
        .execute((trx) => generateReplenishment(trx, { warehouse, task }, session, Number(row.warehouseId)))
      created += answer.created
      lines.push(`${row.warehouseCode}: ${answer.message}`)
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error
      lines.push(`${row.warehouseCode}: ${error.message}`)
    }
  }
  return `${created} replenishment task(s) created in ${rows.length} warehouse(s)${lines.length ? `. ${lines.join(' | ')}` : ''}`
}
