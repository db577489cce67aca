/**
 * Stock locks (wms/stockLock): NEW → lock → LOCKED moves the quantity into the balance's locked quantity
 * (ledger LOCK, 409 when not that much is available); LOCKED → unlock → RELEASED gives it back (UNLOCK);
 * cancel from NEW. Goods must be of the lock's owner and the location of its warehouse.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Row } from '../models/model-scope.ts'
import { moveStock } from '../stock/ledger.ts'
import type { Session } from '../../types.ts'
import { goodsOf, locationOf } from './lookup.ts'

async function move(db: Db, session: Session, row: Row, sign: 1 | -1) {
  await moveStock(db, session, {
    warehouseId: Number(row.warehouseId),
    locationId: Number(row.locationId),
    ownerId: Number(row.ownerId),
    goodsId: Number(row.goodsId),
    batchCode: String(row.batchCode ?? ''),
    locked: sign * Number(row.quantity),
    docType: sign > 0 ? 'LOCK' : 'UNLOCK',
    docId: Number(row.stockLockId),
    docNum: String(row.lockNum),
    reason: String(row.lockReason),
  })
}

export const stockLockBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/stock-lock',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let header = { warehouseId: Number(values.warehouseId), ownerId: Number(values.ownerId) }
        if (op === 'update') {
          const current = await sql<{ warehouseId: number; ownerId: number }>`select warehouse_id, owner_id
        from winv_stock_lock where tenant_id = ${session.tenantId} and stock_lock_id = ${Number(body.stockLockId)}`.execute(
            db,
          )
          if (!current.rows[0]) return // not this tenant's: the generic update answers 404
          header = current.rows[0]
        }
        if (values.goodsId !== undefined) {
          const goods = await goodsOf(db, session.tenantId, values.goodsId)
          if (goods.ownerId !== header.ownerId)
            throw badRequest(
              `goodsId: ${goods.goodsCode} belongs to another owner: pick goods of the lock's owner.`,
              {
                goodsId: "not the lock's owner",
              },
            )
          if (goods.batchManagedFlag && !String(values.batchCode ?? body.batchCode ?? '').trim())
            throw badRequest(`batchCode: ${goods.goodsCode} is batch tracked: give the batch to lock.`, {
              batchCode: 'required for batch-tracked goods',
            })
          values.goodsCode = goods.goodsCode
          values.goodsName = goods.goodsName
        }
        if (values.locationId !== undefined && values.locationId !== null)
          values.locationCode = (
            await locationOf(db, session.tenantId, values.locationId, header.warehouseId)
          ).locationCode
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/stock-lock',
    transitions: { lock: ({ db, session, row }) => move(db, session, row, 1) },
  }),
  modelBehaviour({
    model: 'wms/stock-lock',
    transitions: { unlock: ({ db, session, row }) => move(db, session, row, -1) },
  }),
]
