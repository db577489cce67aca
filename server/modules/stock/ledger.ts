/**
 * The stock ledger: the only code that changes stock balances (winv_stock, model wms/stock). Every document
 * that moves stock (receipts, shipments, picks, adjustments, counts, transfers …) calls `moveStock` inside
 * its own transaction, usually from a lifecycle effect (server/modules/models/lifecycle.ts), so:
 *
 * - the balance row is locked (`select … for update`) before it is read: two clerks taking the same stock at
 *   once are served one after the other, and the second sees what the first left;
 * - quantity never goes below zero unless the warehouse's function parameter ALLOW_NEGATIVE_STOCK is on (or
 *   the move says `allowNegative`),
 *   reserved and locked never go below zero, and reserved + locked never exceed the quantity on hand;
 * - every change writes one row of the transaction log (winv_stock_transaction) in the same transaction,
 *   with who made it (the session's user, id and name) and when;
 * - a balance of a lot carries the lot's production and expiry dates (table winv_lot, written at receiving),
 *   and every balance its `inDate` (the lot's first receipt, else when stock last came into an empty balance),
 *   which the removal strategies sort by (strategies.ts);
 * - any refusal throws 409 with the goods, location and the figures, and the caller's transaction rolls back.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { functionSwitch } from './function-params.ts'
import { notExpired, removalOrder, removalStrategy, type RemovalStrategy } from './strategies.ts'

export interface StockKey {
  warehouseId: number
  locationId: number
  ownerId: number
  goodsId: number
  /** '' (or absent) when the goods is not batch tracked. */
  batchCode?: string | null
}

export interface StockMove extends StockKey {
  /** Change of the quantity on hand (+ in, - out). */
  quantity?: number
  /** Change of the reserved quantity (+ reserve for a pick, - release or consume). */
  reserved?: number
  /** Change of the locked quantity (stock locks, quality holds). */
  locked?: number
  /** INBOUND, OUTBOUND, PICK, ADJUST, COUNT, TRANSFER, LOCK … */
  docType: string
  docId?: number | null
  docNum?: string | null
  docLineId?: number | null
  reason?: string | null
  /**
   * Let the quantity on hand go below zero. Absent: the warehouse's function parameter ALLOW_NEGATIVE_STOCK
   * decides (function-params.ts); false: never, whatever the parameter says.
   */
  allowNegative?: boolean
  /**
   * When the stock moved in here first came into the warehouse, for a move that carries stock from another
   * balance (putaway): an empty target balance takes it as its `inDate`, so FIFO age survives the move.
   */
  inDate?: string | Date | null
  /** A COUNT move: the user who counted the quantity it corrects (the ledger row names both: operator, counter). */
  counterId?: number | null
}

export interface Balance extends StockKey {
  stockId: number
  quantity: number
  reservedQuantity: number
  lockedQuantity: number
  /** When the stock of this balance came in (FIFO's date); null while it never held stock. */
  inDate?: string | Date | null
}

/** Quantities are numeric(18,4): compare and store rounded to 4 decimals so 0.1 + 0.2 is 0.3. */
const round4 = (value: number) => Math.round(value * 10000) / 10000

/** The error of a move the stock cannot take (409, rolled back by the caller's transaction). */
export class StockShortage extends AppError {
  constructor(message: string) {
    super(409, 'error.stock_shortage', message)
  }
}

/** Locks and returns the balance of `key` (created at zero when absent). */
export async function lockBalance(db: Db, tenantId: number, key: StockKey): Promise<Balance> {
  const batchCode = key.batchCode ?? ''
  // A new balance of a lot takes the lot's dates (the lot is written before its first move, at receiving).
  await sql`insert into winv_stock (tenant_id, warehouse_id, location_id, owner_id, goods_id, batch_code,
      quantity, reserved_quantity, locked_quantity, production_date, expiry_date, in_date, created_by,
      last_updated_by)
    select ${tenantId}, ${key.warehouseId}, ${key.locationId}, ${key.ownerId}, ${key.goodsId}, ${batchCode},
      0, 0, 0, lot.production_date, lot.expiry_date, lot.received_date, -1, -1
    from (select 1) one left join winv_lot lot on lot.tenant_id = ${tenantId} and lot.goods_id = ${key.goodsId}
      and lot.batch_code = ${batchCode} and ${batchCode} <> ''
    on conflict do nothing`.execute(db)
  const found = await sql<Balance>`select stock_id, warehouse_id, location_id, owner_id, goods_id, batch_code,
      quantity, reserved_quantity, locked_quantity, in_date
    from winv_stock
    where tenant_id = ${tenantId} and warehouse_id = ${key.warehouseId} and location_id = ${key.locationId}
      and owner_id = ${key.ownerId} and goods_id = ${key.goodsId} and batch_code = ${batchCode}
    for update`.execute(db)
  return found.rows[0]!
}

