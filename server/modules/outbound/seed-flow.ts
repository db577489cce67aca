/**
 * Demo documents in every status, moved through their real actions (not written straight into a status), so
 * balances, reservations, tasks, packs and the ledger agree on a fresh install: the first NEW wave is released
 * and picked, then the SUBMITTED orders of server/seed/data/rows/40-winv-outbound-order.json are taken along
 * a plan of statuses, and the inventory forecast is computed.
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { runTransition } from '../models/lifecycle.ts'
import { createRow } from '../models/model-write.ts'
import { registerOutboundEffects } from './effects.ts'
import { recomputeForecast } from './forecast.ts'

const PATHS: Record<string, Array<[string, Record<string, unknown>]>> = {
  SUBMITTED: [],
  ALLOCATED: [['allocate', {}]],
  PICKED: [
    ['allocate', {}],
    ['pick', {}],
  ],
  PACKED: [
    ['allocate', {}],
    ['pick', {}],
    ['pack', { weight: 3.2, packageCount: 1 }],
  ],
  SHIPPED: [
    ['allocate', {}],
    ['pick', {}],
    ['pack', { weight: 5.5, packageCount: 2 }],
    ['ship', {}],
  ],
  CANCELLED: [
    ['allocate', {}],
    ['cancel', {}],
  ],
  INTERCEPTED: [
    ['allocate', {}],
    ['pick', {}],
    ['intercept', { interceptReason: '客户要求拦截' }],
  ],
  RETURNED: [
    ['allocate', {}],
    ['pick', {}],
    ['pack', { weight: 2.1 }],
    ['ship', {}],
    ['return', { returnReason: '客户拒收' }],
  ],
}
const PLAN = [
  'SHIPPED',
  'ALLOCATED',
  'PICKED',
  'PACKED',
  'SHIPPED',
  'SUBMITTED',
  'CANCELLED',
  'INTERCEPTED',
  'SHIPPED',
  'RETURNED',
  'PACKED',
]

export async function seedOutboundFlow(db: Db, models: ModelSchema[], session: Session): Promise<void> {
  const model = (entity: string) => models.find((m) => m.entity === entity)
  const order = model('outboundOrder')
  const wave = model('waveOrder')
  if (!order || !wave) return
  registerOutboundEffects()
  const act = async (m: ModelSchema, id: number, action: string, body: Record<string, unknown>) => {
    const transition = m.lifecycle!.transitions.find((t) => t.action === action)!
    await runTransition(db, m, transition, session, id, body)
  }
  // Seed rows put orders straight into SUBMITTED, before their lines existed: total them as submit does.
  await sql`update winv_outbound_order o set total_quantity = (select coalesce(sum(quantity), 0)
      from winv_outbound_line l where l.outbound_order_id = o.outbound_order_id)
    where o.tenant_id = ${session.tenantId}`.execute(db)
  const { rows: waves } = await sql<{ waveId: number }>`select wave_id from winv_wave_order
    where tenant_id = ${session.tenantId} and wave_status = 'NEW' order by wave_num limit 1`.execute(db)
  if (waves[0]) {
    await act(wave, waves[0].waveId, 'release', {})
    await act(wave, waves[0].waveId, 'pick', {})
  }
  const { rows: orders } = await sql<{
    outboundOrderId: number
  }>`select outbound_order_id from winv_outbound_order
    where tenant_id = ${session.tenantId} and order_status = 'SUBMITTED' order by order_num`.execute(db)
  for (const [i, { outboundOrderId }] of orders.entries()) {
    for (const [action, body] of PATHS[PLAN[i % PLAN.length]!]!)
      await act(order, outboundOrderId, action, body)
  }
  await shipOneDealerOrder(db, models, session, act)
  await recomputeForecast(db, session, 30)
}

/** The first SUBMITTED dealer order ships with an outbound order of type DEALER, so it shows SHIPPED. */
async function shipOneDealerOrder(
  db: Db,
  models: ModelSchema[],
  session: Session,
  act: (m: ModelSchema, id: number, action: string, body: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const order = models.find((m) => m.entity === 'outboundOrder')!
  const line = models.find((m) => m.entity === 'outboundLine')
  const { rows: dealers } = await sql<Record<string, string | number>>`select outbound_order_id, order_num,
      customer_name, receiver_name, receiver_phone, receiver_address from winv_jxs_outbound_order
    where tenant_id = ${session.tenantId} and order_status = 'SUBMITTED' order by outbound_order_id limit 1`.execute(
    db,
  )
  const { rows: goods } = await sql<{
    goodsId: number
    goodsCode: string
    ownerId: number
    warehouseId: number
  }>`
    select g.goods_id, g.goods_code, g.owner_id, w.warehouse_id from wmdm_goods g
    join wmdm_warehouse w on w.tenant_id = g.tenant_id and w.warehouse_code = 'WH-E001'
    where g.tenant_id = ${session.tenantId} order by g.goods_code limit 1`.execute(db)
  const dealer = dealers[0]
  const item = goods[0]
  if (!dealer || !item || !line) return
  const created = await createRow(db, order, session, {
    orderType: 'DEALER',
    warehouseId: item.warehouseId,
    ownerId: item.ownerId,
    customerName: dealer.customerName,
    receiverName: dealer.receiverName,
    receiverPhone: dealer.receiverPhone,
    receiverAddress: dealer.receiverAddress,
    jxsOrderId: dealer.outboundOrderId,
    jxsOrderNum: dealer.orderNum,
    expressCompany: 'SF',
  })
  const id = created.outboundOrderId as number
  await createRow(db, line, session, {
    outboundOrderId: id,
    lineNum: 1,
    goodsId: item.goodsId,
    goodsCode: item.goodsCode,
    quantity: 2,
  })
  await act(order, id, 'submit', {})
  for (const [action, body] of PATHS.SHIPPED!) await act(order, id, action, body)
}
