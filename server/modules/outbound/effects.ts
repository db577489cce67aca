/**
 * The effects of the outbound documents' actions (models wms/outbound-order, wave-order, outbound-pack,
 * processing-order) as the list `outboundBehaviour` (models/behaviour.ts): each runs inside the action's
 * transaction.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { nextCode } from '../hpfm/code-rules.ts'
import { behaviourOf, modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { carrierBehaviour, shipCarrier } from './carrier.ts'
import { dealerOrderBehaviour } from './dealer-orders.ts'
import { completeProcessing, processingBehaviour } from './processing.ts'
import { checkSeeded, pickedOutOfWave, sortingBehaviour } from './sorting.ts'
import { checkSplittable, splitBackorder } from './backorder.ts'
import { releaseWave } from './wave-release.ts'
import { checkPickScans, checkScansUsed, pickScans } from './pick-scans.ts'
import type { Row } from '../models/model-scope.ts'
import {
  allocateOrder,
  checkSerialsUsed,
  orderLines,
  pickSerials,
  pickOrder,
  refreshOrderTotal,
  releaseOrder,
  returnOrder,
  shipOrder,
  type OrderRow,
} from './order-stock.ts'

const ORDER = 'wms/outbound-order'
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** The dealer order is locked while checked, so a dealer's cancel at the same moment waits and then sees this order. */
async function checkDealerOrder(db: Db, order: Row): Promise<void> {
  if (!order.jxsOrderId) return
  const { rows } = await sql<{ orderStatus: string; orderNum: string }>`select order_status, order_num
    from winv_jxs_outbound_order where outbound_order_id = ${order.jxsOrderId}
      and tenant_id = ${order.tenantId as number} for update`.execute(db)
  const dealer = rows[0]
  if (!dealer)
    throw badRequest(
      `Dealer order ${String(order.jxsOrderId)} does not exist: pick one from the dealer orders.`,
      {
        jxsOrderId: 'unknown dealer order',
      },
    )
  if (dealer.orderStatus !== 'SUBMITTED')
    throw conflict(
      'error.lifecycle_state',
      `Dealer order ${dealer.orderNum} is ${dealer.orderStatus}: only a SUBMITTED one can be shipped; pick a submitted one.`,
    )
  const { rows: others } = await sql<{ orderNum: string }>`select order_num from winv_outbound_order
    where jxs_order_id = ${order.jxsOrderId} and outbound_order_id <> ${order.outboundOrderId as number}
      and order_status not in ('NEW', 'CANCELLED', 'INTERCEPTED')`.execute(db)
  if (others[0])
    throw conflict(
      'error.duplicate_dealer_order',
      `Dealer order ${dealer.orderNum} already ships with outbound order ${others[0].orderNum}: use that order.`,
    )
}

/**
 * Pack: packageCount packs (default 1) sharing the weight: the weighed `weight` (kg) when the body gives one,
 * else the theoretical weight of the lines (goods weight × quantity) — a row action sends the row only.
 */
