/**
 * What a whole-order receive can take: the lines of an inbound order that are still open, each with its open
 * quantity and whether its goods need a batch or serial numbers, so the receive dialog's line table
 * (widgets/line-table) asks for a quantity per line and checks it against the open quantity before sending.
 * The receive itself (inbound.ts) checks everything again in its transaction.
 *
 *   GET /api/wms/v1/{tenantId}/inbound-orders/{inboundOrderId}/receive-lines   (winv.inboundOrder.button.receive)
 *   → { lines: [{ inboundLineId, lineNum, goodsCode, goodsName, batchCode, barcode,
 *                 quantity, receivedQuantity,
 *                 openQuantity, batchManaged, serialManaged, expiryManaged }] }
 *
 * batchManaged is true for goods tracked by batch or by expiry (both need the lot, lots.ts); expiryManaged for
 * goods whose lots need an expiry date.
 *
 * Fully received lines are left out (an empty list: nothing is left to receive). The order must be one the user
 * may see (the inbound order model's data scope, as its own GET), else 404.
 */
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { modelDb, inScope } from '../models/model-scope.ts'
import { NoQuery, pathParams } from '../../schemas.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'

export interface ReceiveLine {
  inboundLineId: number
  lineNum: number | null
  goodsCode: string | null
  goodsName: string | null
  batchCode: string | null
  /** The goods' barcode (what the scan station reads). */
  barcode: string | null
  quantity: number
  receivedQuantity: number
  openQuantity: number
  batchManaged: boolean
  serialManaged: boolean
  expiryManaged: boolean
}

const round4 = (value: number) => Math.round(value * 10000) / 10000

const RECEIVE_LINES = '/api/wms/v1/:tenantId/inbound-orders/:inboundOrderId/receive-lines'

/** The inbound order `id` as the user's data scope shows it; 404 when it is not there for them. */
export async function inboundOrderInScope(
  db: Db,
  inboundOrder: ModelSchema,
  session: Session,
  id: number,
): Promise<Record<string, unknown>> {
  const order = (await inScope(
    modelDb(db).selectFrom(inboundOrder.table).selectAll().where(inboundOrder.primaryKey, '=', id),
    inboundOrder,
    session,
  ).executeTakeFirst()) as Record<string, unknown> | undefined
  if (!order) throw notFound(`Inbound order ${id} does not exist (or is not yours): reload the list.`)
  return order
}

/** The routes, given the inbound order model (its data scope decides which orders the user may ask about). */
export const receiveLineRoutes =
  (inboundOrder: ModelSchema): FastifyPluginAsync =>
  async (app) => {
    app.get(
      RECEIVE_LINES,
      {
        // the open lines are inbound order lines: a field a rule hides from the user is left out here too
        config: { fieldRules: { answers: [{ model: 'wms/inbound-order-line', at: 'lines' }] } },
        preHandler: requirePermission('winv.inboundOrder.button.receive'),
        schema: { querystring: NoQuery, params: pathParams(RECEIVE_LINES) },
      },
      async (request) => {
        const session = sessionOf(request)
        const id = (request.params as { inboundOrderId: number }).inboundOrderId
        await inboundOrderInScope(app.db, inboundOrder, session, id)
        const { rows } = await sql<{
          inboundLineId: number
          lineNum: number | null
          goodsCode: string | null
          goodsName: string | null
          batchCode: string | null
          barcode: string | null
          quantity: string
          receivedQuantity: string
          batchManagedFlag: number | null
          serialManagedFlag: number | null
          expiryManagedFlag: number | null
        }>`select l.inbound_line_id, l.line_num, coalesce(l.goods_code, g.goods_code) as goods_code,
          coalesce(l.goods_name, g.goods_name) as goods_name, l.batch_code, g.barcode, l.quantity, l.received_quantity,
          g.batch_managed_flag, g.serial_managed_flag, g.expiry_managed_flag
        from winv_inbound_order_line l join wmdm_goods g on g.goods_id = l.goods_id
        where l.tenant_id = ${session.tenantId} and l.inbound_order_id = ${id}
          and l.quantity > l.received_quantity
        order by l.line_num nulls last, l.inbound_line_id`.execute(app.db)
        const lines: ReceiveLine[] = rows.map((r) => ({
          inboundLineId: Number(r.inboundLineId),
          lineNum: r.lineNum === null ? null : Number(r.lineNum),
          goodsCode: r.goodsCode,
          goodsName: r.goodsName,
          batchCode: r.batchCode,
          barcode: r.barcode,
          quantity: Number(r.quantity),
          receivedQuantity: Number(r.receivedQuantity),
          openQuantity: round4(Number(r.quantity) - Number(r.receivedQuantity)),
          batchManaged: Number(r.batchManagedFlag) === 1 || Number(r.expiryManagedFlag) === 1,
          serialManaged: Number(r.serialManagedFlag) === 1,
          expiryManaged: Number(r.expiryManagedFlag) === 1,
        }))
        return { lines }
      },
    )
  }
