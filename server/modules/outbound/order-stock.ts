/**
 * What the outbound order's actions do to stock (the lifecycle in schemas/models/wms/outbound-order.model.json).
 * Every change goes through moveStock (server/modules/stock/ledger.ts) in the action's transaction, so a
 * refusal anywhere (409 on short stock, 400 on a bad body) rolls back the status, the tasks and every move.
 *
 * The picking tasks (winv_outbound_task) remember where each reservation sits: allocate creates them OPEN,
 * pick marks them PICKED, ship consumes exactly their quantities, cancel / intercept release them.
 * Serial-tracked lines name their units at pick (body lines: [{outboundLineId, serialNumbers}]); the units follow
 * the order: PICKED at pick, SHIPPED at ship, back IN_STOCK on cancel / intercept / return (winv/serials.ts).
 */
import type { BehaviourIndex } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { availableByLocation, expiredQuantity, moveStock } from '../stock/ledger.ts'
import { changeSerials, serialIds, type SerialDoc } from '../winv/serials.ts'
import { shipDealerOrder } from './dealer-orders.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

export interface OrderRow {
  outboundOrderId: number
  orderNum: string
  warehouseId: number
  ownerId: number
  waveId: number | null
  sortingPosition: number | null
  jxsOrderId: number | null
}

interface LineRow {
  outboundLineId: number
  goodsId: number
  goodsCode: string | null
  batchCode: string | null
  quantity: number
  allocatedQuantity: number | null
}

interface TaskRow {
  taskId: number
  outboundLineId: number
  goodsId: number
  locationId: number
  ownerId: number
  warehouseId: number
  batchCode: string
  quantity: number
  taskStatus: string
}

export async function orderLines(db: Db, orderId: number): Promise<LineRow[]> {
  // the line's goods code is the picker's copy, empty on a line an API client saved with its goodsId only: the
  // messages (shortage, wave release note) name the goods by the goods' own code then, never by its id
  const { rows } = await sql<LineRow>`select l.outbound_line_id, l.goods_id,
      coalesce(nullif(l.goods_code, ''), g.goods_code) as goods_code, l.batch_code, l.quantity,
      l.allocated_quantity
    from winv_outbound_line l left join wmdm_goods g on g.goods_id = l.goods_id
    where l.outbound_order_id = ${orderId}
    order by l.line_num, l.outbound_line_id`.execute(db)
  return rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    allocatedQuantity: Number(r.allocatedQuantity ?? 0),
  }))
}

async function orderTasks(db: Db, orderId: number, statuses: string[]): Promise<TaskRow[]> {
  const { rows } = await sql<TaskRow>`select task_id, outbound_line_id, goods_id, location_id, owner_id,
      warehouse_id, batch_code, quantity, task_status from winv_outbound_task
    where outbound_order_id = ${orderId} and task_status in (${sql.join(statuses)}) order by task_id`.execute(
    db,
  )
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }))
}

/** Sum of the lines into the order's totalQuantity (lines are saved with the order, in any order). */
export async function refreshOrderTotal(db: Db, orderId: number): Promise<void> {
  await sql`update winv_outbound_order set total_quantity =
      (select coalesce(sum(quantity), 0) from winv_outbound_line where outbound_order_id = ${orderId})
    where outbound_order_id = ${orderId}`.execute(db)
}

/**
 * How an allocation treats short stock: ALL refuses it (409, nothing changes); PARTIAL reserves what there is and
 * keeps the order waiting for the rest (status PARTIAL); BACKORDER reserves what there is and moves the rest to
 * a new order (backorder.ts), so this one goes on as ALLOCATED.
 */
export type AllocationMode = 'ALL' | 'PARTIAL' | 'BACKORDER'

/** The text of the allocate dialog's choice, which short-stock messages point to. */
export const BACKORDER_CHOICE = '"Backorder the rest"'

/**
 * Reserves every line's missing quantity from the locations with available, unexpired stock, in the order of
 * the goods' removal strategy (FIFO / FEFO / LIFO, stock/strategies.ts), one OPEN picking task per location.
 * Short stock: 409 naming the goods, unless the mode takes what there is ('PARTIAL' returned then).
 * Returns 'ALLOCATED' when every line is covered.
 */