async function packOrder(db: Db, session: Session, order: Row, body: Row): Promise<void> {
  const given = body.weight !== undefined && body.weight !== null && body.weight !== ''
  let weight = Number(body.weight)
  if (!given) {
    const { rows } = await sql<{
      weight: number | null
    }>`select sum(l.quantity * coalesce(g.weight, 0)) as weight
      from winv_outbound_line l join wmdm_goods g on g.goods_id = l.goods_id
      where l.outbound_order_id = ${order.outboundOrderId as number}`.execute(db)
    weight = Math.round(Number(rows[0]?.weight ?? 0) * 10000) / 10000
  }
  const count = body.packageCount === undefined || body.packageCount === null ? 1 : Number(body.packageCount)
  const fields: Record<string, string> = {}
  if (!Number.isFinite(weight) || weight <= 0)
    fields.weight = given
      ? 'Enter the weighed weight in kg (more than 0).'
      : 'The goods of this order have no weight in master data: weigh the order and enter its weight.'
  if (!Number.isInteger(count) || count < 1 || count > 99)
    fields.packageCount = 'Packages must be a whole number from 1 to 99.'
  if (Object.keys(fields).length)
    throw badRequest(
      `Cannot pack order ${String(order.orderNum)}: ${Object.values(fields).join(' ')}`,
      fields,
    )
  const packageType = text(body.packageType) || 'BOX'
  for (let i = 0; i < count; i += 1) {
    const packNum = await nextCode(db, session.tenantId, 'WINV.PACK')
    await sql`insert into winv_outbound_pack (tenant_id, pack_num, outbound_order_id, order_num, wave_id,
        warehouse_id, package_type, weight, express_company, tracking_num, pack_status, created_by, last_updated_by)
      values (${session.tenantId}, ${packNum}, ${order.outboundOrderId as number}, ${order.orderNum as string},
        ${(order.waveId as number | null) ?? null}, ${order.warehouseId as number}, ${packageType},
        ${Math.round((weight / count) * 10000) / 10000}, ${(order.expressCompany as string | null) ?? null},
        ${(order.trackingNum as string | null) ?? null}, 'PACKED', ${session.userId}, ${session.userId})`.execute(
      db,
    )
  }
  await sql`update winv_outbound_order set total_weight = ${weight}, package_count = ${count}
    where outbound_order_id = ${order.outboundOrderId as number}`.execute(db)
}

const asOrder = (row: Row) => row as unknown as OrderRow

const orderBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: ORDER,
    transitions: {
      submit: async ({ db, row }) => {
        if (!(await orderLines(db, row.outboundOrderId as number)).length)
          throw badRequest(
            `Order ${String(row.orderNum)} has no lines: add at least one line before submitting.`,
          )
        await refreshOrderTotal(db, row.outboundOrderId as number)
        await checkDealerOrder(db, row)
      },
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      allocate: async ({ db, row, body, session }) => {
        // backorder: reserve what there is and move the rest to a new order; allowPartial: keep waiting (PARTIAL).
        if (body.backorder === true || body.backorder === 1) {
          checkSplittable(asOrder(row))
          if ((await allocateOrder(db, session, asOrder(row), 'BACKORDER')) === 'PARTIAL')
            await splitBackorder(db, session, asOrder(row))
          return { to: 'ALLOCATED' }
        }
        return {
          to: await allocateOrder(
            db,
            session,
            asOrder(row),
            body.allowPartial === true || body.allowPartial === 1 ? 'PARTIAL' : 'ALL',
          ),
        }
      },
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      pick: async ({ db, row, body, session }) => {
        const picked = pickSerials(body)
        const scans = pickScans(body)
        await checkPickScans(db, asOrder(row), scans)
        checkScansUsed(scans, `order ${String(row.orderNum)}`)
        await pickOrder(db, session, asOrder(row), picked)
        checkSerialsUsed(picked, `order ${String(row.orderNum)}`)
        await pickedOutOfWave(db, row)
      },
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      pack: async ({ db, row, body, session }) => {
        await checkSeeded(db, row, 'packed')
        await packOrder(db, session, row, body)
      },
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      ship: async ({ db, row, body, session, model }) => {
        await checkSeeded(db, row, 'shipped')
        await checkDealerOrderStillOpen(db, row)
        await shipCarrier(db, session, row, body)
        await shipOrder(db, session, asOrder(row), behaviourOf(model))
      },
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      cancel: ({ db, row, session }) => releaseOrder(db, session, asOrder(row), 'Outbound order cancelled'),
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      intercept: async ({ db, row, body, session }) => {
        const reason = text(body.interceptReason) || `Intercepted by user ${session.userId}`
        await releaseOrder(db, session, asOrder(row), `Intercepted: ${reason}`)
        await sql`update winv_outbound_order set intercept_reason = ${reason.slice(0, 240)}
      where outbound_order_id = ${row.outboundOrderId as number}`.execute(db)
      },
    },
  }),
  modelBehaviour({
    model: ORDER,
    transitions: {
      return: ({ db, row, body, session }) =>
        returnOrder(db, session, asOrder(row), text(body.returnReason) || 'Customer return'),
    },
  }),
]

