/**
 * Inbound orders (wms/inboundOrder, lines wms/inboundOrderLine): the only way stock comes into the warehouse.
 * NEW → execute → EXECUTING → receive → PARTIAL | RECEIVED → putaway → COMPLETED; returnGoods from PARTIAL,
 * RECEIVED or COMPLETED; cancel from NEW. Every quantity goes through the stock ledger (moveStock) and leaves a
 * receipt record, in the transition's transaction: a refused line rolls the whole step back.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { Row } from '../models/model-scope.ts'
import { moveStock } from '../stock/ledger.ts'
import { receiveScanLines } from './floor-scan-flows.ts'
import { goodsOf, locationOf, nameOf, type GoodsInfo } from './lookup.ts'
import { lotDate, receiveLot } from './lots.ts'
import { putaway } from './putaway.ts'
import { changeSerials, serialIds } from './serials.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

export interface OrderRow {
  inboundOrderId: number
  orderNum: string
  orderStatus: string
  warehouseId: number
  ownerId: number
  receivingLocationId: number
}

export interface LineRow {
  inboundLineId: number
  inboundOrderId: number
  lineNum: number | null
  goodsId: number
  goodsCode: string | null
  goodsName: string | null
  batchCode: string | null
  quantity: number
  receivedQuantity: number
  putawayQuantity: number
  returnedQuantity: number
  putawayLocationId: number | null
}

/** How messages name a line: `Inbound order RK… line 2 (SKU00001)`. */
export const lineName = (order: OrderRow, line: LineRow) =>
  `Inbound order ${order.orderNum} line ${line.lineNum ?? line.inboundLineId} (${line.goodsCode ?? line.goodsId})`

/** The balance a line's stock is booked to (but the location) and the ledger's reference to the line. */
export const lineBooking = (order: OrderRow, line: LineRow, docType: string, reason: string) => ({
  warehouseId: order.warehouseId,
  ownerId: order.ownerId,
  goodsId: line.goodsId,
  batchCode: line.batchCode ?? '',
  docType,
  docId: order.inboundOrderId,
  docNum: order.orderNum,
  docLineId: line.inboundLineId,
  reason,
})

export const docOf = (order: OrderRow, docType: string) => ({
  docType,
  docId: order.inboundOrderId,
  docNum: order.orderNum,
})

async function orderOf(db: Db, tenantId: number, id: unknown): Promise<OrderRow> {
  const found = await sql<OrderRow>`select inbound_order_id, order_num, order_status, warehouse_id, owner_id,
      receiving_location_id from winv_inbound_order
    where tenant_id = ${tenantId} and inbound_order_id = ${Number(id)}`.execute(db)
  const order = found.rows[0]
  if (!order)
    throw badRequest(`inboundOrderId: inbound order ${String(id)} does not exist: reload the order.`, {
      inboundOrderId: 'unknown order',
    })
  return order
}

export const linesOf = async (db: Db, orderId: number) =>
  (
    await sql<LineRow>`select * from winv_inbound_order_line where inbound_order_id = ${orderId}
      order by line_num nulls last, inbound_line_id for update`.execute(db)
  ).rows.map((line) => ({
    ...line,
    quantity: Number(line.quantity),
    receivedQuantity: Number(line.receivedQuantity),
    putawayQuantity: Number(line.putawayQuantity),
    returnedQuantity: Number(line.returnedQuantity),
  }))

