/**
 * Dealer (jxs) orders on the warehouse side: their SHIPPED status comes through the documented transition
 * `ship` (jxs-outbound-order.model.json), run by the server in the same transaction as the outbound order that
 * ships them; and a dealer cannot cancel an order the warehouse is already working on.
 */
import {
  modelBehaviour,
  withBehaviour,
  type BehaviourIndex,
  type ModelBehaviour,
} from '../models/behaviour.ts'
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { conflict } from '../../errors.ts'
import { projectPath } from '../../paths.ts'
import type { Session } from '../../types.ts'
import { runTransition } from '../models/lifecycle.ts'

const DEALER_ORDER = 'wms/jxs-outbound-order'

/** Outbound order states in which it still holds the dealer order (anything before shipped or ended). */
export const LIVE_OUTBOUND_STATES = ['NEW', 'SUBMITTED', 'PARTIAL', 'ALLOCATED', 'PICKED', 'PACKED'] as const

let dealerModel: ModelSchema | undefined
const dealerOrderModel = () =>
  (dealerModel ??= JSON.parse(
    readFileSync(projectPath('schemas', 'models', 'wms', 'jxs-outbound-order.model.json'), 'utf8'),
  ) as ModelSchema)

/** The outbound orders (number and status) made for a dealer order, in the given states. */
async function outboundOrdersOf(db: Db, dealerOrderId: number, states: readonly string[]) {
  const { rows } = await sql<{ orderNum: string; orderStatus: string; shippedDate: string | null }>`
    select order_num, order_status, shipped_date from winv_outbound_order
    where jxs_order_id = ${dealerOrderId} and order_status in (${sql.join(states)}) order by outbound_order_id`.execute(
    db,
  )
  return rows
}

export const dealerOrderBehaviour: ModelBehaviour[] = [
  // The dealer withdraws an order only while no live outbound order carries it (the warehouse cancels that first).
  modelBehaviour({
    model: DEALER_ORDER,
    transitions: {
      cancel: async ({ db, row }) => {
        const live = await outboundOrdersOf(db, Number(row.outboundOrderId), LIVE_OUTBOUND_STATES)
        if (live.length)
          throw conflict(
            'error.dealer_order_in_progress',
            `Dealer order ${String(row.orderNum)} is already on outbound order ${live[0]!.orderNum} (${live[0]!.orderStatus}): it cannot be cancelled here; ask the warehouse to cancel or intercept ${live[0]!.orderNum} first.`,
          )
      },
    },
  }),
  // SHIPPED only with its outbound order: the order's ship sets shipped_date before this runs.
  modelBehaviour({
    model: DEALER_ORDER,
    transitions: {
      ship: async ({ db, row }) => {
        const shipping = (
          await outboundOrdersOf(db, Number(row.outboundOrderId), LIVE_OUTBOUND_STATES)
        ).filter((order) => order.shippedDate !== null)
        if (!shipping.length)
          throw conflict(
            'error.dealer_order_not_shipped',
            `Dealer order ${String(row.orderNum)} ships only with the outbound order made for it: ship that outbound order instead.`,
          )
      },
    },
  }),
]

/**
 * Marks a dealer order SHIPPED through its model's `ship` transition (called while its outbound order ships).
 * The clerk shipping the outbound order carries the dealer order along even when its customer (customerId,
 * an optional data scope) is not granted to them: the dealer order is not shown or changed otherwise.
 */
export async function shipDealerOrder(
  db: Db,
  session: Session,
  dealerOrderId: number,
  behaviour: BehaviourIndex,
): Promise<void> {
  const model = withBehaviour(dealerOrderModel(), behaviour)
  const ship = model.lifecycle!.transitions.find((t) => t.action === 'ship')!
  await runTransition(db, model, ship, { ...session, dataUnrestricted: true }, dealerOrderId, {})
}
