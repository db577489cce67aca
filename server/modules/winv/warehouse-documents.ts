/**
 * Effects of the in-warehouse documents (schemas/models/wms/…): inbound notices (execute creates the inbound
 * order), inventory transfers (stock leaves the source and enters the target in the action's transaction;
 * replenishment tasks are confirmed in replenishment.ts), quality holds (lock here; release, reject or a split decision in quality-decision.ts) and requisition notes (issue). Every quantity
 * goes through the stock ledger (moveStock): a shortage refuses with 409 and the transaction rolls back, so
 * nothing changes. Writes fill the goods and location codes and check that goods belong to the document's
 * owner and locations to its warehouse.
 */
import { behaviourOf, modelBehaviour, withBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { projectPath } from '../../paths.ts'
import type { Session } from '../../types.ts'
import type { Row } from '../models/model-scope.ts'
import { createRow } from '../models/model-write.ts'
import { moveStock } from '../stock/ledger.ts'
import { goodsOf, locationOf } from './lookup.ts'
import { decideSplit, rejectWhole, releaseWhole } from './quality-decision.ts'

const modelFile = (name: string) =>
  JSON.parse(
    readFileSync(projectPath('schemas', 'models', 'wms', `${name}.model.json`), 'utf8'),
  ) as ModelSchema

interface DocSpec {
  model: string
  table: string
  key: string
  /** Header field holding the warehouse of each location field. */
  locations: Record<string, string>
}

const DOCS: DocSpec[] = [
  {
    model: 'wms/inbound-notice-order',
    table: 'winv_inbound_notice_order',
    key: 'inboundNoticeOrderId',
    locations: { receivingLocationId: 'warehouseId' },
  },
  {
    model: 'wms/inventory-transfer',
    table: 'winv_inventory_transfer',
    key: 'inventoryTransferId',
    locations: { fromLocationId: 'fromWarehouseId', toLocationId: 'toWarehouseId' },
  },
  {
    model: 'wms/stock-replacement',
    table: 'winv_stock_replacement',
    key: 'stockReplacementId',
    locations: { fromLocationId: 'warehouseId', toLocationId: 'warehouseId' },
  },
  {
    model: 'wms/quality-check',
    table: 'winv_quality_check',
    key: 'qualityCheckId',
    locations: { locationId: 'warehouseId' },
  },
  {
    model: 'wms/requisition-note',
    table: 'winv_requisition_note',
    key: 'requisitionNoteId',
    locations: { locationId: 'warehouseId' },
  },
  {
    model: 'wms/vendor-return',
    table: 'winv_vendor_return',
    key: 'vendorReturnId',
    locations: { locationId: 'warehouseId' },
  },
]

const codeField = (locationField: string) => locationField.replace(/Id$/, 'Code')

/** Fills goods and location codes; goods must be of the owner, locations of their warehouse. */
function writeChecks(spec: DocSpec): ModelBehaviour {
  return modelBehaviour({
    model: spec.model,
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let header: Row = values
        if (op === 'update') {
          const current = await sql<Row>`select * from ${sql.table(spec.table)}
        where tenant_id = ${session.tenantId} and ${sql.ref(snake(spec.key))} = ${Number(body[spec.key])}`.execute(
            db,
          )
          if (!current.rows[0]) return // not this tenant's: the generic update answers 404
          header = { ...current.rows[0], ...values }
        }
        if (values.goodsId !== undefined && values.goodsId !== null) {
          const goods = await goodsOf(db, session.tenantId, values.goodsId)
          if (header.ownerId !== undefined && goods.ownerId !== Number(header.ownerId))
            throw badRequest(
              `goodsId: ${goods.goodsCode} belongs to another owner: pick goods of the document's owner.`,
              {
                goodsId: "not the document's owner",
              },
            )
          values.goodsCode = goods.goodsCode
          values.goodsName = goods.goodsName
        }
        for (const [field, warehouseField] of Object.entries(spec.locations)) {
          const value = values[field]
          if (value === undefined || value === null || value === '') continue
          const location = await locationOf(
            db,
            session.tenantId,
            value,
            Number(header[warehouseField]),
            field,
          )
          values[codeField(field)] = location.locationCode
        }
      },
    ],
  })
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

function stockKey(row: Row, warehouseField: string, locationField: string) {
  return {
    warehouseId: Number(row[warehouseField]),
    locationId: Number(row[locationField]),
    ownerId: Number(row.ownerId),
    goodsId: Number(row.goodsId),
    batchCode: String(row.batchCode ?? ''),
  }
}