export async function writeRecord(
  db: Db,
  session: Session,
  order: OrderRow,
  line: LineRow,
  goods: Pick<GoodsInfo, 'goodsCode' | 'goodsName'>,
  record: { type: string; locationId: number; batchCode: string; quantity: number; serialNumber?: string },
): Promise<void> {
  // Who and when (issue 19): the session's user and name; the lot's dates from the lot (null without one).
  await sql`insert into winv_inbound_receipt_record (tenant_id, inbound_order_id, order_num, inbound_line_id,
      record_type, warehouse_id, owner_id, goods_id, goods_code, goods_name, location_id, location_code,
      batch_code, serial_number, quantity, record_date, production_date, expiry_date, operator_id, operator_name,
      created_by, last_updated_by)
    values (${session.tenantId}, ${order.inboundOrderId}, ${order.orderNum}, ${line.inboundLineId}, ${record.type},
      ${order.warehouseId}, ${order.ownerId}, ${line.goodsId}, ${goods.goodsCode}, ${goods.goodsName},
      ${record.locationId}, (select location_code from wmdm_location where location_id = ${record.locationId}),
      ${record.batchCode}, ${record.serialNumber ?? null}, ${record.quantity}, localtimestamp(0),
      (select production_date from winv_lot where tenant_id = ${session.tenantId} and goods_id = ${line.goodsId}
        and batch_code = ${record.batchCode} and batch_code <> ''),
      (select expiry_date from winv_lot where tenant_id = ${session.tenantId} and goods_id = ${line.goodsId}
        and batch_code = ${record.batchCode} and batch_code <> ''),
      ${session.userId}, (select real_name from iam_user where id = ${session.userId}),
      ${session.userId}, ${session.userId})`.execute(db)
}

const positive = (value: unknown, field: string): number => {
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0)
    throw badRequest(`${field}: give a quantity above 0, not ${String(value)}.`, {
      [field]: 'must be above 0',
    })
  return round4(number)
}

interface RequestLine {
  inboundLineId: number
  quantity?: number
  batchCode?: string
  serialNumbers?: string[]
  productionDate?: string | null
  expiryDate?: string | null
}

function requestLines(body: Row): RequestLine[] | undefined {
  const lines = body.lines
  if (lines === undefined || lines === null) return undefined
  if (!Array.isArray(lines) || !lines.length)
    throw badRequest(
      'lines: give a list of {inboundLineId, quantity}, or leave it out to take every open line.',
      {
        lines: 'must be a non-empty list',
      },
    )
  return lines.map((line: Row, i: number) => {
    if (!line || typeof line !== 'object' || !Number.isInteger(Number(line.inboundLineId)))
      throw badRequest(`lines[${i}].inboundLineId: name the line to take.`, {
        [`lines[${i}]`]: 'inboundLineId missing',
      })
    if (line.serialNumbers !== undefined && !Array.isArray(line.serialNumbers))
      throw badRequest(`lines[${i}].serialNumbers: give a list of serial numbers.`, {
        [`lines[${i}].serialNumbers`]: 'must be a list',
      })
    return {
      inboundLineId: Number(line.inboundLineId),
      quantity:
        line.quantity === undefined || line.quantity === null
          ? undefined
          : positive(line.quantity, `lines[${i}].quantity`),
      batchCode: typeof line.batchCode === 'string' ? line.batchCode.trim() : undefined,
      serialNumbers: (line.serialNumbers as unknown[] | undefined)?.map((s) => String(s).trim()),
      productionDate: lotDate(line.productionDate, `lines[${i}].productionDate`),
      expiryDate: lotDate(line.expiryDate, `lines[${i}].expiryDate`),
    }
  })
}

function lineById(lines: LineRow[], id: number, orderNum: string): LineRow {
  const line = lines.find((l) => l.inboundLineId === id)
  if (!line)
    throw badRequest(`inboundLineId ${id} is not a line of inbound order ${orderNum}: reload the order.`)
  return line
}