export async function allocateOrder(
  db: Db,
  session: Session,
  order: OrderRow,
  mode: AllocationMode,
): Promise<'ALLOCATED' | 'PARTIAL'> {
  const lines = await orderLines(db, order.outboundOrderId)
  if (!lines.length) throw badRequest(`Order ${order.orderNum} has no lines: add lines before allocating.`)
  let short = false
  let taskSeq = (await orderTasks(db, order.outboundOrderId, ['OPEN', 'PICKED', 'SHIPPED', 'CANCELLED']))
    .length
  for (const line of lines) {
    let missing = round4(line.quantity - (line.allocatedQuantity ?? 0))
    if (missing <= 0) continue
    const where = {
      warehouseId: order.warehouseId,
      goodsId: line.goodsId,
      ownerId: order.ownerId,
      ...(line.batchCode ? { batchCode: line.batchCode } : {}),
    }
    const places = await availableByLocation(db, session.tenantId, where)
    const total = round4(places.reduce((sum, p) => sum + p.available, 0))
    if (total < missing && mode === 'ALL') {
      const expired = await expiredQuantity(db, session.tenantId, where)
      throw conflict(
        'error.stock_shortage',
        `Not enough stock for order ${order.orderNum}: goods ${line.goodsCode ?? line.goodsId} needs ${missing}, ${total} available in the warehouse${expired ? ` (${expired} more expired, never allocated)` : ''}. Receive or move stock first, or allocate again with ${BACKORDER_CHOICE} to ship what there is.`,
      )
    }
    for (const place of places) {
      if (missing <= 0) break
      const take = Math.min(place.available, missing)
      // moveStock locks the balance and re-checks it: a clerk who reserved it a moment ago wins, we get 409.
      await moveStock(db, session, {
        warehouseId: order.warehouseId,
        locationId: place.locationId,
        ownerId: place.ownerId,
        goodsId: line.goodsId,
        batchCode: place.batchCode,
        reserved: take,
        docType: 'OUTBOUND_RESERVE',
        docId: order.outboundOrderId,
        docNum: order.orderNum,
        docLineId: line.outboundLineId,
        reason: 'Outbound order allocated',
      })
      taskSeq += 1
      await sql`insert into winv_outbound_task (tenant_id, task_num, outbound_order_id, order_num,
          outbound_line_id, wave_id, sorting_position, warehouse_id, owner_id, goods_id, goods_code, location_id,
          location_code, batch_code, quantity, task_status, sorting_status, created_by, last_updated_by)
        values (${session.tenantId}, ${`${order.orderNum}-${String(taskSeq).padStart(3, '0')}`},
          ${order.outboundOrderId}, ${order.orderNum}, ${line.outboundLineId}, ${order.waveId},
          ${order.sortingPosition}, ${order.warehouseId}, ${place.ownerId}, ${line.goodsId}, ${line.goodsCode},
          ${place.locationId}, (select location_code from wmdm_location where location_id = ${place.locationId}),
          ${place.batchCode}, ${take}, 'OPEN', 'WAITING', ${session.userId}, ${session.userId})`.execute(db)
      missing = round4(missing - take)
      await sql`update winv_outbound_line set allocated_quantity = coalesce(allocated_quantity, 0) + ${take}
        where outbound_line_id = ${line.outboundLineId}`.execute(db)
    }
    if (missing > 0) short = true
  }
  if (short) {
    const anyReserved = await orderTasks(db, order.outboundOrderId, ['OPEN'])
    if (!anyReserved.length)
      throw conflict(
        'error.stock_shortage',
        `No stock at all for order ${order.orderNum} in its warehouse (expired stock is never allocated): nothing to allocate. Receive or move stock first.`,
      )
  }
  return short ? 'PARTIAL' : 'ALLOCATED'
}

/** The serial numbers a pick names per order line: body `{lines: [{outboundLineId, serialNumbers}]}`. */
export type PickSerials = Map<number, string[]>

