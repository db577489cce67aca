/**
 * Completing a processing order (wms/processingOrder, action `complete`) inside the action's transaction:
 * when the goods processed has an enabled BOM of its owner (wms/bomOrder whose kitGoodsCode is the goods code,
 * lines wms/bomOrderLine), the components are consumed — processedQuantity × the BOM quantity of each, taken
 * from the locations with available stock of the warehouse (batch, then location order), docType
 * PROCESS_CONSUME — and the processed quantity of the product is booked in at the order's work location
 * (locationId, docType PROCESS_PRODUCE), all through the stock ledger. KITTING without a BOM is refused;
 * LABELLING and GIFT_WRAP without a BOM work on the goods where they lie and move no stock. A shortage of any
 * component answers 409 and rolls the whole step back (no consumption, no product, status unchanged).
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { Row } from '../models/model-scope.ts'
import { availableByLocation, moveStock, StockShortage } from '../stock/ledger.ts'
import { goodsOf, locationOf } from '../winv/lookup.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

export async function completeProcessing(db: Db, session: Session, row: Row, body: Row): Promise<void> {
  const num = String(row.processingNum)
  const done = Number(body.processedQuantity ?? row.quantity)
  if (!Number.isFinite(done) || done <= 0 || done > Number(row.quantity))
    throw badRequest(
      `Processing order ${num}: processed quantity must be more than 0 and at most ${String(row.quantity)}: enter a quantity in that range.`,
      { processedQuantity: `From 0 to ${String(row.quantity)}` },
    )
  const warehouseId = Number(row.warehouseId)
  const product = await goodsOf(db, session.tenantId, row.goodsId)
  const { rows: boms } = await sql<{ bomId: number; bomCode: string }>`select bom_id, bom_code
    from wmdm_bom_order where tenant_id = ${session.tenantId} and kit_goods_code = ${product.goodsCode}
      and owner_id = ${product.ownerId} and enabled_flag = 1 order by bom_code limit 1`.execute(db)
  const bom = boms[0]
  const doc = { docType: '', docId: Number(row.processingId), docNum: num }
  let locationId: number | null = null
  if (bom) {
    const { rows: parts } = await sql<{ componentGoodsCode: string; quantity: number }>`
      select component_goods_code, quantity from wmdm_bom_order_line where bom_id = ${bom.bomId}
      order by bom_line_id`.execute(db)
    if (!parts.length)
      throw conflict(
        'error.bom_empty',
        `Processing order ${num}: BOM ${bom.bomCode} of ${product.goodsCode} has no components: add its lines first.`,
      )
    const target = body.locationId ?? row.locationId
    if (target === undefined || target === null || target === '')
      throw badRequest(
        `Processing order ${num}: give the work location (locationId) where the made ${product.goodsCode} is put.`,
        { locationId: 'required' },
      )
    locationId = (await locationOf(db, session.tenantId, target, warehouseId)).locationId
    for (const part of parts) {
      const { rows: found } = await sql<{ goodsId: number }>`select goods_id from wmdm_goods
        where tenant_id = ${session.tenantId} and goods_code = ${part.componentGoodsCode}
          and owner_id = ${product.ownerId}`.execute(db)
      const component = found[0]
      if (!component)
        throw conflict(
          'error.bom_component',
          `Processing order ${num}: component ${part.componentGoodsCode} of BOM ${bom.bomCode} is not a goods of the owner of ${product.goodsCode}: correct the BOM.`,
        )
      let missing = round4(done * Number(part.quantity))
      const places = await availableByLocation(db, session.tenantId, {
        warehouseId,
        goodsId: Number(component.goodsId),
        ownerId: product.ownerId,
      })
      const available = round4(places.reduce((sum, p) => sum + p.available, 0))
      if (available < missing)
        throw new StockShortage(
          `Processing order ${num}: not enough ${part.componentGoodsCode} to make ${done} × ${product.goodsCode}: needs ${missing}, ${available} available in the warehouse. Receive or move the component first, or complete a smaller processed quantity.`,
        )
      for (const place of places) {
        if (missing <= 0) break
        const take = Math.min(place.available, missing)
        // moveStock locks the balance and checks it again: stock taken meanwhile answers 409
        await moveStock(db, session, {
          warehouseId,
          locationId: place.locationId,
          ownerId: place.ownerId,
          goodsId: Number(component.goodsId),
          batchCode: place.batchCode,
          quantity: -take,
          allowNegative: false,
          ...doc,
          docType: 'PROCESS_CONSUME',
          reason: `Component of ${product.goodsCode} (BOM ${bom.bomCode})`,
        })
        missing = round4(missing - take)
      }
    }
    const batchCode = typeof body.batchCode === 'string' ? body.batchCode.trim() : ''
    if (product.batchManagedFlag && !batchCode)
      throw badRequest(
        `Processing order ${num}: ${product.goodsCode} is batch tracked: give the batch (batchCode) of the goods made.`,
        { batchCode: 'required for batch-tracked goods' },
      )
    await moveStock(db, session, {
      warehouseId,
      locationId,
      ownerId: product.ownerId,
      goodsId: product.goodsId,
      batchCode,
      quantity: done,
      ...doc,
      docType: 'PROCESS_PRODUCE',
      reason: `Made from BOM ${bom.bomCode}`,
    })
  } else if (String(row.processingType) === 'KITTING') {
    throw conflict(
      'error.bom_missing',
      `Processing order ${num}: kitting ${product.goodsCode} needs an enabled BOM of its owner naming the components: add one on the BOM page (kit goods code ${product.goodsCode}).`,
    )
  }
  await sql`update winv_processing_order set processed_quantity = ${done},
      location_id = coalesce(${locationId}::bigint, location_id)
    where processing_id = ${Number(row.processingId)}`.execute(db)
}

/** The work location must be of the order's warehouse; its code is kept beside it for the lists. */
export const processingBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/processing-order',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete' || values.locationId === undefined || values.locationId === null) return
        let warehouseId = Number(values.warehouseId)
        if (op === 'update' && values.warehouseId === undefined) {
          const { rows } = await sql<{ warehouseId: number }>`select warehouse_id from winv_processing_order
        where tenant_id = ${session.tenantId} and processing_id = ${Number(body.processingId)}`.execute(db)
          if (!rows[0]) return // not this tenant's: the generic update answers 404
          warehouseId = Number(rows[0].warehouseId)
        }
        values.locationCode = (
          await locationOf(db, session.tenantId, values.locationId, warehouseId)
        ).locationCode
      },
    ],
  }),
]
