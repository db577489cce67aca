/**
 * Wire shapes of the express query (ets): `GET /ets/v1/{tenantId}/express/track` and its public twin answer a
 * TrackResult; the server builds it (server/modules/ets/tracking.ts), the express widgets show it.
 */

/** One tracking event, newest first in a shipment's `events`. */
export interface TrackEvent {
  eventTime: string
  eventStatus: string
  location: string | null
  description: string | null
}

/** A shipment found by waybill or order number; order and receiver details only for signed-in users. */
export interface TrackedShipment {
  waybillNum: string
  orderNum?: string
  carrierCode: string
  shipmentStatus: string
  shippedAt: string
  signedAt: string | null
  province?: string
  city?: string | null
  receiverName?: string
  events: TrackEvent[]
}

export interface TrackResult {
  found: TrackedShipment[]
  /** The numbers asked for that matched no shipment. */
  notFound: string[]
}