export function pickSerials(body: Record<string, unknown>): PickSerials {
  const lines = body.lines
  const picked: PickSerials = new Map()
  if (lines === undefined || lines === null) return picked
  if (!Array.isArray(lines))
    throw badRequest('lines: give a list of {outboundLineId, serialNumbers} for the serial-tracked lines.', {
      lines: 'must be a list',
    })
  lines.forEach((line: unknown, i: number) => {
    const entry = (line ?? {}) as Record<string, unknown>
    const id = Number(entry.outboundLineId)
    if (!Number.isInteger(id) || id <= 0)
      throw badRequest(`lines[${i}].outboundLineId: name the order line the serial numbers belong to.`, {
        [`lines[${i}].outboundLineId`]: 'required',
      })
    if (
      !Array.isArray(entry.serialNumbers) ||
      entry.serialNumbers.some((s) => typeof s !== 'string' || !s.trim())
    )
      throw badRequest(`lines[${i}].serialNumbers: give the list of serial numbers picked for the line.`, {
        [`lines[${i}].serialNumbers`]: 'a list of serial numbers',
      })
    if (picked.has(id))
      throw badRequest(`lines[${i}]: line ${id} is named twice; give all its serial numbers in one entry.`)
    picked.set(
      id,
      (entry.serialNumbers as string[]).map((s) => s.trim()),
    )
  })
  return picked
}

/** 400 when the pick named lines that no picked order has (the entries `pickOrder` did not take). */
export function checkSerialsUsed(picked: PickSerials, what: string): void {
  if (picked.size)
    throw badRequest(
      `lines: order line ${[...picked.keys()].join(', ')} is not an open line of ${what}: reload and name the serial numbers of its own lines.`,
      { lines: 'unknown line' },
    )
}

const orderDoc = (order: OrderRow, docType: string): SerialDoc => ({
  docType,
  docId: order.outboundOrderId,
  docNum: order.orderNum,
})

/**
 * A serial-tracked line must name exactly the units that leave: one in-stock serial number of the line's goods,
 * warehouse and owner per unit, lying where the line's picking tasks take from (location and batch). They
 * become PICKED, held by the order. Takes the entries of this order's lines out of `picked`.
 */
async function pickOrderSerials(
  db: Db,
  session: Session,
  order: OrderRow,
  open: TaskRow[],
  picked: PickSerials,
): Promise<void> {
  const { rows: tracked } = await sql<{ outboundLineId: number; goodsCode: string; lineNum: number | null }>`
    select l.outbound_line_id, g.goods_code, l.line_num from winv_outbound_line l
      join wmdm_goods g on g.goods_id = l.goods_id
    where l.outbound_order_id = ${order.outboundOrderId} and g.serial_managed_flag = 1
    order by l.line_num, l.outbound_line_id`.execute(db)
  const trackedIds = new Set(tracked.map((t) => Number(t.outboundLineId)))
  for (const task of open) {
    const lineId = task.outboundLineId
    if (picked.has(lineId) && !trackedIds.has(lineId))
      throw badRequest(
        `Order ${order.orderNum} line ${lineId}: its goods are not serial tracked; leave its serial numbers out.`,
        { lines: 'not serial tracked' },
      )
  }
  for (const line of tracked) {
    const lineId = Number(line.outboundLineId)
    const tasks = open.filter((t) => t.outboundLineId === lineId)
    if (!tasks.length) continue
    const where = `Order ${order.orderNum} line ${line.lineNum ?? lineId} (${line.goodsCode})`
    const units = round4(tasks.reduce((sum, t) => sum + t.quantity, 0))
    const serials = picked.get(lineId) ?? []
    picked.delete(lineId)
    if (serials.length !== units)
      throw badRequest(
        `${where} is serial tracked: name the ${units} serial numbers that leave (lines: [{outboundLineId: ${lineId}, serialNumbers: [...]}]); ${serials.length} given.`,
        { lines: 'one serial number per unit' },
      )
    if (new Set(serials).size !== serials.length)
      throw badRequest(`${where}: a serial number is given twice: remove the repeat.`, {
        lines: 'duplicates',
      })
    const { rows: found } = await sql<{
      serialNumberId: number
      serialNumber: string
      serialStatus: string
      warehouseId: number
      ownerId: number
      locationId: number | null
      batchCode: string | null
    }>`select s.serial_number_id, s.serial_number, s.serial_status, s.warehouse_id, s.owner_id, s.location_id,
        s.batch_code from winv_serial_number s
      where s.tenant_id = ${session.tenantId} and s.goods_id = ${tasks[0]!.goodsId}
        and s.serial_number in (${sql.join(serials)}) order by s.serial_number_id for update`.execute(db)
    const unknown = serials.filter((s) => !found.some((f) => f.serialNumber === s))
    if (unknown.length)
      throw badRequest(
        `${where}: serial number ${unknown.join(', ')} is not a known unit of ${line.goodsCode}: check the label and scan again.`,
        { lines: 'unknown serial number' },
      )
    const away = found.filter(
      (f) =>
        f.serialStatus !== 'IN_STOCK' ||
        Number(f.warehouseId) !== Number(order.warehouseId) ||
        Number(f.ownerId) !== Number(order.ownerId),
    )
    if (away.length)
      throw conflict(
        'error.serial_not_in_stock',
        `${where}: serial number ${away.map((f) => `${f.serialNumber} (${f.serialStatus}${Number(f.warehouseId) !== Number(order.warehouseId) ? ', another warehouse' : ''}${Number(f.ownerId) !== Number(order.ownerId) ? ', another owner' : ''})`).join(', ')} is not in stock for this order: pick other units.`,
      )
    // as many units from each place (location + batch) as the tasks take from it
    const needed = new Map<string, number>()
    for (const t of tasks) {
      const key = `${t.locationId}|${t.batchCode ?? ''}`
      needed.set(key, round4((needed.get(key) ?? 0) + t.quantity))
    }
    for (const f of found) {
      const key = `${Number(f.locationId)}|${f.batchCode ?? ''}`
      const left = needed.get(key)
      if (!left)
        throw conflict(
          'error.serial_not_in_stock',
          `${where}: serial number ${f.serialNumber} lies at location ${String(f.locationId)}${f.batchCode ? ` batch ${f.batchCode}` : ''}, where this pick takes no more units: pick the units from the task locations (${[...new Set(tasks.map((t) => t.locationId))].join(', ')}).`,
        )
      needed.set(key, left - 1)
    }
    await changeSerials(
      db,
      session,
      found.map((f) => Number(f.serialNumberId)),
      'PICKED',
      orderDoc(order, 'PICK'),
      { outboundOrderId: order.outboundOrderId, outboundOrderNum: order.orderNum },
    )
  }
}