async function receive(db: Db, session: Session, row: Row, body: Row) {
  const order = row as unknown as OrderRow
  const lines = await linesOf(db, order.inboundOrderId)
  const wanted: RequestLine[] =
    (await receiveScanLines(db, order, lines, body)) ??
    requestLines(body) ??
    lines
      .filter((l) => l.quantity > l.receivedQuantity)
      .map((l) => ({
        inboundLineId: l.inboundLineId,
        quantity: undefined,
        batchCode: undefined,
        serialNumbers: undefined,
      }))
  if (!wanted.length)
    throw conflict(
      'error.lifecycle_state',
      `Inbound order ${order.orderNum}: every line is received already; reload the order.`,
    )
  for (const [i, want] of wanted.entries()) {
    const line = lineById(lines, want.inboundLineId, order.orderNum)
    const open = round4(line.quantity - line.receivedQuantity)
    const quantity = want.quantity ?? want.serialNumbers?.length ?? open
    const where = lineName(order, line)
    if (quantity <= 0 || quantity > open)
      throw new AppError(
        409,
        'error.over_receipt',
        `${where}: ${quantity} is more than the ${open} still open (expected ${line.quantity}, received ${line.receivedQuantity}): enter at most ${open}.`,
        { [`lines[${i}].quantity`]: `at most ${open}` },
      )
    const goods = await goodsOf(db, session.tenantId, line.goodsId)
    const batchCode = (want.batchCode || line.batchCode || '').trim()
    // One lot per line (as a receipt line of ERPNext): put-away moves the line's lot.
    if (line.batchCode && batchCode !== line.batchCode && line.receivedQuantity > 0)
      throw new AppError(
        409,
        'error.lot_per_line',
        `${where} was received as lot ${line.batchCode}: receive lot ${batchCode} on another line of the order (add one while it is NEW, or on a new order).`,
        { [`lines[${i}].batchCode`]: `this line holds lot ${line.batchCode}` },
      )
    await receiveLot(
      db,
      session,
      goods,
      { batchCode, productionDate: want.productionDate ?? null, expiryDate: want.expiryDate ?? null },
      { where, field: `lines[${i}]`, orderNum: order.orderNum },
    )
    const serials = want.serialNumbers ?? []
    if (!goods.serialManagedFlag && serials.length)
      throw badRequest(
        `${where}: ${goods.goodsCode} is not serial tracked: leave the serial numbers out (${serials.length} given).`,
        { [`lines[${i}].serialNumbers`]: 'not serial tracked' },
      )
    if (goods.serialManagedFlag) {
      if (serials.length !== quantity || serials.some((s) => !s))
        throw badRequest(
          `${where}: ${goods.goodsCode} is serial tracked: give one serial number per unit (${quantity} units, ${serials.length} numbers).`,
          { [`lines[${i}].serialNumbers`]: 'one per unit' },
        )
      if (new Set(serials).size !== serials.length)
        throw badRequest(`${where}: a serial number is given twice: remove the repeat.`, {
          [`lines[${i}].serialNumbers`]: 'duplicates',
        })
      const taken = await sql<{ serialNumber: string }>`select serial_number from winv_serial_number
        where tenant_id = ${session.tenantId} and goods_id = ${goods.goodsId}
          and serial_number in (${sql.join(serials)})`.execute(db)
      if (taken.rows.length)
        throw new AppError(
          409,
          'error.duplicate',
          `${where}: serial number ${taken.rows.map((r) => r.serialNumber).join(', ')} of ${goods.goodsCode} is already received: check the serial numbers on the goods.`,
          { [`lines[${i}].serialNumbers`]: 'already received' },
        )
    }
    await moveStock(db, session, {
      warehouseId: order.warehouseId,
      locationId: order.receivingLocationId,
      ownerId: order.ownerId,
      goodsId: line.goodsId,
      batchCode,
      quantity,
      docType: 'INBOUND',
      docId: order.inboundOrderId,
      docNum: order.orderNum,
      docLineId: line.inboundLineId,
      reason: 'Received',
    })
    if (goods.serialManagedFlag) {
      for (const serial of serials) {
        await writeRecord(db, session, order, line, goods, {
          type: 'RECEIVE',
          locationId: order.receivingLocationId,
          batchCode,
          quantity: 1,
          serialNumber: serial,
        })
        const created = await sql<{ serialNumberId: number }>`insert into winv_serial_number (tenant_id,
            serial_number, goods_id, goods_code, warehouse_id, owner_id, location_id, batch_code, serial_status,
            inbound_order_id, order_num, created_by, last_updated_by)
          values (${session.tenantId}, ${serial}, ${goods.goodsId}, ${goods.goodsCode}, ${order.warehouseId}, ${order.ownerId},
            ${order.receivingLocationId}, ${batchCode}, 'IN_STOCK', ${order.inboundOrderId}, ${order.orderNum},
            ${session.userId}, ${session.userId}) returning serial_number_id`.execute(db)
        await changeSerials(
          db,
          session,
          [Number(created.rows[0]!.serialNumberId)],
          'IN_STOCK',
          docOf(order, 'INBOUND'),
          {},
          true,
        )
      }
    } else {
      await writeRecord(db, session, order, line, goods, {
        type: 'RECEIVE',
        locationId: order.receivingLocationId,
        batchCode,
        quantity,
      })
    }
    line.receivedQuantity = round4(line.receivedQuantity + quantity)
    await sql`update winv_inbound_order_line set received_quantity = ${line.receivedQuantity}, batch_code = ${batchCode || null},
        object_version_number = object_version_number + 1, last_updated_by = ${session.userId}, last_update_date = localtimestamp(0)
      where inbound_line_id = ${line.inboundLineId}`.execute(db)
    line.batchCode = batchCode || null
  }
  await updateTotals(db, order.inboundOrderId, lines)
  return { to: lines.every((l) => l.receivedQuantity >= l.quantity) ? 'RECEIVED' : 'PARTIAL' }
}

