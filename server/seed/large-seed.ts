/**
 * SEED_SIZE=large (read at seed time): bulk rows for benchmarks, written with set-based SQL (generate_series),
 * never row by row — at scale 1: 20,000 goods, 200,000 stock balances (each goods at 10 storage locations of
 * WH-E001), 1,000,000 stock-ledger rows (5 receipts per balance, adding up to its quantity, so the
 * ledger-equals-balance invariant holds), 50,000 inbound orders in every status with one line each (besides
 * the dealer orders). Goods codes start with LG, order numbers with RKB, ledger documents are BENCH-….
 * The label trigger (server/modules/winv/stock-labels.ts) is bypassed: the labels are written directly.
 * SEED_SCALE (default 1) multiplies every count: e.g. 0.5 gives 10,000 goods and 100,000 balances (the export
 * e2e test's 100,000-row stock screen), 0.01 a quick smoke-sized set.
 */
import { sql } from 'kysely'
import type { Db } from '../db/schema.ts'

export const isLargeSeed = () => process.env.SEED_SIZE === 'large'

/** SEED_SCALE as a number: a positive number up to 10, else a start-up error saying what is accepted. */
export function largeSeedScale(value = process.env.SEED_SCALE): number {
  if (value === undefined || value.trim() === '') return 1
  const scale = Number(value)
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
    throw new Error(`SEED_SCALE must be a number above 0 and at most 10 (e.g. 0.5 or 2), got '${value}'.`)
  }
  return scale
}

export async function seedLarge(db: Db, scale = 1): Promise<void> {
  const goods = Math.max(1, Math.round(20_000 * scale))
  const orders = Math.max(1, Math.round(50_000 * scale))
  const ids = (
    await sql<{ ownerId: number; warehouseId: number; receiving: number }>`select
        (select owner_id from wmdm_owner where tenant_id = 1 and owner_code = 'OWN-A') as owner_id,
        w.warehouse_id,
        (select location_id from wmdm_location where warehouse_id = w.warehouse_id and location_code = 'RCV-01') as receiving
      from wmdm_warehouse w where w.tenant_id = 1 and w.warehouse_code = 'WH-E001'`.execute(db)
  ).rows[0]
  if (!ids) return
  await sql`insert into wmdm_goods (tenant_id, goods_code, goods_name, barcode, owner_id, uom_code,
      batch_managed_flag, serial_managed_flag, enabled_flag, unit_price)
    select 1, 'LG' || lpad(i::text, 6, '0'), 'Bench goods ' || i, '68' || lpad(i::text, 11, '0'),
      ${ids.ownerId}, 'EA', 0, 0, 1, 10 + i % 90
    from generate_series(1, ${goods}) i`.execute(db)
  await sql`alter table winv_stock disable trigger winv_stock_labels`.execute(db)
  await sql`alter table winv_stock_transaction disable trigger winv_stock_transaction_labels`.execute(db)
  await sql`insert into winv_stock (tenant_id, warehouse_id, location_id, owner_id, goods_id, batch_code, quantity,
      reserved_quantity, locked_quantity, goods_code, goods_name, location_code, wharea_id)
    select 1, ${ids.warehouseId}, l.location_id, g.owner_id, g.goods_id, '', 100 + (g.goods_id % 50) * 5, 0, 0,
      g.goods_code, g.goods_name, l.location_code, l.wharea_id
    from wmdm_goods g
    cross join (select location_id, location_code, wharea_id from wmdm_location
                where warehouse_id = ${ids.warehouseId} and location_code ~ '^(A|P)' order by location_code limit 10) l
    where g.tenant_id = 1 and g.goods_code like 'LG%'`.execute(db)
  await sql`insert into winv_stock_transaction (tenant_id, warehouse_id, location_id, owner_id, goods_id, batch_code,
      quantity_change, reserved_change, locked_change, quantity_after, doc_type, doc_num, reason, transaction_date,
      goods_code, goods_name, location_code, wharea_id)
    select 1, s.warehouse_id, s.location_id, s.owner_id, s.goods_id, '', s.quantity / 5, 0, 0, s.quantity * k / 5,
      'INBOUND', 'BENCH-' || k, 'Benchmark data', localtimestamp(0) - make_interval(days => 6 - k),
      s.goods_code, s.goods_name, s.location_code, s.wharea_id
    from winv_stock s cross join generate_series(1, 5) k
    where s.tenant_id = 1 and s.goods_code like 'LG%'`.execute(db)
  await sql`alter table winv_stock enable trigger winv_stock_labels`.execute(db)
  await sql`alter table winv_stock_transaction enable trigger winv_stock_transaction_labels`.execute(db)
  await sql`insert into winv_inbound_order (tenant_id, order_num, order_type, warehouse_id, warehouse_name, owner_id,
      owner_name, supplier_name, receiving_location_id, receiving_location_code, expected_date, order_status,
      total_quantity, received_quantity)
    select 1, 'RKB' || lpad(i::text, 7, '0'), 'PURCHASE', ${ids.warehouseId}, 'WH-E001', ${ids.ownerId}, 'OWN-A',
      'Bench supplier ' || (i % 200), ${ids.receiving}, 'RCV-01', current_date + (i % 60) - 30,
      (array['NEW','EXECUTING','PARTIAL','RECEIVED','COMPLETED','CANCELLED'])[1 + i % 6], 10,
      case i % 6 when 2 then 5 when 3 then 10 when 4 then 10 else 0 end
    from generate_series(1, ${orders}) i`.execute(db)
  await sql`insert into winv_inbound_order_line (tenant_id, inbound_order_id, warehouse_id, owner_id, line_num,
      goods_id, goods_code, goods_name, quantity, received_quantity, putaway_quantity, returned_quantity)
    select 1, o.inbound_order_id, o.warehouse_id, o.owner_id, 1, g.goods_id, g.goods_code, g.goods_name, 10,
      o.received_quantity, case when o.order_status = 'COMPLETED' then 10 else 0 end, 0
    from winv_inbound_order o
    join wmdm_goods g on g.tenant_id = 1
      and g.goods_code = 'LG' || lpad((1 + (substr(o.order_num, 4)::int % ${goods}))::text, 6, '0')
    where o.tenant_id = 1 and o.order_num like 'RKB%'`.execute(db)
}
