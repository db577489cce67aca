/**
 * Carrier and tracking number of an outbound order (schemas/README.md "Replenishment and shipping"): the ship
 * action takes `carrierId` (or `carrierCode`) and `trackingNum`, else keeps what the order already holds. An
 * order whose `deliveryType` hands it to a carrier (EXPRESS, FREIGHT) does not ship without both (400 naming
 * each missing field); OWN_FLEET, PICKUP and orders without a delivery type (from before) may ship without.
 * An order created without a delivery type takes the warehouse's default (`defaultDeliveryType`).
 * A tracking number is checked lightly (letters, digits and hyphens, 4 to 60, spaces dropped) whenever one is
 * given. The carrier's code and name are copied onto the order (list, document page, print, export show them)
 * and the tracking number onto its packs that have none.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import { functionParam } from '../stock/function-params.ts'
import type { Session } from '../../types.ts'
import type { Row } from '../models/model-scope.ts'

/** Delivery types that hand the goods to a carrier: they need a carrier and a tracking number to ship. */
export const CARRIER_DELIVERY_TYPES: readonly string[] = ['EXPRESS', 'FREIGHT']

/** The delivery types (value set WINV.DELIVERY_TYPE). */
const DELIVERY_TYPES: readonly string[] = [...CARRIER_DELIVERY_TYPES, 'OWN_FLEET', 'PICKUP']

/** The delivery type of an order created without one when no function parameter says otherwise. */
export const BUILT_IN_DELIVERY_TYPE = 'OWN_FLEET'

/**
 * The delivery type a new order of the warehouse takes when none is given: the warehouse's function parameter
 * DEFAULT_DELIVERY_TYPE, else the tenant's, else OWN_FLEET (ships without a carrier). A parameter that is no
 * delivery type is refused (409 naming it) rather than read as none.
 */
export async function defaultDeliveryType(db: Db, tenantId: number, warehouseId: unknown): Promise<string> {
  const value = (
    await functionParam(
      db,
      tenantId,
      'DEFAULT_DELIVERY_TYPE',
      present(warehouseId) ? Number(warehouseId) : null,
    )
  )?.trim()
  if (!value) return BUILT_IN_DELIVERY_TYPE
  const type = value.toUpperCase()
  if (!DELIVERY_TYPES.includes(type))
    throw conflict(
      'error.function_param',
      `Function parameter DEFAULT_DELIVERY_TYPE is '${value}', not a delivery type: set it to one of ${DELIVERY_TYPES.join(', ')} on the function parameters screen (/winv/functionParamsDefine), or disable it.`,
    )
  return type
}

const TRACKING_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{2,58})[A-Za-z0-9]$/

interface Carrier {
  carrierId: number
  carrierCode: string
  carrierName: string
  enabledFlag: number
}

const present = (value: unknown) => value !== undefined && value !== null && value !== ''

/** The carrier named by id or code in this tenant; 400 naming `field` when there is none or it is disabled. */
async function carrierOf(db: Db, session: Session, ref: { id?: unknown; code?: unknown }, field: string) {
  const id = present(ref.id) ? Number(ref.id) : null
  if (id !== null && (!Number.isInteger(id) || id < 1))
    throw badRequest(`${field}: ${String(ref.id)} is not a carrier id: pick a carrier from the list.`, {
      [field]: 'not a carrier id',
    })
  const code = !present(id) && typeof ref.code === 'string' ? ref.code.trim() : ''
  const { rows } = await sql<Carrier>`select carrier_id, carrier_code, carrier_name, enabled_flag
    from wmdm_carrier where tenant_id = ${session.tenantId}
      and ${id !== null ? sql`carrier_id = ${id}` : sql`carrier_code = ${code}`}`.execute(db)
  const carrier = rows[0]
  if (!carrier)
    throw badRequest(
      `${field}: carrier ${String(id ?? code)} does not exist: pick one from the carriers (/wmdm/carrier).`,
      { [field]: 'unknown carrier' },
    )
  if (Number(carrier.enabledFlag) !== 1)
    throw badRequest(
      `${field}: carrier ${carrier.carrierCode} is disabled: pick another carrier or enable it on /wmdm/carrier.`,
      { [field]: 'carrier disabled' },
    )
  return carrier
}

/** A tracking number as stored (spaces dropped), or 400 naming `trackingNum` when it cannot be one. */
function trackingNumber(value: unknown): string | null {
  if (!present(value)) return null
  const text = String(value).replace(/\s+/g, '')
  if (!TRACKING_PATTERN.test(text))
    throw badRequest(
      `trackingNum '${String(value).slice(0, 80)}' is not a tracking number: use 4 to 60 letters, digits or hyphens, as printed on the waybill.`,
      { trackingNum: 'letters, digits and hyphens, 4 to 60' },
    )
  return text
}

/**
 * Before the ship's stock moves: works out the carrier and tracking number (body first, then the order), refuses
 * a carrier delivery without them, and stores them on the order and its packs.
 */
export async function shipCarrier(db: Db, session: Session, order: Row, body: Row): Promise<void> {
  const fromBody = present(body.carrierId) || present(body.carrierCode)
  const carrier = fromBody
    ? await carrierOf(db, session, { id: body.carrierId, code: body.carrierCode }, 'carrierId')
    : present(order.carrierId)
      ? await carrierOf(db, session, { id: order.carrierId }, 'carrierId')
      : null
  const tracking = trackingNumber(present(body.trackingNum) ? body.trackingNum : order.trackingNum)
  const deliveryType = String(order.deliveryType ?? '')
  if (CARRIER_DELIVERY_TYPES.includes(deliveryType)) {
    const missing: Record<string, string> = {}
    if (!carrier) missing.carrierId = `required for ${deliveryType} delivery`
    if (!tracking) missing.trackingNum = `required for ${deliveryType} delivery`
    if (Object.keys(missing).length)
      throw badRequest(
        `Order ${String(order.orderNum)} goes by ${deliveryType} delivery: give the ${Object.keys(missing)
          .map((name) => (name === 'carrierId' ? 'carrier' : 'tracking number'))
          .join(' and ')} to ship it (or change its delivery type to own fleet or pickup).`,
        missing,
      )
  }
  const id = Number(order.outboundOrderId)
  await sql`update winv_outbound_order set carrier_id = ${carrier?.carrierId ?? null},
      carrier_code = ${carrier?.carrierCode ?? null}, carrier_name = ${carrier?.carrierName ?? null},
      tracking_num = ${tracking}
    where outbound_order_id = ${id}`.execute(db)
  if (tracking)
    await sql`update winv_outbound_pack set tracking_num = ${tracking}
      where outbound_order_id = ${id} and coalesce(tracking_num, '') = ''`.execute(db)
}

/** An order saved with a carrier (while NEW) carries its code and name; a tracking number typed is checked. */
export const carrierBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/outbound-order',
    writeGuards: [
      async ({ db, session, op, values }) => {
        if (op === 'delete') return
        // Every new order states how it leaves, so whether its ship needs a carrier is known from the start.
        if (op === 'create' && !present(values.deliveryType))
          values.deliveryType = await defaultDeliveryType(db, session.tenantId, values.warehouseId)
        if ('carrierId' in values) {
          const carrier = present(values.carrierId)
            ? await carrierOf(db, session, { id: values.carrierId }, 'carrierId')
            : null
          values.carrierCode = carrier?.carrierCode ?? null
          values.carrierName = carrier?.carrierName ?? null
        }
        if (present(values.trackingNum)) values.trackingNum = trackingNumber(values.trackingNum)
      },
    ],
  }),
]
