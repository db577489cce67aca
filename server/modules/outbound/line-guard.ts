/**
 * Lines of an outbound order change only while the order is NEW (its `editable` status): the generic line
 * endpoints (create, update, delete, batch-save of outbound-lines) are checked here before they run, so an
 * allocated or shipped order keeps the lines its picking tasks and ledger rows were made from.
 */
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { conflict } from '../../errors.ts'

const LINES = /^\/api\/wms\/v1\/\d+\/outbound-lines(\/batch-save)?\/?(\?.*)?$/

type Body = Record<string, unknown>

export async function checkLineWrite(db: Db, request: FastifyRequest): Promise<void> {
  if (!['POST', 'PUT', 'DELETE'].includes(request.method) || !LINES.test(request.url)) return
  const rows = (Array.isArray(request.body) ? request.body : [request.body]).filter(
    (row): row is Body => typeof row === 'object' && row !== null,
  )
  const orderIds = rows.map((row) => Number(row.outboundOrderId)).filter(Number.isInteger)
  const lineIds = rows.map((row) => Number(row.outboundLineId)).filter(Number.isInteger)
  if (!orderIds.length && !lineIds.length) return
  const { rows: orders } = await sql<{ orderNum: string; orderStatus: string }>`
    select o.order_num, o.order_status from winv_outbound_order o
    where o.order_status <> 'NEW' and (o.outbound_order_id in (${sql.join([0, ...orderIds])})
      or o.outbound_order_id in (select outbound_order_id from winv_outbound_line
        where outbound_line_id in (${sql.join([0, ...lineIds])})))`.execute(db)
  const order = orders[0]
  if (order)
    throw conflict(
      'error.lifecycle_state',
      `Order ${order.orderNum} is ${order.orderStatus}: its lines can be changed only while NEW (cancel the order and create a new one).`,
    )
}
