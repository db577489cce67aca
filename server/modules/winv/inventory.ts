/**
 * Stock adjustments (NEW → approve → POSTED, cancel): every change of stock goes through the stock ledger
 * (docType ADJUST) in the transition's transaction, so a refused line (a balance that would go below zero) leaves
 * nothing posted. Stock counts are in stock-count.ts.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { moveStock } from '../stock/ledger.ts'
import { goodsOf, locationOf, nameOf } from './lookup.ts'

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

export const inventoryBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/stock-adjust',
    writeGuards: [
      async ({ db, session, op, values }) => {
        if (op !== 'create') return
        values.warehouseName = await nameOf(db, 'warehouse', session.tenantId, values.warehouseId)
        values.ownerName = await nameOf(db, 'owner', session.tenantId, values.ownerId)
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/stock-adjust-line',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
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
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/stock-adjust',
    transitions: {
      approve: async ({ db, session, row }) => {
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
      },
    },
  }),
]