/** Serial units held by the order in `status` (locked). */
const heldSerials = (db: Db, session: Session, order: OrderRow, status: string) =>
  serialIds(
    db,
    session.tenantId,
    sql`outbound_order_id = ${order.outboundOrderId} and serial_status = ${status}`,
  )

/** The units the order holds in `status` go back in stock, no longer held by it (release, intercept, return). */
async function serialsBackInStock(
  db: Db,
  session: Session,
  order: OrderRow,
  status: string,
  docType: string,
) {
  await changeSerials(
    db,
    session,
    await heldSerials(db, session, order, status),
    'IN_STOCK',
    orderDoc(order, docType),
    {
      outboundOrderId: null,
      outboundOrderNum: null,
    },
  )
}

/**
 * Marks every OPEN task PICKED and the lines' picked quantities; serial-tracked lines must name their units in
 * `picked` (see pickOrderSerials), whose entries for this order are taken out.
 */
export async function pickOrder(
  db: Db,
  session: Session,
  order: OrderRow,
  picked: PickSerials = new Map(),
): Promise<void> {
  const open = await orderTasks(db, order.outboundOrderId, ['OPEN'])
  if (!open.length)
    throw conflict(
      'error.lifecycle_state',
      `Order ${order.orderNum} has no open picking task: reload the order.`,
    )
  await pickOrderSerials(db, session, order, open, picked)
  await sql`update winv_outbound_task set task_status = 'PICKED', picked_date = localtimestamp(0),
      last_updated_by = ${session.userId}, object_version_number = object_version_number + 1
    where outbound_order_id = ${order.outboundOrderId} and task_status = 'OPEN'`.execute(db)
  await sql`update winv_outbound_line l set picked_quantity = (select coalesce(sum(quantity), 0)
      from winv_outbound_task t where t.outbound_line_id = l.outbound_line_id and t.task_status = 'PICKED')
    where l.outbound_order_id = ${order.outboundOrderId}`.execute(db)
}