/** Applies one move; returns the balance after it. Throws StockShortage (409) or 400 for a bad move. */
export async function moveStock(db: Db, session: Session, move: StockMove): Promise<Balance> {
  const change = { quantity: move.quantity ?? 0, reserved: move.reserved ?? 0, locked: move.locked ?? 0 }
  for (const [name, value] of Object.entries(change)) {
    if (!Number.isFinite(value))
      throw badRequest(`Stock move: ${name} must be a number, not ${String(value)}: send a number.`)
  }
  if (!change.quantity && !change.reserved && !change.locked) {
    throw badRequest('Stock move without any change: give a quantity, reserved or locked change.')
  }
  const balance = await lockBalance(db, session.tenantId, move)
  const after = {
    quantity: round4(balance.quantity + change.quantity),
    reserved: round4(balance.reservedQuantity + change.reserved),
    locked: round4(balance.lockedQuantity + change.locked),
  }
  const where = `goods ${move.goodsId}${move.batchCode ? ` batch ${move.batchCode}` : ''} at location ${move.locationId}`
  const figures = `on hand ${balance.quantity}, reserved ${balance.reservedQuantity}, locked ${balance.lockedQuantity}`
  // Below zero only when the move says so, or (move silent) the warehouse's ALLOW_NEGATIVE_STOCK switch is on.
  const allowNegative =
    move.allowNegative ??
    (after.quantity < 0 &&
      (await functionSwitch(db, session.tenantId, 'ALLOW_NEGATIVE_STOCK', move.warehouseId)))
  if (after.quantity < 0 && !allowNegative) {
    throw new StockShortage(
      `Not enough stock of ${where}: ${figures}; ${move.docType} ${move.docNum ?? ''} needs ${-change.quantity}.`,
    )
  }
  if (after.reserved < 0 || after.locked < 0) {
    throw new StockShortage(
      `Cannot release more than is reserved or locked for ${where}: ${figures}; change ${change.reserved} reserved, ${change.locked} locked.`,
    )
  }
  if (round4(after.reserved + after.locked) > Math.max(after.quantity, 0)) {
    const available = round4(balance.quantity - balance.reservedQuantity - balance.lockedQuantity)
    throw new StockShortage(
      `Not enough available stock of ${where}: ${figures} (available ${available}); ${move.docType} ${move.docNum ?? ''} needs ${round4(change.reserved + change.locked - change.quantity)}.`,
    )
  }
  // Stock arriving in an empty balance (or one that never held any) starts its age now, unless its lot has one.
  const refill = change.quantity > 0 && (balance.quantity <= 0 || !balance.inDate)
  await sql`update winv_stock set quantity = ${after.quantity}, reserved_quantity = ${after.reserved},
      locked_quantity = ${after.locked}, object_version_number = object_version_number + 1,
      in_date = ${refill ? sql`coalesce((select received_date from winv_lot where tenant_id = ${session.tenantId} and goods_id = ${move.goodsId} and batch_code = ${move.batchCode ?? ''} and batch_code <> ''), ${move.inDate ?? null}::timestamp, localtimestamp(0))` : sql`in_date`},
      last_updated_by = ${session.userId}, last_update_date = localtimestamp(0)
    where stock_id = ${balance.stockId}`.execute(db)
  await sql`insert into winv_stock_transaction (tenant_id, warehouse_id, location_id, owner_id, goods_id,
      batch_code, quantity_change, reserved_change, locked_change, quantity_after, doc_type, doc_id, doc_num,
      doc_line_id, reason, transaction_date, operator_id, operator_name, counter_id, counter_name, created_by,
      last_updated_by)
    values (${session.tenantId}, ${move.warehouseId}, ${move.locationId}, ${move.ownerId}, ${move.goodsId},
      ${move.batchCode ?? ''}, ${change.quantity}, ${change.reserved}, ${change.locked}, ${after.quantity},
      ${move.docType}, ${move.docId ?? null}, ${move.docNum ?? null}, ${move.docLineId ?? null},
      ${move.reason ?? null}, localtimestamp(0), ${session.userId}, ${operatorName(session)},
      ${move.counterId ?? null}, (select real_name from iam_user where id = ${move.counterId ?? null}),
      ${session.userId}, ${session.userId})`.execute(db)
  return {
    ...balance,
    quantity: after.quantity,
    reservedQuantity: after.reserved,
    lockedQuantity: after.locked,
  }
}

