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
  const act = async (m: ModelSchema, id: number, action: string, body: Record<string, unknown>) => {
    const transition = m.lifecycle!.transitions.find((t) => t.action === action)!
    // a pick names the serial units of serial-tracked lines, as a clerk scanning them would
    const picking = action === 'pick' ? await serialPicks(db, session.tenantId, m === wave, id) : {}
    await runTransition(db, m, transition, session, id, { ...body, ...picking })
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

/** `{lines: [{outboundLineId, serialNumbers}]}` for the open serial-tracked tasks of an order or a wave. */
async function serialPicks(
  db: Db,
  tenantId: number,
  isWave: boolean,
  id: number,
): Promise<{ lines?: Array<{ outboundLineId: number; serialNumbers: string[] }> }> {
  const { rows: tasks } = await sql<{
    outboundLineId: number
    goodsId: number
    locationId: number
    batchCode: string
    quantity: number
  }>`select t.outbound_line_id, t.goods_id, t.location_id, t.batch_code, t.quantity from winv_outbound_task t
      join wmdm_goods g on g.goods_id = t.goods_id and g.serial_managed_flag = 1
    where t.tenant_id = ${tenantId} and t.task_status = 'OPEN'
      and ${isWave ? sql`t.wave_id = ${id}` : sql`t.outbound_order_id = ${id}`} order by t.task_id`.execute(
    db,
  )
  if (!tasks.length) return {}
  const lines = new Map<number, string[]>()
  const chosen = new Set<string>()
  for (const task of tasks) {
    const { rows } = await sql<{ serialNumber: string }>`select serial_number from winv_serial_number
      where tenant_id = ${tenantId} and goods_id = ${task.goodsId} and location_id = ${task.locationId}
        and batch_code = ${task.batchCode ?? ''} and serial_status = 'IN_STOCK'
        ${chosen.size ? sql`and serial_number not in (${sql.join([...chosen])})` : sql``}
      order by serial_number limit ${Math.ceil(Number(task.quantity))}`.execute(db)
    for (const { serialNumber } of rows) chosen.add(serialNumber)
    const line = lines.get(Number(task.outboundLineId)) ?? []
    lines.set(Number(task.outboundLineId), [...line, ...rows.map((r) => r.serialNumber)])
  }
  return { lines: [...lines].map(([outboundLineId, serialNumbers]) => ({ outboundLineId, serialNumbers })) }
}
