/**
 * Backorders: an order allocated partially goes on with what was reserved, and the rest becomes a new order,
 * as Odoo's "create backorder" and SAP's partial delivery with a backlog. In the allocation's transaction:
 *
 * - every line is cut to its allocated quantity; the rest goes to a new order of the same header (number from
 *   code rule WINV.OUTBOUND, status SUBMITTED, `backorderOfId`/`backorderOfNum` naming the original), a line
 *   with nothing allocated moves there whole;
 * - the original keeps its tasks and reservations, ends ALLOCATED and names its backorder (`backorderNum`);
 * - an order of a dealer order ships that order whole, so it is never split (409 saying so).
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { nextCode } from '../hpfm/code-rules.ts'
import { orderLines, refreshOrderTotal, type OrderRow } from './order-stock.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

/** Header columns a backorder does not copy: its own identity, progress, shipment and audit. */
const ORDER_OWN = new Set([
  'outbound_order_id',
  'order_num',
  'order_status',
  'wave_id',
  'sorting_position',
  'total_quantity',
  'total_weight',
  'package_count',
  'shipped_date',
  'tracking_num',
  'intercept_reason',
  'backorder_of_id',
  'backorder_of_num',
  'backorder_num',
  'object_version_number',
  'creation_date',
  'created_by',
  'last_update_date',
  'last_updated_by',
])
const LINE_OWN = new Set([
  'outbound_line_id',
  'outbound_order_id',
  'quantity',
  'allocated_quantity',
  'picked_quantity',
  'shipped_quantity',
  'returned_quantity',
  'object_version_number',
  'creation_date',
  'created_by',
  'last_update_date',
  'last_updated_by',
])

/** The columns of a table to copy (read from the catalogue, so a field added to the model is copied too). */
async function copiedColumns(db: Db, table: string, own: Set<string>) {
  const { rows } = await sql<{ columnName: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
  return rows.map((r) => r.columnName).filter((c) => !own.has(c))
}

/** Refuses a backorder of a dealer order's outbound order (before anything is reserved). */
export function checkSplittable(order: OrderRow): void {
  if (order.jxsOrderId)
    throw conflict(
      'error.backorder_dealer',
      `Order ${order.orderNum} ships a dealer order, which leaves whole: it cannot be split into a backorder. Allocate it once enough stock has arrived.`,
    )
}

/** Moves the unallocated rest of `order` to a new SUBMITTED order; returns its number (null: nothing left). */
export async function splitBackorder(db: Db, session: Session, order: OrderRow): Promise<string | null> {
  checkSplittable(order)
  const open = (await orderLines(db, order.outboundOrderId)).filter(
    (line) => round4(line.quantity - (line.allocatedQuantity ?? 0)) > 0,
  )
  if (!open.length) return null
  const orderNum = await nextCode(db, session.tenantId, 'WINV.OUTBOUND')
  const headerColumns = await copiedColumns(db, 'winv_outbound_order', ORDER_OWN)
  const header = sql.join(headerColumns.map((c) => sql.ref(c)))
  const created = await sql<{
    outboundOrderId: number
  }>`insert into winv_outbound_order (${header}, order_num,
      order_status, backorder_of_id, backorder_of_num, total_quantity, created_by, last_updated_by)
    select ${header}, ${orderNum}, 'SUBMITTED', outbound_order_id, order_num, 0, ${session.userId}, ${session.userId}
    from winv_outbound_order where outbound_order_id = ${order.outboundOrderId}
    returning outbound_order_id`.execute(db)
  const backorderId = Number(created.rows[0]!.outboundOrderId)
  const lineColumns = sql.join(
    (await copiedColumns(db, 'winv_outbound_line', LINE_OWN)).map((c) => sql.ref(c)),
  )
  for (const line of open) {
    const allocated = line.allocatedQuantity ?? 0
    if (allocated <= 0) {
      await sql`update winv_outbound_line set outbound_order_id = ${backorderId},
          object_version_number = object_version_number + 1, last_updated_by = ${session.userId},
          last_update_date = localtimestamp(0)
        where outbound_line_id = ${line.outboundLineId}`.execute(db)
      continue
    }
    await sql`insert into winv_outbound_line (${lineColumns}, outbound_order_id, quantity, allocated_quantity,
        picked_quantity, shipped_quantity, returned_quantity, created_by, last_updated_by)
      select ${lineColumns}, ${backorderId}, ${round4(line.quantity - allocated)}, 0, 0, 0, 0, ${session.userId},
        ${session.userId}
      from winv_outbound_line where outbound_line_id = ${line.outboundLineId}`.execute(db)
    await sql`update winv_outbound_line set quantity = ${allocated},
        object_version_number = object_version_number + 1, last_updated_by = ${session.userId},
        last_update_date = localtimestamp(0)
      where outbound_line_id = ${line.outboundLineId}`.execute(db)
  }
  await refreshOrderTotal(db, order.outboundOrderId)
  await refreshOrderTotal(db, backorderId)
  await sql`update winv_outbound_order set backorder_num = ${orderNum}
    where outbound_order_id = ${order.outboundOrderId}`.execute(db)
  return orderNum
}