async function updateTotals(db: Db, orderId: number, lines: LineRow[]) {
  const received = round4(lines.reduce((sum, l) => sum + l.receivedQuantity - l.returnedQuantity, 0))
  const total = round4(lines.reduce((sum, l) => sum + l.quantity, 0))
  await sql`update winv_inbound_order set received_quantity = ${received}, total_quantity = ${total}
    where inbound_order_id = ${orderId}`.execute(db)
}

/** Where a line's put-away stock still lies from this order (PUTAWAY in, INBOUND_RETURN out), newest first. */
async function putawayPlaces(db: Db, tenantId: number, order: OrderRow, line: LineRow) {
  const { rows } = await sql<{ locationId: number; quantity: string }>`select location_id,
      sum(quantity_change) as quantity from winv_stock_transaction
    where tenant_id = ${tenantId} and doc_type in ('PUTAWAY', 'INBOUND_RETURN')
      and doc_id = ${order.inboundOrderId} and doc_line_id = ${line.inboundLineId} and location_id <> ${order.receivingLocationId}
    group by location_id having sum(quantity_change) > 0
    order by max(transaction_id) desc`.execute(db)
  return rows.map((row) => ({ locationId: Number(row.locationId), quantity: Number(row.quantity) }))
}

async function returnGoods(db: Db, session: Session, row: Row, body: Row) {
  const order = row as unknown as OrderRow
  const lines = await linesOf(db, order.inboundOrderId)
  const wanted = requestLines(body)
  if (!wanted)
    throw badRequest('lines: name the lines and quantities to return ({inboundLineId, quantity}).', {
      lines: 'required',
    })
  for (const [i, want] of wanted.entries()) {
    const line = lineById(lines, want.inboundLineId, order.orderNum)
    const where = lineName(order, line)
    const goods = await goodsOf(db, session.tenantId, line.goodsId)
    const serials = want.serialNumbers ?? []
    if (!goods.serialManagedFlag && serials.length)
      throw badRequest(
        `${where}: ${goods.goodsCode} is not serial tracked: give the quantity to return, without serial numbers.`,
        { [`lines[${i}].serialNumbers`]: 'not serial tracked' },
      )
    const quantity = want.quantity ?? serials.length
    if (!quantity)
      throw badRequest(
        `${where}: give the quantity to return${goods.serialManagedFlag ? ', or the serial numbers going back' : ''}.`,
        { [`lines[${i}].quantity`]: 'required' },
      )
    const inStock = round4(line.receivedQuantity - line.returnedQuantity)
    if (quantity > inStock)
      throw new AppError(
        409,
        'error.over_return',
        `${where}: cannot return ${quantity}, only ${inStock} received and not yet returned: enter at most ${inStock}.`,
        { [`lines[${i}].quantity`]: `at most ${inStock}` },
      )
    // Not yet put away: from the receiving location; put away: from its putaway location.
    const waiting = round4(line.receivedQuantity - line.putawayQuantity - line.returnedQuantity)
    const fromReceiving = Math.min(quantity, Math.max(waiting, 0))
    const fromStorage = round4(quantity - fromReceiving)
    const booking = lineBooking(order, line, 'INBOUND_RETURN', String(body.reason ?? 'Returned to supplier'))
    if (goods.serialManagedFlag) {
      if (serials.length !== quantity)
        throw badRequest(
          `${where}: ${goods.goodsCode} is serial tracked: name the serial numbers returned (${quantity} units, ${serials.length} numbers).`,
          { [`lines[${i}].serialNumbers`]: 'one per unit' },
        )
      const leaving = await serialIds(
        db,
        session.tenantId,
        sql`inbound_order_id = ${order.inboundOrderId} and goods_id = ${line.goodsId}
          and serial_status = 'IN_STOCK' and serial_number in (${sql.join(serials)})`,
      )
      await changeSerials(db, session, leaving, 'RETURNED', docOf(order, 'INBOUND_RETURN'))
      if (leaving.length !== serials.length)
        throw new AppError(
          409,
          'error.over_return',
          `${where}: a serial number given is not in stock from this order: check the serial numbers on the goods.`,
          { [`lines[${i}].serialNumbers`]: 'not in stock from this order' },
        )
    }
    if (fromReceiving > 0)
      await moveStock(db, session, {
        ...booking,
        locationId: order.receivingLocationId,
        quantity: -fromReceiving,
      })
    // A line put away over several locations (putaway.ts) gives back from the last one first.
    let left = fromStorage
    for (const place of fromStorage > 0 ? await putawayPlaces(db, session.tenantId, order, line) : []) {
      if (left <= 0) break
      const take = Math.min(left, place.quantity)
      await moveStock(db, session, { ...booking, locationId: place.locationId, quantity: -take })
      left = round4(left - take)
    }
    if (left > 0)
      await moveStock(db, session, { ...booking, locationId: line.putawayLocationId!, quantity: -left })
    await writeRecord(db, session, order, line, goods, {
      type: 'RETURN',
      locationId: fromStorage > 0 ? line.putawayLocationId! : order.receivingLocationId,
      batchCode: line.batchCode ?? '',
      quantity: -quantity,
      serialNumber: serials.length ? serials.join(',').slice(0, 80) : undefined,
    })
    line.returnedQuantity = round4(line.returnedQuantity + quantity)
    await sql`update winv_inbound_order_line set returned_quantity = ${line.returnedQuantity},
        object_version_number = object_version_number + 1, last_updated_by = ${session.userId}, last_update_date = localtimestamp(0)
      where inbound_line_id = ${line.inboundLineId}`.execute(db)
  }
  await updateTotals(db, order.inboundOrderId, lines)
  const allBack = lines.every((l) => l.returnedQuantity >= l.receivedQuantity)
  return { to: allBack ? 'RETURNED' : String(row.orderStatus) }
}

