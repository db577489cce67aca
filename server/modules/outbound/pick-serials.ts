/**
 * What a pick must name before it is confirmed: the serial-tracked lines of an ALLOCATED order (or of every
 * ALLOCATED order of a RELEASED wave) with their OPEN picking tasks, so the pick dialog can ask for one serial
 * number per unit (widgets/pick-serials). Each line lists where its units are taken from and the serial numbers
 * in stock there, to scan or pick from. The pick itself checks everything again (order-stock.ts).
 *
 *   GET /api/wms/v1/{tenantId}/outbound-orders/{outboundOrderId}/pick-serials   (winv.outboundOrder.button.pick)
 *   GET /api/wms/v1/{tenantId}/wave-orders/{waveId}/pick-serials                (winv.waveOrder.button.pick)
 *   → { lines: [{ outboundLineId, outboundOrderId, orderNum, lineNum, goodsId, goodsCode, goodsName, quantity,
 *                 places: [{ locationCode, batchCode, quantity }], inStock: [serialNumber, …] }] }
 *
 * Lines without open tasks (nothing left to pick) and goods that are not serial tracked are left out: an empty
 * list means the pick needs no serial numbers. The order or wave must be in the user's data scope, else 404.
 */
import type { FastifyPluginAsync } from 'fastify'
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { grantedIds, isDataUnrestricted } from '../models/model-scope.ts'
import { NoQuery } from '../../schemas.ts'

/** Most in-stock serial numbers offered per line (the clerk scans the label; the list is a convenience). */
export const IN_STOCK_OFFERED = 200

export interface PickSerialLine {
  outboundLineId: number
  outboundOrderId: number
  orderNum: string
  lineNum: number | null
  goodsId: number
  goodsCode: string
  goodsName: string | null
  /** Units to name: the quantity of the line's open picking tasks. */
  quantity: number
  places: Array<{ locationCode: string | null; batchCode: string | null; quantity: number }>
  inStock: string[]
}

interface TaskPlace {
  outboundLineId: number
  outboundOrderId: number
  orderNum: string
  lineNum: number | null
  goodsId: number
  goodsCode: string
  goodsName: string | null
  warehouseId: number
  ownerId: number
  locationId: number
  locationCode: string | null
  batchCode: string | null
  quantity: number
}

const round4 = (value: number) => Math.round(value * 10000) / 10000

/** The serial-tracked lines with open tasks among the orders `where` selects (alias o). */
export async function pickSerialLines(
  db: Db,
  session: Session,
  where: RawBuilder<unknown>,
): Promise<PickSerialLine[]> {
  const { rows } =
    await sql<TaskPlace>`select t.outbound_line_id, t.outbound_order_id, o.order_num, l.line_num,
      g.goods_id, g.goods_code, g.goods_name, o.warehouse_id, o.owner_id, t.location_id, t.location_code,
      t.batch_code, t.quantity
    from winv_outbound_task t
      join winv_outbound_order o on o.outbound_order_id = t.outbound_order_id
      join winv_outbound_line l on l.outbound_line_id = t.outbound_line_id
      join wmdm_goods g on g.goods_id = t.goods_id
    where t.tenant_id = ${session.tenantId} and t.task_status = 'OPEN' and g.serial_managed_flag = 1 and ${where}
    order by o.outbound_order_id, l.line_num, l.outbound_line_id, t.task_id`.execute(db)
  const lines = new Map<number, PickSerialLine & { tasks: TaskPlace[] }>()
  for (const row of rows) {
    const id = Number(row.outboundLineId)
    const line = lines.get(id) ?? {
      outboundLineId: id,
      outboundOrderId: Number(row.outboundOrderId),
      orderNum: row.orderNum,
      lineNum: row.lineNum === null ? null : Number(row.lineNum),
      goodsId: Number(row.goodsId),
      goodsCode: row.goodsCode,
      goodsName: row.goodsName,
      quantity: 0,
      places: [],
      inStock: [],
      tasks: [],
    }
    line.quantity = round4(line.quantity + Number(row.quantity))
    line.places.push({
      locationCode: row.locationCode,
      batchCode: row.batchCode || null,
      quantity: Number(row.quantity),
    })
    line.tasks.push(row)
    lines.set(id, line)
  }
  const result: PickSerialLine[] = []
  for (const { tasks, ...line } of lines.values()) {
    const places = tasks.map(
      (t) => sql`(s.location_id = ${t.locationId}
        and coalesce(s.batch_code, '') = ${t.batchCode ?? ''})`,
    )
    const { rows: units } = await sql<{
      serialNumber: string
    }>`select s.serial_number from winv_serial_number s
      where s.tenant_id = ${session.tenantId} and s.goods_id = ${line.goodsId} and s.serial_status = 'IN_STOCK'
        and s.warehouse_id = ${tasks[0]!.warehouseId} and s.owner_id = ${tasks[0]!.ownerId}
        and (${sql.join(places, sql` or `)})
      order by s.serial_number limit ${IN_STOCK_OFFERED}`.execute(db)
    result.push({ ...line, inStock: units.map((u) => u.serialNumber) })
  }
  return result
}