/** Consumes what the PICKED tasks reserved: quantity -q and reserved -q at each location (docType OUTBOUND). */
/** `behaviour`: the app's, for the dealer order's own `ship` transition. */
export async function shipOrder(
  db: Db,
  session: Session,
  order: OrderRow,
  behaviour: BehaviourIndex,
): Promise<void> {
  const picked = await orderTasks(db, order.outboundOrderId, ['PICKED'])
  if (!picked.length)
    throw conflict(
      'error.lifecycle_state',
      `Order ${order.orderNum} has nothing picked to ship: pick it first.`,
    )
  for (const task of picked) {
    await moveStock(db, session, {
      warehouseId: task.warehouseId,
      locationId: task.locationId,
      ownerId: task.ownerId,
      goodsId: task.goodsId,
      batchCode: task.batchCode,
      quantity: -task.quantity,
      reserved: -task.quantity,
      docType: 'OUTBOUND',
      docId: order.outboundOrderId,
      docNum: order.orderNum,
      docLineId: task.outboundLineId,
      reason: 'Outbound order shipped',
    })
  }
  await changeSerials(
    db,
    session,
    await heldSerials(db, session, order, 'PICKED'),
    'SHIPPED',
    orderDoc(order, 'OUTBOUND'),
  )
  await sql`update winv_outbound_task set task_status = 'SHIPPED', last_updated_by = ${session.userId},
      object_version_number = object_version_number + 1
    where outbound_order_id = ${order.outboundOrderId} and task_status = 'PICKED'`.execute(db)
  await sql`update winv_outbound_line set shipped_quantity = picked_quantity
    where outbound_order_id = ${order.outboundOrderId}`.execute(db)
  await sql`update winv_outbound_pack set pack_status = 'SHIPPED', shipped_date = localtimestamp(0)
    where outbound_order_id = ${order.outboundOrderId} and pack_status in ('PACKED', 'LOADED')`.execute(db)
  await sql`update winv_outbound_order set shipped_date = localtimestamp(0)
    where outbound_order_id = ${order.outboundOrderId}`.execute(db)
  // The dealer order follows through its documented transition (SUBMITTED → ship → SHIPPED).
  if (order.jxsOrderId) await shipDealerOrder(db, session, order.jxsOrderId, behaviour)
}

/** Releases every reservation still held (OPEN or PICKED tasks) and cancels the tasks and open packs. */
export async function releaseOrder(db: Db, session: Session, order: OrderRow, why: string): Promise<void> {
  for (const task of await orderTasks(db, order.outboundOrderId, ['OPEN', 'PICKED'])) {
    await moveStock(db, session, {
      warehouseId: task.warehouseId,
      locationId: task.locationId,
      ownerId: task.ownerId,
      goodsId: task.goodsId,
      batchCode: task.batchCode,
      reserved: -task.quantity,
      docType: 'OUTBOUND_RELEASE',
      docId: order.outboundOrderId,
      docNum: order.orderNum,
      docLineId: task.outboundLineId,
      reason: why,
    })
  }
  await serialsBackInStock(db, session, order, 'PICKED', 'OUTBOUND_RELEASE')
  await sql`update winv_outbound_task set task_status = 'CANCELLED', last_updated_by = ${session.userId},
      object_version_number = object_version_number + 1
    where outbound_order_id = ${order.outboundOrderId} and task_status in ('OPEN', 'PICKED')`.execute(db)
  await sql`update winv_outbound_line set allocated_quantity = 0, picked_quantity = 0
    where outbound_order_id = ${order.outboundOrderId}`.execute(db)
  await sql`update winv_outbound_pack set pack_status = 'UNPACKED'
    where outbound_order_id = ${order.outboundOrderId} and pack_status in ('PACKED', 'LOADED')`.execute(db)
}

/** Books every shipped quantity back to the location it left (docType RETURN). */
export async function returnOrder(db: Db, session: Session, order: OrderRow, reason: string): Promise<void> {
  for (const task of await orderTasks(db, order.outboundOrderId, ['SHIPPED'])) {
    await moveStock(db, session, {
      warehouseId: task.warehouseId,
      locationId: task.locationId,
      ownerId: task.ownerId,
      goodsId: task.goodsId,
      batchCode: task.batchCode,
      quantity: task.quantity,
      docType: 'RETURN',
      docId: order.outboundOrderId,
      docNum: order.orderNum,
      docLineId: task.outboundLineId,
      reason,
    })
  }
  await serialsBackInStock(db, session, order, 'SHIPPED', 'RETURN')
  await sql`update winv_outbound_line set returned_quantity = shipped_quantity
    where outbound_order_id = ${order.outboundOrderId}`.execute(db)
}
