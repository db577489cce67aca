/**
 * Stock adjustments (NEW → approve → POSTED, cancel) and stock counts (NEW → start → COUNTING → post → POSTED,
 * cancel): every change of stock goes through the stock ledger (docType ADJUST / COUNT) in the transition's
 * transaction, so a refused line (a balance that would go below zero) leaves nothing posted.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import { onTransition } from '../models/lifecycle.ts'
import { onRowWrite } from '../models/write-guards.ts'
import { moveStock } from '../stock/ledger.ts'
import { goodsOf, locationOf, nameOf } from './lookup.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

interface AdjustHeader {
  stockAdjustId: number
  adjustNum: string
  adjustStatus: string
  warehouseId: number
  ownerId: number
  adjustReason: string
}

async function adjustOf(db: Db, tenantId: number, id: unknown): Promise<AdjustHeader> {
  const found =
    await sql<AdjustHeader>`select stock_adjust_id, adjust_num, adjust_status, warehouse_id, owner_id,
      adjust_reason from winv_stock_adjust where tenant_id = ${tenantId} and stock_adjust_id = ${Number(id)}`.execute(
      db,
    )
  const header = found.rows[0]
  if (!header)
    throw badRequest(`stockAdjustId: adjustment ${String(id)} does not exist: reload it.`, {
      stockAdjustId: 'unknown',
    })
  return header
}

interface CountHeader {
  stockCountId: number
  countNum: string
  countStatus: string
  warehouseId: number
  whareaId: number | null
}

export function registerInventory(): void {
  onRowWrite('wms/stockAdjust', async ({ db, session, op, values }) => {
    if (op !== 'create') return
    values.warehouseName = await nameOf(db, 'warehouse', session.tenantId, values.warehouseId)
    values.ownerName = await nameOf(db, 'owner', session.tenantId, values.ownerId)
  })
  onRowWrite('wms/stockAdjustLine', async ({ db, session, op, values, body }) => {
    const headerId =
      op === 'create'
        ? values.stockAdjustId
        : (
            await sql<{ stockAdjustId: number }>`select stock_adjust_id from winv_stock_adjust_line
              where tenant_id = ${session.tenantId} and adjust_line_id = ${Number(body.adjustLineId)}`.execute(
              db,
            )
          ).rows[0]?.stockAdjustId
    if (headerId === undefined) return
    // its status was checked before (the adjustment's `editable` statuses, models/line-document.ts)
    const header = await adjustOf(db, session.tenantId, headerId)
    if (op === 'delete') return
    if (values.quantityChange !== undefined && !Number(values.quantityChange))
      throw badRequest('quantityChange: give a change other than 0 (+ found, - lost or damaged).', {
        quantityChange: 'must not be 0',
      })
    if (values.goodsId !== undefined) {
      const goods = await goodsOf(db, session.tenantId, values.goodsId)
      if (goods.ownerId !== header.ownerId)
        throw badRequest(
          `goodsId: ${goods.goodsCode} belongs to another owner than adjustment ${header.adjustNum}: pick goods of its owner.`,
          { goodsId: "not the adjustment's owner" },
        )
      if (goods.batchManagedFlag && !String(values.batchCode ?? body.batchCode ?? '').trim())
        throw badRequest(`batchCode: ${goods.goodsCode} is batch tracked: give the batch to adjust.`, {
          batchCode: 'required for batch-tracked goods',
        })
      values.goodsCode = goods.goodsCode
      values.goodsName = goods.goodsName
    }
    if (values.locationId !== undefined && values.locationId !== null) {
      const location = await locationOf(db, session.tenantId, values.locationId, header.warehouseId)
      values.locationCode = location.locationCode
    }
  })
  onTransition('wms/stockAdjust', 'approve', async ({ db, session, row }) => {
    const header = row as unknown as AdjustHeader
    const lines = await sql<{
      adjustLineId: number
      goodsId: number
      locationId: number
      batchCode: string | null
      quantityChange: number
      remark: string | null
    }>`
      select adjust_line_id, goods_id, location_id, batch_code, quantity_change, remark from winv_stock_adjust_line
      where stock_adjust_id = ${header.stockAdjustId} order by adjust_line_id`.execute(db)
    if (!lines.rows.length)
      throw badRequest(
        `Adjustment ${header.adjustNum} has no lines: add the goods to adjust before approving it.`,
        { lines: 'required' },
      )
    for (const line of lines.rows) {
      await moveStock(db, session, {
        warehouseId: header.warehouseId,
        locationId: line.locationId,
        ownerId: header.ownerId,
        goodsId: line.goodsId,
        batchCode: line.batchCode ?? '',
        quantity: Number(line.quantityChange),
        docType: 'ADJUST',
        docId: header.stockAdjustId,
        docNum: header.adjustNum,
        docLineId: line.adjustLineId,
        reason: line.remark || header.adjustReason,
      })
    }
    await sql`update winv_stock_adjust set posted_date = localtimestamp(0) where stock_adjust_id = ${header.stockAdjustId}`.execute(
      db,
    )
  })

  onRowWrite('wms/stockCount', async ({ db, session, op, values, body }) => {
    if (op === 'delete') return
    let warehouseId = values.warehouseId
    if (op === 'create') values.warehouseName = await nameOf(db, 'warehouse', session.tenantId, warehouseId)
    else
      warehouseId = (
        await sql<{ warehouseId: number }>`select warehouse_id from winv_stock_count
          where tenant_id = ${session.tenantId} and stock_count_id = ${Number(body.stockCountId)}`.execute(db)
      ).rows[0]?.warehouseId
    if (values.whareaId !== undefined && values.whareaId !== null) {
      const area = await sql<{
        whareaName: string
        warehouseId: number
      }>`select wharea_name, warehouse_id from wmdm_wharea
        where tenant_id = ${session.tenantId} and wharea_id = ${Number(values.whareaId)}`.execute(db)
      const found = area.rows[0]
      if (!found || found.warehouseId !== Number(warehouseId))
        throw badRequest(
          `whareaId: area ${String(values.whareaId)} is not an area of the count's warehouse: pick one of its areas or leave it empty.`,
          { whareaId: 'area of another warehouse' },
        )
      values.whareaName = found.whareaName
    }
  })
  onRowWrite('wms/stockCountLine', async ({ db, session, op, values, body }) => {
    const refuse = () =>
      conflict(
        'error.server_written',
        "Count lines are written by the count's start action (one per balance): they cannot be added or removed by hand. Enter the counted quantities on its lines.",
      )
    if (op === 'create') throw refuse()
    const found = await sql<
      CountHeader & { bookQuantity: number }
    >`select c.stock_count_id, c.count_num, c.count_status,
        l.book_quantity from winv_stock_count_line l join winv_stock_count c on c.stock_count_id = l.stock_count_id
      where l.tenant_id = ${session.tenantId} and l.count_line_id = ${Number(body.countLineId)}`.execute(db)
    const line = found.rows[0]
    if (!line) return // not this tenant's: the generic write answers 404
    if (op === 'delete') throw refuse()
    // only while COUNTING: the count's `linesEditable`, checked before (models/line-document.ts)
    if (values.countedQuantity === undefined) return
    if (values.countedQuantity === null) {
      values.differenceQuantity = null
      return
    }
    const counted = Number(values.countedQuantity)
    if (!Number.isFinite(counted) || counted < 0)
      throw badRequest(
        `countedQuantity: give the quantity found (0 or more), not ${String(values.countedQuantity)}.`,
        { countedQuantity: 'must be 0 or more' },
      )
    values.differenceQuantity = round4(counted - Number(line.bookQuantity))
  })
  onTransition('wms/stockCount', 'start', async ({ db, session, row }) => {
    const header = row as unknown as CountHeader
    const inserted =
      await sql`insert into winv_stock_count_line (tenant_id, stock_count_id, warehouse_id, location_id,
        location_code, owner_id, goods_id, goods_code, goods_name, batch_code, book_quantity, created_by, last_updated_by)
      select s.tenant_id, ${header.stockCountId}, s.warehouse_id, s.location_id, l.location_code, s.owner_id, s.goods_id,
        g.goods_code, g.goods_name, s.batch_code, s.quantity, ${session.userId}, ${session.userId}
      from winv_stock s join wmdm_location l on l.location_id = s.location_id join wmdm_goods g on g.goods_id = s.goods_id
      where s.tenant_id = ${session.tenantId} and s.warehouse_id = ${header.warehouseId} and s.quantity <> 0
        ${header.whareaId ? sql`and l.wharea_id = ${header.whareaId}` : sql``}
      order by l.location_code, g.goods_code, s.batch_code`.execute(db)
    const count = Number(inserted.numAffectedRows ?? 0)
    if (!count)
      throw conflict(
        'error.nothing_to_count',
        `Count ${header.countNum}: there is no stock in ${header.whareaId ? 'this area' : 'this warehouse'} to count; pick another area or warehouse.`,
      )
    await sql`update winv_stock_count set line_count = ${count} where stock_count_id = ${header.stockCountId}`.execute(
      db,
    )
  })
  onTransition('wms/stockCount', 'post', async ({ db, session, row }) => {
    const header = row as unknown as CountHeader
    const lines = await sql<{
      countLineId: number
      locationId: number
      ownerId: number
      goodsId: number
      batchCode: string
      bookQuantity: number
      countedQuantity: number | null
    }>`
      select count_line_id, location_id, owner_id, goods_id, batch_code, book_quantity, counted_quantity
      from winv_stock_count_line where stock_count_id = ${header.stockCountId} order by count_line_id`.execute(
      db,
    )
    const uncounted = lines.rows.filter((l) => l.countedQuantity === null).length
    if (uncounted === lines.rows.length)
      throw badRequest(
        `Count ${header.countNum}: no line has a counted quantity yet: enter what was found before posting.`,
        { countedQuantity: 'required' },
      )
    let differences = 0
    for (const line of lines.rows) {
      if (line.countedQuantity === null) continue
      const difference = round4(Number(line.countedQuantity) - Number(line.bookQuantity))
      if (!difference) continue
      differences++
      await moveStock(db, session, {
        warehouseId: header.warehouseId,
        locationId: line.locationId,
        ownerId: line.ownerId,
        goodsId: line.goodsId,
        batchCode: line.batchCode ?? '',
        quantity: difference,
        docType: 'COUNT',
        docId: header.stockCountId,
        docNum: header.countNum,
        docLineId: line.countLineId,
        reason: `Counted ${Number(line.countedQuantity)}, book ${Number(line.bookQuantity)}`,
      })
    }
    await sql`update winv_stock_count set difference_count = ${differences}, posted_date = localtimestamp(0)
      where stock_count_id = ${header.stockCountId}`.execute(db)
  })
}
