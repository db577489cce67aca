/**
 * Display labels on stock balances and ledger rows: the ledger (server/modules/stock/ledger.ts) writes ids
 * only; a trigger copies the goods code and name, the location code and the area of the row on insert, so the
 * stock and log screens show and search them without a join per read (200,000 balances, 1,000,000 log rows).
 * Codes never change once created (goodsCode and locationCode are not updatable), so the copy stays true.
 * Installed after the model tables exist, on every start (idempotent); the first install fills older rows.
 *
 * Balances also carry the warehouse and owner names (the stock screens show them, not bare ids). Names may be
 * renamed: a trigger on the warehouse and owner tables carries a new name over to the balances.
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
  await ensureStockNames(db)
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

/** Warehouse and owner names on the balances: copied on insert, followed on rename, missing ones filled. */
async function ensureStockNames(db: Db): Promise<void> {
  const columns = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
    where table_name = 'winv_stock' and column_name in ('warehouse_name', 'owner_name')`.execute(db)
  const owners = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
    where table_name in ('wmdm_warehouse', 'wmdm_owner')`.execute(db)
  if (columns.rows[0]?.n !== 2 || owners.rows[0]?.n !== 2) return
  await sql`create or replace function winv_stock_names() returns trigger language plpgsql as $$
    begin
      select w.warehouse_name into new.warehouse_name from wmdm_warehouse w where w.warehouse_id = new.warehouse_id;
      select o.owner_name into new.owner_name from wmdm_owner o where o.owner_id = new.owner_id;
      return new;
    end $$`.execute(db)
  await sql`create or replace function winv_stock_warehouse_renamed() returns trigger language plpgsql as $$
    begin
      update winv_stock set warehouse_name = new.warehouse_name where warehouse_id = new.warehouse_id;
      return new;
    end $$`.execute(db)
  await sql`create or replace function winv_stock_owner_renamed() returns trigger language plpgsql as $$
    begin
      update winv_stock set owner_name = new.owner_name where owner_id = new.owner_id;
      return new;
    end $$`.execute(db)
  const triggers: Array<[string, string]> = [
    ['winv_stock_names', 'before insert on winv_stock for each row execute function winv_stock_names()'],
    [
      'wmdm_warehouse_stock_names',
      'after update of warehouse_name on wmdm_warehouse for each row when (old.warehouse_name is distinct from new.warehouse_name) execute function winv_stock_warehouse_renamed()',
    ],
    [
      'wmdm_owner_stock_names',
      'after update of owner_name on wmdm_owner for each row when (old.owner_name is distinct from new.owner_name) execute function winv_stock_owner_renamed()',
    ],
  ]
  for (const [name, definition] of triggers) {
    const exists = await sql<{
      n: number
    }>`select count(*)::int as n from pg_trigger where tgname = ${name}`.execute(db)
    if (!exists.rows[0]?.n) await sql.raw(`create trigger ${name} ${definition}`).execute(db)
  }
  await sql`update winv_stock s set warehouse_name = w.warehouse_name from wmdm_warehouse w
    where w.warehouse_id = s.warehouse_id and s.warehouse_name is null`.execute(db)
  await sql`update winv_stock s set owner_name = o.owner_name from wmdm_owner o
    where o.owner_id = s.owner_id and s.owner_name is null`.execute(db)
}
