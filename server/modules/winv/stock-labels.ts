/**
 * Display labels on stock balances and ledger rows: the ledger (server/modules/stock/ledger.ts) writes ids
 * only; a trigger copies the goods code and name, the location code and the area of the row on insert, so the
 * stock and log screens show and search them without a join per read (200,000 balances, 1,000,000 log rows).
 * Codes never change once created (goodsCode and locationCode are not updatable), so the copy stays true.
 * Installed after the model tables exist, on every start (idempotent); the first install fills older rows.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'

export async function ensureStockLabels(db: Db): Promise<void> {
  const tables = await sql<{ tableName: string }>`select table_name from information_schema.tables
    where table_name in ('winv_stock', 'winv_stock_transaction', 'wmdm_goods', 'wmdm_location')`.execute(db)
  if (tables.rows.length < 4) return
  await sql`create or replace function winv_stock_labels() returns trigger language plpgsql as $$
    begin
      select g.goods_code, g.goods_name into new.goods_code, new.goods_name
        from wmdm_goods g where g.goods_id = new.goods_id;
      select l.location_code, l.wharea_id into new.location_code, new.wharea_id
        from wmdm_location l where l.location_id = new.location_id;
      return new;
    end $$`.execute(db)
  for (const table of ['winv_stock', 'winv_stock_transaction']) {
    const trigger = `${table}_labels`
    const exists = await sql<{
      n: number
    }>`select count(*)::int as n from pg_trigger where tgname = ${trigger}`.execute(db)
    if (exists.rows[0]?.n) continue
    await sql
      .raw(
        `create trigger ${trigger} before insert on ${table} for each row execute function winv_stock_labels()`,
      )
      .execute(db)
    await sql
      .raw(
        `update ${table} t set goods_code = g.goods_code, goods_name = g.goods_name, location_code = l.location_code,
          wharea_id = l.wharea_id from wmdm_goods g, wmdm_location l
        where g.goods_id = t.goods_id and l.location_id = t.location_id and t.goods_code is null`,
      )
      .execute(db)
  }
}
