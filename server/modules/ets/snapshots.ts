/**
 * Delivery progress snapshots: per store, today's planned deliveries, how many arrived, how many are delayed
 * and the on-time rate (arrived on or before the planned date). Taking it again the same day replaces it.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'

export async function takeProgressSnapshot(
  db: Db,
  session: Session,
): Promise<{ stores: number; snapshotDate: string }> {
  const today = (await sql<{ d: string }>`select current_date::text as d`.execute(db)).rows[0]!.d
  await sql`delete from ets_delivery_progress_snapshot where tenant_id = ${session.tenantId} and snapshot_date = ${today}`.execute(
    db,
  )
  const inserted =
    await sql`insert into ets_delivery_progress_snapshot (tenant_id, snapshot_date, store_code, planned_count,
      arrived_count, delayed_count, on_time_rate, created_by, last_updated_by)
    select tenant_id, ${today}::date, store_code, count(*),
      count(*) filter (where progress_status = 'ARRIVED'),
      count(*) filter (where progress_status = 'DELAYED' or (progress_status <> 'ARRIVED' and planned_date < current_date)),
      round(100.0 * count(*) filter (where progress_status = 'ARRIVED' and actual_date <= planned_date) / count(*), 1),
      ${session.userId}, ${session.userId}
    from ets_delivery_progress where tenant_id = ${session.tenantId}
    group by tenant_id, store_code`.execute(db)
  return { stores: Number(inserted.numAffectedRows ?? 0), snapshotDate: today }
}