/** A dealer order cancelled meanwhile cannot be shipped against. */
async function checkDealerOrderStillOpen(db: Db, row: Row): Promise<void> {
  if (!row.jxsOrderId) return
  const { rows } = await sql<{ orderStatus: string; orderNum: string }>`select order_status, order_num
    from winv_jxs_outbound_order where outbound_order_id = ${row.jxsOrderId as number}`.execute(db)
  if (rows[0] && rows[0].orderStatus !== 'SUBMITTED')
    throw conflict(
      'error.lifecycle_state',
      `Dealer order ${rows[0].orderNum} is ${rows[0].orderStatus}: it cannot ship any more; cancel this order.`,
    )
}

const waveBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/wave-order',
    transitions: { release: ({ db, row, session }) => releaseWave(db, session, row) },
  }),
  modelBehaviour({
    model: 'wms/wave-order',
    transitions: {
      pick: async ({ db, row, body, session }) => {
        const picked = pickSerials(body)
        const scans = pickScans(body)
        const { rows: orders } =
          await sql<OrderRow>`select outbound_order_id, order_num, warehouse_id, owner_id,
        wave_id, sorting_position, jxs_order_id from winv_outbound_order
      where wave_id = ${row.waveId as number} and order_status = 'ALLOCATED' for update`.execute(db)
        if (!orders.length)
          throw conflict(
            'error.lifecycle_state',
            `Wave ${String(row.waveNum)} has no ALLOCATED order left to pick: reload the wave.`,
          )
        for (const order of orders) {
          await checkPickScans(db, order, scans)
          await pickOrder(db, session, order, picked)
          await sql`update winv_outbound_order set order_status = 'PICKED', object_version_number = object_version_number + 1
        where outbound_order_id = ${order.outboundOrderId}`.execute(db)
        }
        checkSerialsUsed(picked, `wave ${String(row.waveNum)}`)
        checkScansUsed(scans, `wave ${String(row.waveNum)}`)
      },
    },
  }),
]

const packBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/outbound-pack',
    transitions: {
      load: async ({ db, row, body }) => {
        const loadNum = text(body.loadNum) || text(row.loadNum)
        if (!loadNum)
          throw badRequest('Give the load (truck) number to load the pack on.', {
            loadNum: 'Please enter the load number',
          })
        await sql`update winv_outbound_pack set load_num = ${loadNum.slice(0, 40)} where pack_id = ${row.packId as number}`.execute(
          db,
        )
      },
    },
  }),
  modelBehaviour({
    model: 'wms/outbound-pack',
    transitions: {
      unpack: async ({ db, row }) => {
        const { rows } = await sql<{ orderStatus: string }>`select order_status from winv_outbound_order
      where outbound_order_id = ${row.outboundOrderId as number}`.execute(db)
        if (rows[0]?.orderStatus === 'SHIPPED' || rows[0]?.orderStatus === 'RETURNED')
          throw conflict(
            'error.lifecycle_state',
            `Pack ${String(row.packNum)} left with its order: it cannot be unpacked; return the goods with an inbound return instead.`,
          )
      },
    },
  }),
]

/** Every outbound effect and guard (the app's list, server/model-behaviour.ts, and the seed's). */
export const outboundBehaviour: ModelBehaviour[] = [
  ...orderBehaviour,
  ...carrierBehaviour,
  ...waveBehaviour,
  ...packBehaviour,
  ...dealerOrderBehaviour,
  ...processingBehaviour,
  ...sortingBehaviour,
  modelBehaviour({
    model: 'wms/processing-order',
    transitions: { complete: ({ db, row, body, session }) => completeProcessing(db, session, row, body) },
  }),
]