/**
 * Stock in a location of an area of type QC (quarantine: customer returns waiting for their QC decision,
 * server/modules/winv/returns.ts) is never available: read from the location's area at the time of the
 * query, so an area made QC later is left out at once.
 */
const notInQc = (tenantId: number) => sql`not exists (select 1 from wmdm_location ql
    join wmdm_wharea qa on qa.wharea_id = ql.wharea_id and qa.tenant_id = ql.tenant_id
    where ql.tenant_id = ${tenantId} and ql.location_id = winv_stock.location_id and qa.area_type = 'QC')`

/**
 * Available quantity of goods (optionally one owner / batch) across a warehouse's locations, for picking, in
 * the order the goods' removal strategy takes them (strategies.ts; `strategy` overrides it). Expired stock and
 * stock in a QC area are never available.
 */
export async function availableByLocation(
  db: Db,
  tenantId: number,
  where: { warehouseId: number; goodsId: number; ownerId?: number; batchCode?: string },
  strategy?: RemovalStrategy,
): Promise<Array<Balance & { available: number }>> {
  const order = strategy ?? (await removalStrategy(db, tenantId, where)).strategy
  const rows = await sql<Balance>`select stock_id, warehouse_id, location_id, owner_id, goods_id, batch_code,
      quantity, reserved_quantity, locked_quantity, in_date
    from winv_stock
    where tenant_id = ${tenantId} and warehouse_id = ${where.warehouseId} and goods_id = ${where.goodsId}
      ${where.ownerId === undefined ? sql`` : sql`and owner_id = ${where.ownerId}`}
      ${where.batchCode === undefined ? sql`` : sql`and batch_code = ${where.batchCode}`}
      and quantity - reserved_quantity - locked_quantity > 0 and ${notExpired} and ${notInQc(tenantId)}
    order by ${removalOrder(order)}`.execute(db)
  return rows.rows.map((row) => ({
    ...row,
    available: round4(row.quantity - row.reservedQuantity - row.lockedQuantity),
  }))
}

/** Expired available stock of goods in a warehouse (for messages saying why stock is not allocated). */
export async function expiredQuantity(
  db: Db,
  tenantId: number,
  where: { warehouseId: number; goodsId: number; ownerId?: number; batchCode?: string },
): Promise<number> {
  const { rows } = await sql<{
    expired: string | null
  }>`select sum(quantity - reserved_quantity - locked_quantity)
      as expired from winv_stock
    where tenant_id = ${tenantId} and warehouse_id = ${where.warehouseId} and goods_id = ${where.goodsId}
      ${where.ownerId === undefined ? sql`` : sql`and owner_id = ${where.ownerId}`}
      ${where.batchCode === undefined ? sql`` : sql`and batch_code = ${where.batchCode}`}
      and quantity - reserved_quantity - locked_quantity > 0 and not ${notExpired}`.execute(db)
  return round4(Number(rows[0]?.expired ?? 0))
}

/** The user's name as the ledger shows it: looked up once per move from the user table. */
const operatorName = (session: Session) => sql`(select real_name from iam_user where id = ${session.userId})`
