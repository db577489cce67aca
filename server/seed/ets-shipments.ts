/**
 * Demo shipments of tenant 1 for the logistics screens: 240 parcels shipped over the three weeks before the
 * seed ran, from the five logistics warehouses to the twelve stores, each with the tracking events of the steps
 * it went through (deterministic: the same seed gives the same parcels, dated relative to the seed's day).
 */
import { sql } from 'kysely'
import type { Db } from '../db/schema.ts'

const carriers = ['SF', 'ZTO', 'YTO', 'STO', 'YD', 'JD', 'EMS']
const outcome = [
  'SIGNED',
  'SIGNED',
  'SIGNED',
  'SIGNED',
  'DELIVERING',
  'IN_TRANSIT',
  'SIGNED',
  'EXCEPTION',
  'SIGNED',
  'RETURNED',
  'SHIPPED',
  'SIGNED',
]
const steps: Record<string, string[]> = {
  SHIPPED: [],
  IN_TRANSIT: ['IN_TRANSIT'],
  DELIVERING: ['IN_TRANSIT', 'DELIVERING'],
  SIGNED: ['IN_TRANSIT', 'DELIVERING', 'SIGNED'],
  EXCEPTION: ['IN_TRANSIT', 'EXCEPTION'],
  RETURNED: ['IN_TRANSIT', 'EXCEPTION', 'RETURNED'],
}
const text: Record<string, string> = {
  IN_TRANSIT: 'Picked up by the carrier',
  DELIVERING: 'Out for delivery',
  SIGNED: 'Signed for by the receiver',
  EXCEPTION: 'Receiver not reachable, delivery failed',
  RETURNED: 'Returned to the sender',
}

export async function seedEtsShipments(db: Db): Promise<void> {
  const stores = await sql<{ storeCode: string; regionCode: string; province: string; city: string }>`
    select store_code, region_code, province, city from ets_store where tenant_id = 1 order by store_code`.execute(
    db,
  )
  const warehouses = await sql<{ warehouseCode: string; city: string }>`
    select warehouse_code, city from ets_warehouse where tenant_id = 1 order by warehouse_code`.execute(db)
  if (!stores.rows.length || !warehouses.rows.length) return
  const day = Date.UTC(2026, 10, 21)
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
  for (let i = 0; i < 240; i++) {
    const store = stores.rows[i % stores.rows.length]!
    const warehouse = warehouses.rows[(i * 3) % warehouses.rows.length]!
    const carrier = carriers[i % carriers.length]!
    const status = outcome[(i * 7) % outcome.length]!
    const shippedMs = day - (21 - (i % 21)) * 86_400_000 + ((i * 37) % 10) * 3_600_000
    const promised = [24, 48, 72][i % 3]!
    const transit = 10 + ((i * 13) % 70)
    const signedMs = shippedMs + transit * 3_600_000
    const waybill = `${carrier}${String(7_000_000_000 + i * 7919).slice(0, 10)}`
    const signed = status === 'SIGNED'
    const inserted = await sql<{
      shipmentId: number
    }>`insert into ets_shipment (tenant_id, waybill_num, order_num,
        carrier_code, shipper_code, warehouse_code, store_code, region_code, province, city, receiver_name, receiver_phone,
        weight_kg, shipped_at, shipped_date, promised_hours, signed_at, transit_hours, signed_flag, on_time_flag,
        shipment_status, last_event, created_by, last_updated_by)
      values (1, ${waybill}, ${`SO${String(2026110000 + i)}`}, ${carrier}, null, ${warehouse.warehouseCode},
        ${store.storeCode}, ${store.regionCode}, ${store.province}, ${store.city}, ${`收件人${i + 1}`},
        ${`139****${String(1000 + i).slice(-4)}`}, ${Math.round((0.5 + (i % 9) * 1.7) * 1000) / 1000},
        ${stamp(shippedMs)}, ${stamp(shippedMs).slice(0, 10)}, ${promised}, ${signed ? stamp(signedMs) : null},
        ${signed ? transit : null}, ${signed ? 1 : 0}, ${signed && transit <= promised ? 1 : 0}, ${status},
        ${steps[status]!.length ? text[steps[status]!.at(-1)!]! : null}, 1, 1)
      returning shipment_id`.execute(db)
    const shipmentId = inserted.rows[0]!.shipmentId
    const path = steps[status]!
    for (const [k, step] of path.entries()) {
      const at = shippedMs + ((k + 1) / path.length) * (signed ? transit : 24) * 3_600_000
      await sql`insert into ets_track_event (tenant_id, waybill_num, shipment_id, event_time, event_status, location,
          description, operator_name, created_by, last_updated_by)
        values (1, ${waybill}, ${shipmentId}, ${stamp(at)}, ${step}, ${step === 'IN_TRANSIT' ? warehouse.city : store.city},
          ${text[step]!}, ${`${carrier} courier`}, 1, 1)`.execute(db)
    }
  }
}
