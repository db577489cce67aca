/**
 * Serial-tracked units (wms/serialNumber) and their history (wms/serialTransaction). Every status or place
 * change of a unit goes through `changeSerials`, called by the document's effect inside its transaction, so the
 * unit, its log row and the stock move commit or roll back together. Status path:
 *
 *   (none) ─inbound receive─► IN_STOCK ─outbound pick─► PICKED ─ship─► SHIPPED ─outbound return─► IN_STOCK
 *   PICKED ─cancel / intercept─► IN_STOCK;  IN_STOCK ─inbound returnGoods─► RETURNED
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'

export interface SerialDoc {
  docType: string
  docId: number
  docNum: string
}

/** What else changes with the status: the place, and the outbound order holding a PICKED / SHIPPED unit. */
export interface SerialChange {
  locationId?: number
  outboundOrderId?: number | null
  outboundOrderNum?: string | null
}

/**
 * Moves the units `ids` to `toStatus` (fromStatus of the log = each unit's status before, null for a unit
 * just created) and writes one log row per unit. Returns how many units changed.
 */
export async function changeSerials(
  db: Db,
  session: Session,
  ids: number[],
  toStatus: string,
  doc: SerialDoc,
  change: SerialChange = {},
  fromNothing = false,
): Promise<number> {
  if (!ids.length) return 0
  const rows = await sql`insert into winv_serial_transaction (tenant_id, serial_number, goods_id, goods_code,
      warehouse_id, owner_id, location_id, batch_code, from_status, to_status, doc_type, doc_id, doc_num,
      operator_id, operator_name, transaction_date, created_by, last_updated_by)
    select s.tenant_id, s.serial_number, s.goods_id, s.goods_code, s.warehouse_id, s.owner_id,
      coalesce(${change.locationId ?? null}::bigint, s.location_id), s.batch_code,
      ${fromNothing ? null : sql`s.serial_status`}, ${toStatus}, ${doc.docType}, ${doc.docId}, ${doc.docNum},
      ${session.userId}, (select real_name from iam_user where id = ${session.userId}), localtimestamp(0),
      ${session.userId}, ${session.userId}
    from winv_serial_number s where s.tenant_id = ${session.tenantId} and s.serial_number_id in (${sql.join(ids)})`.execute(
    db,
  )
  const set = [
    sql`serial_status = ${toStatus}`,
    sql`object_version_number = object_version_number + 1`,
    sql`last_updated_by = ${session.userId}`,
    sql`last_update_date = localtimestamp(0)`,
  ]
  if (change.locationId !== undefined) set.push(sql`location_id = ${change.locationId}`)
  if (change.outboundOrderId !== undefined) set.push(sql`outbound_order_id = ${change.outboundOrderId}`)
  if (change.outboundOrderNum !== undefined) set.push(sql`outbound_order_num = ${change.outboundOrderNum}`)
  await sql`update winv_serial_number set ${sql.join(set)}
    where tenant_id = ${session.tenantId} and serial_number_id in (${sql.join(ids)})`.execute(db)
  return Number(rows.numAffectedRows ?? 0)
}

/** The ids of the units matching `where` (locked, so two documents cannot take the same unit). */
export async function serialIds(db: Db, tenantId: number, where: ReturnType<typeof sql>): Promise<number[]> {
  const { rows } = await sql<{ serialNumberId: number }>`select serial_number_id from winv_serial_number
    where tenant_id = ${tenantId} and ${where} order by serial_number_id for update`.execute(db)
  return rows.map((r) => Number(r.serialNumberId))
}
