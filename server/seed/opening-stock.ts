/**
 * Opening stock of the demo warehouses, booked through the stock ledger (document type OPENING) so balances
 * and the transaction log agree from the first start: every goods of tenant 1 at two storage pallets and one
 * picking shelf of WH-E001, and half of them in WH-E002; batch-tracked goods in one batch; serial-tracked goods
 * with one IN_STOCK serial unit per unit on hand (SN-<goods>-<location id>-<n>, logged as OPENING), so they
 * can be picked by serial number like received ones.
 */
import { sql } from 'kysely'
import type { Db } from '../db/schema.ts'
import { moveStock } from '../modules/stock/ledger.ts'
import { changeSerials } from '../modules/winv/serials.ts'
import { seedSession } from './demo-data.ts'

export async function seedOpeningStock(db: Db): Promise<void> {
  const session = seedSession(1, 1, 2, 'tenant-admin')
  const goods = await sql<{
    goodsId: number
    goodsCode: string
    ownerId: number
    batchManagedFlag: number
    serialManagedFlag: number
  }>`
    select goods_id, goods_code, owner_id, batch_managed_flag, serial_managed_flag from wmdm_goods where tenant_id = 1 order by goods_id`.execute(
    db,
  )
  const locations = await sql<{ locationId: number; warehouseId: number; locationCode: string }>`
    select l.location_id, l.warehouse_id, l.location_code from wmdm_location l
    join wmdm_warehouse w on w.warehouse_id = l.warehouse_id
    where l.tenant_id = 1 and w.warehouse_code in ('WH-E001', 'WH-E002') order by l.location_id`.execute(db)
  const at = (warehouseIndex: number, prefix: string) => {
    const warehouses = [...new Set(locations.rows.map((l) => l.warehouseId))]
    return locations.rows.filter(
      (l) => l.warehouseId === warehouses[warehouseIndex] && l.locationCode.startsWith(prefix),
    )
  }
  for (const [warehouseIndex, share] of [
    [0, 1],
    [1, 2],
  ] as const) {
    const pallets = at(warehouseIndex, 'A')
    const shelves = at(warehouseIndex, 'P')
    if (!pallets.length || !shelves.length) continue
    for (const [i, item] of goods.rows.entries()) {
      if (i % share) continue
      const batchCode = item.batchManagedFlag ? 'B20261101' : ''
      const places = [
        pallets[i % pallets.length]!,
        pallets[(i + 5) % pallets.length]!,
        shelves[i % shelves.length]!,
      ]
      for (const [p, place] of places.entries()) {
        const quantity = p === 2 ? 40 + (i % 5) * 10 : 100 + ((i * 37) % 400)
        const balance = await moveStock(db, session, {
          warehouseId: place.warehouseId,
          locationId: place.locationId,
          ownerId: item.ownerId,
          goodsId: item.goodsId,
          batchCode,
          quantity,
          docType: 'OPENING',
          docNum: 'OPENING-2026',
          reason: 'Opening balance of the demo data',
        })
        if (item.serialManagedFlag)
          await openingSerials(db, session, item, place, batchCode, balance.quantity - quantity, quantity)
      }
    }
  }
}

/** The serial units of an opening move: numbered on from the `before` units already at the place. */
async function openingSerials(
  db: Db,
  session: ReturnType<typeof seedSession>,
  item: { goodsId: number; goodsCode: string; ownerId: number },
  place: { locationId: number; warehouseId: number },
  batchCode: string,
  before: number,
  quantity: number,
): Promise<void> {
  const created = await sql<{
    serialNumberId: number
  }>`insert into winv_serial_number (tenant_id, serial_number,
      goods_id, goods_code, warehouse_id, owner_id, location_id, batch_code, serial_status, created_by, last_updated_by)
    select ${session.tenantId}, ${`SN-${item.goodsCode}-${place.locationId}-`} || lpad(n::text, 4, '0'),
      ${item.goodsId}, ${item.goodsCode}, ${place.warehouseId}, ${item.ownerId}, ${place.locationId}, ${batchCode},
      'IN_STOCK', ${session.userId}, ${session.userId}
    from generate_series(${Math.floor(before) + 1}::int, ${Math.floor(before + quantity)}::int) n
    returning serial_number_id`.execute(db)
  await changeSerials(
    db,
    session,
    created.rows.map((r) => Number(r.serialNumberId)),
    'IN_STOCK',
    { docType: 'OPENING', docId: 0, docNum: 'OPENING-2026' },
    {},
    true,
  )
}