const idParams = (name: string) => ({
  type: 'object',
  properties: { tenantId: { type: 'integer' }, [name]: { type: 'integer', minimum: 1 } },
  required: ['tenantId', name],
})

/** `and <column> = any(granted)` for a restricted session, nothing for an unrestricted one. */
const granted = (session: Session, column: RawBuilder<unknown>, scope: 'warehouse' | 'owner') =>
  isDataUnrestricted(session) ? sql`` : sql`and ${column} = any(${grantedIds(scope, session)})`

export const pickSerialRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/wms/v1/:tenantId/outbound-orders/:outboundOrderId/pick-serials',
    {
      config: { fieldRules: { answers: [{ model: 'wms/outbound-line', at: 'lines' }] } },
      preHandler: requirePermission('winv.outboundOrder.button.pick'),
      schema: { querystring: NoQuery, params: idParams('outboundOrderId') },
    },
    async (request) => {
      const session = sessionOf(request)
      const id = (request.params as { outboundOrderId: number }).outboundOrderId
      const { rows } = await sql`select 1 from winv_outbound_order o
        where o.tenant_id = ${session.tenantId} and o.outbound_order_id = ${id}
          ${granted(session, sql.ref('o.warehouse_id'), 'warehouse')}
          ${granted(session, sql.ref('o.owner_id'), 'owner')}`.execute(app.db)
      if (!rows.length)
        throw notFound(`Outbound order ${id} does not exist (or is not yours): reload the list.`)
      return { lines: await pickSerialLines(app.db, session, sql`o.outbound_order_id = ${id}`) }
    },
  )
  app.get(
    '/api/wms/v1/:tenantId/wave-orders/:waveId/pick-serials',
    {
      config: { fieldRules: { answers: [{ model: 'wms/outbound-line', at: 'lines' }] } },
      preHandler: requirePermission('winv.waveOrder.button.pick'),
      schema: { querystring: NoQuery, params: idParams('waveId') },
    },
    async (request) => {
      const session = sessionOf(request)
      const id = (request.params as { waveId: number }).waveId
      const { rows } = await sql`select 1 from winv_wave_order w
        where w.tenant_id = ${session.tenantId} and w.wave_id = ${id}
          ${granted(session, sql.ref('w.warehouse_id'), 'warehouse')}`.execute(app.db)
      if (!rows.length) throw notFound(`Wave ${id} does not exist (or is not yours): reload the list.`)
      // the orders the wave's pick takes (effects.ts: its ALLOCATED orders)
      return {
        lines: await pickSerialLines(
          app.db,
          session,
          sql`o.wave_id = ${id} and o.order_status = 'ALLOCATED'`,
        ),
      }
    },
  )
}