export const inboundBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/inbound-order',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let warehouseId = Number(values.warehouseId)
        if (op === 'update') {
          const current = await sql<{ warehouseId: number }>`select warehouse_id from winv_inbound_order
        where tenant_id = ${session.tenantId} and inbound_order_id = ${Number(body.inboundOrderId)}`.execute(
            db,
          )
          if (!current.rows[0]) return // not this tenant's: the generic update answers 404
          warehouseId = current.rows[0].warehouseId
        }
        if (op === 'create') {
          values.warehouseName = await nameOf(db, 'warehouse', session.tenantId, values.warehouseId)
          values.ownerName = await nameOf(db, 'owner', session.tenantId, values.ownerId)
          Object.assign(values, { totalQuantity: 0, receivedQuantity: 0 })
        }
        if (values.receivingLocationId !== undefined && values.receivingLocationId !== null) {
          const location = await locationOf(
            db,
            session.tenantId,
            values.receivingLocationId,
            warehouseId,
            'receivingLocationId',
          )
          values.receivingLocationCode = location.locationCode
        }
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/inbound-order-line',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        const lineId = body.inboundLineId
        const orderId =
          op === 'create'
            ? values.inboundOrderId
            : (
                await sql<{ inboundOrderId: number }>`select inbound_order_id from winv_inbound_order_line
              where tenant_id = ${session.tenantId} and inbound_line_id = ${Number(lineId)}`.execute(db)
              ).rows[0]?.inboundOrderId
        if (orderId === undefined) return // the generic write answers 404
        // its status was checked before (the order's `editable` statuses, models/line-document.ts)
        const order = await orderOf(db, session.tenantId, orderId)
        if (op === 'delete') return
        if (op === 'create') {
          Object.assign(values, { warehouseId: order.warehouseId, ownerId: order.ownerId })
          Object.assign(values, { receivedQuantity: 0, putawayQuantity: 0, returnedQuantity: 0 })
          // a line added without a number goes after the order's last one (the screens leave it empty)
          if (values.lineNum === undefined || values.lineNum === null)
            values.lineNum = (
              await sql<{
                next: number
              }>`select coalesce(max(line_num), 0) + 1 as next from winv_inbound_order_line
            where tenant_id = ${session.tenantId} and inbound_order_id = ${Number(orderId)}`.execute(db)
            ).rows[0]!.next
        }
        if (values.goodsId !== undefined) {
          const goods = await goodsOf(db, session.tenantId, values.goodsId)
          if (goods.ownerId !== order.ownerId)
            throw badRequest(
              `goodsId: ${goods.goodsCode} belongs to another owner than inbound order ${order.orderNum}: pick goods of the order's owner.`,
              { goodsId: "not the order's owner" },
            )
          values.goodsCode = goods.goodsCode
          values.goodsName = goods.goodsName
        }
        if (values.putawayLocationId !== undefined && values.putawayLocationId !== null) {
          const location = await locationOf(
            db,
            session.tenantId,
            values.putawayLocationId,
            order.warehouseId,
            'putawayLocationId',
          )
          values.putawayLocationCode = location.locationCode
        }
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/inbound-order',
    transitions: {
      execute: async ({ db, row }) => {
        const lines = await linesOf(db, Number(row.inboundOrderId))
        if (!lines.length)
          throw badRequest(
            `Inbound order ${String(row.orderNum)} has no lines: add the goods expected before executing it.`,
            { lines: 'required' },
          )
        await updateTotals(db, Number(row.inboundOrderId), lines)
      },
    },
  }),
  modelBehaviour({
    model: 'wms/inbound-order',
    transitions: { receive: ({ db, session, row, body }) => receive(db, session, row, body) },
  }),
  modelBehaviour({
    model: 'wms/inbound-order',
    transitions: { putaway: async ({ db, session, row, body }) => putaway(db, session, row, body) },
  }),
  modelBehaviour({
    model: 'wms/inbound-order',
    transitions: { returnGoods: ({ db, session, row, body }) => returnGoods(db, session, row, body) },
  }),
]
