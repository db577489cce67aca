/**
 * Shipments (model ets/shipment): the ship date follows the ship time on every write, and each lifecycle
 * action appends a tracking event (ets_track_event) in the action's transaction; signing records the
 * signature time, the transit hours and whether the promise was kept.
 */
import { sql } from 'kysely'
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import type { TransitionEffect } from '../models/lifecycle.ts'

const MODEL = 'ets/shipment'

/** What each action says in the tracking timeline when the body gives no description. */
const DEFAULT_TEXT: Record<string, string> = {
  pickup: 'Picked up by the carrier',
  dispatch: 'Out for delivery',
  sign: 'Signed for by the receiver',
  exception: 'Delivery exception reported',
  resume: 'Exception solved, back in transit',
  return: 'Returned to the sender',
}

const deriveShipDate = (values: Record<string, unknown>) => {
  if (typeof values.shippedAt === 'string' && values.shippedAt.length >= 10)
    values.shippedDate = values.shippedAt.slice(0, 10)
}

/** Appends the action's tracking event (and, for `sign`, the signature's figures) in its transaction. */
const trackEvent =
  (action: string): TransitionEffect =>
  async ({ db, row, body, session, transition }) => {
    const description =
      typeof body.eventDescription === 'string' && body.eventDescription.trim()
        ? body.eventDescription.trim().slice(0, 240)
        : DEFAULT_TEXT[action]!
    const location =
      typeof body.eventLocation === 'string' && body.eventLocation.trim()
        ? body.eventLocation.trim().slice(0, 120)
        : action === 'sign' || action === 'dispatch'
          ? String(row.city ?? row.province ?? '')
          : String(row.warehouseCode ?? '')
    const operator = await sql<{
      realName: string
    }>`select real_name from iam_user where id = ${session.userId}`.execute(db)
    await sql`insert into ets_track_event (tenant_id, waybill_num, shipment_id, event_time, event_status, location,
          description, operator_name, created_by, last_updated_by)
        values (${session.tenantId}, ${row.waybillNum}, ${row.shipmentId}, localtimestamp(0), ${transition.to},
          ${location}, ${description}, ${operator.rows[0]?.realName ?? null}, ${session.userId}, ${session.userId})`.execute(
      db,
    )
    const signing =
      action === 'sign'
        ? sql`, signed_at = localtimestamp(0), signed_flag = 1,
              transit_hours = round((extract(epoch from (localtimestamp(0) - shipped_at)) / 3600)::numeric, 1),
              on_time_flag = case when localtimestamp(0) <= shipped_at + make_interval(hours => promised_hours::int) then 1 else 0 end`
        : sql``
    await sql`update ets_shipment set last_event = ${`${location ? `${location}: ` : ''}${description}`.slice(0, 240)} ${signing}
        where shipment_id = ${row.shipmentId}`.execute(db)
  }

/** The ship date follows the ship time; every action of the lifecycle appends its tracking event. */
export const shipmentBehaviour: ModelBehaviour[] = [
  modelBehaviour({ model: MODEL, beforeWrite: deriveShipDate }),
  modelBehaviour({
    model: MODEL,
    transitions: Object.fromEntries(Object.keys(DEFAULT_TEXT).map((action) => [action, trackEvent(action)])),
  }),
]
