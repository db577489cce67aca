/**
 * Inventory forecast (/winv/inventory-forecasts): days of cover per warehouse and goods from the stock ledger.
 * averageDailyOutbound = quantity shipped (docType OUTBOUND) in the last `windowDays` days / windowDays;
 * daysOfCover = available / averageDailyOutbound. The rows of the tenant are replaced in one transaction.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'

export async function recomputeForecast(
  db: Db,
  session: Session,
  windowDays: number,
): Promise<{ rows: number }> {
  if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > 365)
    throw badRequest('windowDays must be a whole number of days from 1 to 365: enter such a number.', {
      windowDays: 'From 1 to 365',
    })
  await sql`delete from winv_inventory_forecast where tenant_id = ${session.tenantId}`.execute(db)
  const result = await sql`insert into winv_inventory_forecast (tenant_id, warehouse_id, goods_id, goods_code,
      goods_name, on_hand, available, outbound_quantity, window_days, average_daily_outbound, days_of_cover,
      risk_level, computed_at, created_by, last_updated_by)
    select s.tenant_id, s.warehouse_id, s.goods_id, g.goods_code, g.goods_name, s.on_hand, s.available,
      coalesce(o.shipped, 0), ${windowDays}, round(coalesce(o.shipped, 0) / ${windowDays}::numeric, 4),
      case when coalesce(o.shipped, 0) > 0 then round(s.available / (o.shipped / ${windowDays}::numeric), 1) end,
      case when coalesce(o.shipped, 0) = 0 then 'IDLE'
           when s.available / (o.shipped / ${windowDays}::numeric) < 7 then 'SHORT'
           when s.available / (o.shipped / ${windowDays}::numeric) < 30 then 'WATCH' else 'OK' end,
      localtimestamp(0), ${session.userId}, ${session.userId}
    from (select tenant_id, warehouse_id, goods_id, sum(quantity) as on_hand,
            sum(quantity - reserved_quantity - locked_quantity) as available
          from winv_stock where tenant_id = ${session.tenantId} group by tenant_id, warehouse_id, goods_id) s
    join wmdm_goods g on g.goods_id = s.goods_id
    left join (select warehouse_id, goods_id, -sum(quantity_change) as shipped from winv_stock_transaction
          where tenant_id = ${session.tenantId} and doc_type = 'OUTBOUND'
            and transaction_date >= localtimestamp(0) - make_interval(days => ${windowDays})
          group by warehouse_id, goods_id) o on o.warehouse_id = s.warehouse_id and o.goods_id = s.goods_id`.execute(
    db,
  )
  return { rows: Number(result.numAffectedRows ?? 0) }
}