/** Out of the source (−q), into the target (+q); moveStock refuses a shortage with 409. */
async function transfer(
  db: Db,
  session: Session,
  row: Row,
  from: [string, string],
  to: [string, string],
  doc: { docType: string; docId: number; docNum: string },
) {
  const quantity = Number(row.quantity)
  const source = stockKey(row, ...from)
  const target = stockKey(row, ...to)
  if (source.warehouseId === target.warehouseId && source.locationId === target.locationId)
    throw badRequest('The source and target locations are the same: pick another target location.', {
      [to[1]]: 'same as the source',
    })
  await moveStock(db, session, { ...source, ...doc, quantity: -quantity, allowNegative: false })
  await moveStock(db, session, { ...target, ...doc, quantity })
}

const now = () => new Date()

/** The hold locks the quantity (409 when not that much is available); its decision: quality-decision.ts. */
const hold = async ({ db, session, row }: { db: Db; session: Session; row: Row }) => {
  await moveStock(db, session, {
    ...stockKey(row, 'warehouseId', 'locationId'),
    locked: Number(row.quantity),
    docType: 'QC_HOLD',
    docId: Number(row.qualityCheckId),
    docNum: String(row.qcNum),
    reason: String(row.qcReason ?? ''),
  })
}

export const restDocBehaviour: ModelBehaviour[] = [
  ...DOCS.map(writeChecks),
  modelBehaviour({
    model: 'wms/inbound-notice-order',
    transitions: {
      execute: async ({ db, session, row, model }) => {
        if (!row.receivingLocationId)
          throw badRequest(
            `Notice ${String(row.noticeNum)} has no receiving location: cancel it and create it again with a receiving location.`,
            { receivingLocationId: 'required to execute' },
          )
        const order = await createRow(
          db,
          withBehaviour(modelFile('inbound-order'), behaviourOf(model)),
          session,
          {
            orderType: 'PURCHASE',
            warehouseId: row.warehouseId,
            ownerId: row.ownerId,
            // the supplier chosen from master data goes on: the order is seen by the users granted that vendor
            ...(row.vendorId ? { vendorId: row.vendorId } : {}),
            supplierName: row.supplierName,
            sourceNum: row.noticeNum,
            receivingLocationId: row.receivingLocationId,
            expectedDate: row.expectedDate,
            remark: `From inbound notice ${String(row.noticeNum)}`,
          },
        )
        await createRow(db, withBehaviour(modelFile('inbound-order-line'), behaviourOf(model)), session, {
          inboundOrderId: order.inboundOrderId,
          warehouseId: row.warehouseId,
          ownerId: row.ownerId,
          lineNum: 1,
          goodsId: row.goodsId,
          goodsCode: row.goodsCode,
          goodsName: row.goodsName,
          batchCode: row.batchCode ?? '',
          quantity: row.quantity,
        })
        await sql`update winv_inbound_notice_order set executed_at = ${now()}, inbound_order_num = ${String(order.orderNum)}
      where inbound_notice_order_id = ${Number(row.inboundNoticeOrderId)}`.execute(db)
      },
    },
  }),

  modelBehaviour({
    model: 'wms/inventory-transfer',
    transitions: {
      post: async ({ db, session, row }) => {
        await transfer(
          db,
          session,
          row,
          ['fromWarehouseId', 'fromLocationId'],
          ['toWarehouseId', 'toLocationId'],
          {
            docType: 'TRANSFER',
            docId: Number(row.inventoryTransferId),
            docNum: String(row.transferNum),
          },
        )
        await sql`update winv_inventory_transfer set posted_at = ${now()}
      where inventory_transfer_id = ${Number(row.inventoryTransferId)}`.execute(db)
      },
    },
  }),

  // replenishment tasks are confirmed in replenishment.ts (confirmed quantity, who confirmed)

  modelBehaviour({
    model: 'wms/quality-check',
    transitions: { hold, release: releaseWhole, reject: rejectWhole, decide: decideSplit },
  }),

  modelBehaviour({
    model: 'wms/requisition-note',
    transitions: {
      handle: async ({ db, session, row }) => {
        await moveStock(db, session, {
          ...stockKey(row, 'warehouseId', 'locationId'),
          quantity: -Number(row.quantity),
          allowNegative: false,
          docType: 'REQUISITION',
          docId: Number(row.requisitionNoteId),
          docNum: String(row.requisitionNum),
          reason: `${String(row.department)} / ${String(row.requester)}`,
        })
        await sql`update winv_requisition_note set handled_at = ${now()}
      where requisition_note_id = ${Number(row.requisitionNoteId)}`.execute(db)
      },
    },
  }),
]
