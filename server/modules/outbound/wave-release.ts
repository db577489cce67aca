/**
 * Releasing a wave (wms/waveOrder `release`): the SUBMITTED orders of the wave rule are allocated one by one,
 * each inside a savepoint of the release's transaction, so one order short of stock no longer blocks the others
 * (as SAP EWM's wave release with its "not released" log, Odoo's batch transfers with backorders):
 *
 * - an order covered in full joins the wave ALLOCATED;
 * - an order covered in part joins the wave ALLOCATED with what was reserved, and the rest goes to a backorder
 *   (backorder.ts) that waits SUBMITTED, without a wave, for the next one;
 * - an order nothing can be reserved for (or that may not be split: a dealer's) is left out: its savepoint is
 *   rolled back, it stays SUBMITTED without a wave, and the wave's `releaseNote` names it with why;
 * - when every order is left out the release is refused (409 with the reasons) and nothing changes.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { Row } from '../models/model-scope.ts'
import { checkSplittable, splitBackorder } from './backorder.ts'
import { allocateOrder, orderLines, type OrderRow } from './order-stock.ts'

interface Mould {
  orderType: string | null
  platformCode: string | null
  maxOrders: number
  enabledFlag: number
  mouldCode: string
}

async function mouldOf(db: Db, session: Session, row: Row): Promise<Mould> {
  const { rows } = await sql<Mould>`
    select order_type, platform_code, max_orders, enabled_flag, mould_code from winv_wave_mould
    where mould_id = ${row.mouldId as number} and tenant_id = ${session.tenantId}`.execute(db)
  const mould = rows[0]
  if (!mould)
    throw badRequest(`Wave rule ${String(row.mouldId)} does not exist: pick another rule.`, {
      mouldId: 'unknown rule',
    })
  if (!mould.enabledFlag)
    throw conflict('error.disabled', `Wave rule ${mould.mouldCode} is disabled: enable it or pick another.`)
  return mould
}

/** What an order is short of after a partial allocation: `SKU1 4 of 10`. */
async function shortages(db: Db, order: OrderRow): Promise<string> {
  return (await orderLines(db, order.outboundOrderId))
    .filter((line) => (line.allocatedQuantity ?? 0) < line.quantity)
    .map((line) => `${line.goodsCode ?? line.goodsId} ${line.allocatedQuantity ?? 0} of ${line.quantity}`)
    .join(', ')
}

/** Allocates one order into the wave; returns the report line of a backorder, or null when covered. */
async function placeOrder(db: Db, session: Session, order: OrderRow): Promise<string | null> {
  await sql`update winv_outbound_order set wave_id = ${order.waveId}, sorting_position = ${order.sortingPosition},
      order_status = 'ALLOCATED', object_version_number = object_version_number + 1
    where outbound_order_id = ${order.outboundOrderId}`.execute(db)
  if ((await allocateOrder(db, session, order, 'PARTIAL')) === 'ALLOCATED') return null
  checkSplittable(order)
  const short = await shortages(db, order)
  const backorder = await splitBackorder(db, session, order)
  return `${order.orderNum}: released in part (allocated ${short}); the rest waits as backorder ${backorder ?? '-'}.`
}

export async function releaseWave(db: Db, session: Session, row: Row): Promise<void> {
  const mould = await mouldOf(db, session, row)
  const { rows: orders } = await sql<OrderRow>`select outbound_order_id, order_num, warehouse_id, owner_id,
      wave_id, sorting_position, jxs_order_id from winv_outbound_order
    where tenant_id = ${session.tenantId} and warehouse_id = ${row.warehouseId as number}
      and order_status = 'SUBMITTED' and wave_id is null
      ${mould.orderType ? sql`and order_type = ${mould.orderType}` : sql``}
      ${mould.platformCode ? sql`and platform_code = ${mould.platformCode}` : sql``}
    order by case priority when 'HIGH' then 0 when 'NORMAL' then 1 else 2 end, outbound_order_id
    limit ${mould.maxOrders} for update`.execute(db)
  if (!orders.length)
    throw conflict(
      'error.wave_empty',
      `No SUBMITTED order without a wave matches rule ${mould.mouldCode} in this warehouse: nothing to release. Check the rule's conditions, or wait for new orders.`,
    )
  const report: string[] = []
  let placed = 0
  let leftOut = 0
  for (const order of orders) {
    const candidate = { ...order, waveId: row.waveId as number, sortingPosition: placed + 1 }
    await sql`savepoint wave_release_order`.execute(db)
    try {
      const note = await placeOrder(db, session, candidate)
      await sql`release savepoint wave_release_order`.execute(db)
      placed += 1
      if (note) report.push(note)
    } catch (error) {
      // Only a refusal of the stock or the order's state leaves the order out; anything else fails the release.
      if (!(error instanceof AppError) || error.status !== 409) throw error
      await sql`rollback to savepoint wave_release_order`.execute(db)
      await sql`release savepoint wave_release_order`.execute(db)
      leftOut += 1
      report.push(`${order.orderNum}: left out, still SUBMITTED. ${error.message}`)
    }
  }
  if (!placed)
    throw conflict(
      'error.wave_short',
      `Wave ${String(row.waveNum)}: no order could be allocated, nothing was released: receive or move stock first. ${report.join(' ')}`,
    )
  await sql`update winv_wave_order set order_count = ${placed}, left_out_count = ${leftOut},
      release_note = ${report.length ? report.join('\n') : null}, released_date = localtimestamp(0),
      total_quantity = (select coalesce(sum(quantity), 0) from winv_outbound_task
        where wave_id = ${row.waveId as number} and task_status = 'OPEN')
    where wave_id = ${row.waveId as number}`.execute(db)
}
