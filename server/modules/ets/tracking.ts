/** The express query: shipments found by waybill or order number with their tracking timeline, newest first. */
import { sql } from 'kysely'
import type { TrackEvent, TrackedShipment, TrackResult } from '../../../renderer/contract/ets.ts'
import type { Db } from '../../db/schema.ts'

/** `full` adds order and receiver details (signed-in users); the public query gets status and timeline only. */
export async function trackShipments(
  db: Db,
  tenantId: number,
  numbers: string[],
  full: boolean,
): Promise<TrackResult> {
  const shipments = await sql<TrackedShipment & { shipmentId: number }>`
    select shipment_id, waybill_num, order_num, carrier_code, shipment_status, shipped_at, signed_at, province, city,
      receiver_name
    from ets_shipment
    where tenant_id = ${tenantId} and (waybill_num in (${sql.join(numbers)}) or order_num in (${sql.join(numbers)}))
    order by shipped_at desc limit 50`.execute(db)
  const ids = shipments.rows.map((s) => s.shipmentId)
  const events = ids.length
    ? await sql<TrackEvent & { shipmentId: number }>`
        select shipment_id, event_time, event_status, location, description from ets_track_event
        where tenant_id = ${tenantId} and shipment_id in (${sql.join(ids)})
        order by event_time desc, track_event_id desc`.execute(db)
    : { rows: [] }
  const found = shipments.rows.map(({ shipmentId, orderNum, receiverName, province, city, ...rest }) => ({
    ...rest,
    ...(full ? { orderNum, receiverName, province, city } : {}),
    events: events.rows
      .filter((e) => e.shipmentId === shipmentId)
      .map(({ shipmentId: _id, ...event }) => event),
  }))
  const matched = new Set(shipments.rows.flatMap((s) => [s.waybillNum, s.orderNum]))
  return { found, notFound: numbers.filter((n) => !matched.has(n)) }
}
