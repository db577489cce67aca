/**
 * Put-away of an inbound order (schemas/README.md "Floor flows"), as Odoo's putaway rules and SAP EWM's
 * put-away strategies do it: the server proposes where each received line goes, the clerk accepts, changes or
 * splits it, and the server moves exactly that, never more than is waiting.
 *
 * - Suggestions (`GET inbound-orders/{id}/putaway-suggestions`): per line waiting for put-away, first the
 *   storage locations already holding the same goods (same owner) that have room (capacity − everything on
 *   the location; no capacity = room for all), then empty locations of the goods' area (the areas those
 *   locations are in; else the area of the line's planned putaway location; else every storage area), each in
 *   pick path order; the open quantity is spread over them. One more row per line is left blank for a location
 *   of the clerk's choice.
 * - Put-away (`putaway` action): body `{lines: [{inboundLineId | putawayKey, locationId | locationCode,
 *   quantity}]}`, several entries per line allowed (a split); the entries of a line may add up to at most its
 *   open quantity (received − put away − returned), else 409 naming the entry. Without `lines` it moves every
 *   open quantity to `locationId` or each line's putaway location, as before. With `scans` (the scan station)
 *   the entries are the scans, checked first (floor-scan-flows.ts): goods of the line, a suggested or
 *   other storage location. The order is COMPLETED once every
 *   line is received in full and nothing waits for put-away; until then it keeps its status.
 */
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { NoQuery, pathParams } from '../../schemas.ts'
import type { Session } from '../../types.ts'
import type { Row } from '../models/model-scope.ts'
import { moveStock } from '../stock/ledger.ts'
import { docOf, lineBooking, lineName, linesOf, writeRecord, type LineRow, type OrderRow } from './inbound.ts'
import { putawayScanLines } from './floor-scan-flows.ts'
import { locationOf } from './lookup.ts'
import { inboundOrderInScope } from './receive-lines.ts'
import { changeSerials, serialIds } from './serials.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

/** Received and not yet put away or returned. */
const waiting = (line: LineRow) =>
  round4(line.receivedQuantity - line.putawayQuantity - line.returnedQuantity)

interface Place {
  locationId: number
  locationCode: string
  whareaId: number
  capacity: number | null
  occupied: number
  sameGoods: number
}

/** Storage locations of the warehouse (enabled, in a STORAGE or PICKING area, no dock), in pick path order. */
export async function storagePlaces(
  db: Db,
  tenantId: number,
  order: OrderRow,
  line: LineRow,
): Promise<Place[]> {
  const { rows } = await sql<Place>`select l.location_id, l.location_code, l.wharea_id, l.capacity,
      coalesce(sum(s.quantity), 0) as occupied,
      coalesce(sum(s.quantity) filter (where s.goods_id = ${line.goodsId} and s.owner_id = ${order.ownerId}), 0)
        as same_goods
    from wmdm_location l join wmdm_wharea a on a.wharea_id = l.wharea_id
      left join winv_stock s on s.tenant_id = l.tenant_id and s.location_id = l.location_id
    where l.tenant_id = ${tenantId} and l.warehouse_id = ${order.warehouseId} and l.enabled_flag = 1
      and l.location_id <> ${order.receivingLocationId} and l.location_type not in ('DOCK', 'VIRTUAL')
      and a.area_type in ('STORAGE', 'PICKING') and coalesce(a.enabled_flag, 1) = 1
    group by l.location_id, l.location_code, l.wharea_id, l.capacity, l.pick_sequence
    order by l.pick_sequence nulls last, l.location_code`.execute(db)
  return rows.map((row) => ({
    ...row,
    locationId: Number(row.locationId),
    whareaId: Number(row.whareaId),
    capacity: row.capacity === null ? null : Number(row.capacity),
    occupied: Number(row.occupied),
    sameGoods: Number(row.sameGoods),
  }))
}

export interface Suggestion {
  /** `<inboundLineId>.<n>`: the row's key; the put-away body may name the line by it. */
  putawayKey: string
  inboundLineId: number
  lineNum: number | null
  goodsCode: string | null
  goodsName: string | null
  /** The goods' barcode (what the scan station reads). */
  barcode: string | null
  batchCode: string | null
  /** Waiting for put-away on the line (every row of the line shows it). */
  openQuantity: number
  /** SAME_GOODS (a location holding the goods, with room), EMPTY (an empty location of the goods' area), OTHER. */
  rule: 'SAME_GOODS' | 'EMPTY' | 'OTHER'
  locationId: number | null
  locationCode: string | null
  /** What the suggestion puts there (null on the blank row). */
  quantity: number | null
  /**
   * What the row puts away when scanned (the scan station's lines): the suggestion's quantity, or on the blank
   * row what no suggestion places (0 when the suggestions cover the line).
   */
  toPlace: number
}

/** The suggestions for every line waiting for put-away; room taken by one line is not offered to the next. */
export async function putawaySuggestions(db: Db, tenantId: number, order: OrderRow): Promise<Suggestion[]> {
  const taken = new Map<number, number>()
  const suggestions: Suggestion[] = []
  for (const line of await linesOf(db, order.inboundOrderId)) {
    const open = waiting(line)
    if (open <= 0) continue
    const places = await storagePlaces(db, tenantId, order, line)
    const barcode =
      (
        await sql<{ barcode: string | null }>`select barcode from wmdm_goods
          where goods_id = ${line.goodsId}`.execute(db)
      ).rows[0]?.barcode ?? null
    const room = (place: Place) =>
      place.capacity === null
        ? Infinity
        : round4(place.capacity - place.occupied - (taken.get(place.locationId) ?? 0))
    const same = places.filter((place) => place.sameGoods > 0)
    const planned = places.find((place) => place.locationId === Number(line.putawayLocationId))
    const areas = new Set(
      same.length
        ? same.map((p) => p.whareaId)
        : planned
          ? [planned.whareaId]
          : places.map((p) => p.whareaId),
    )
    const empty = places.filter(
      (place) => place.occupied <= 0 && !taken.has(place.locationId) && areas.has(place.whareaId),
    )
    let left = open
    let n = 0
    const row = (
      rule: Suggestion['rule'],
      place: Place | undefined,
      quantity: number | null,
    ): Suggestion => ({
      putawayKey: `${line.inboundLineId}.${++n}`,
      inboundLineId: line.inboundLineId,
      lineNum: line.lineNum,
      goodsCode: line.goodsCode,
      goodsName: line.goodsName,
      barcode,
      batchCode: line.batchCode,
      openQuantity: open,
      rule,
      locationId: place?.locationId ?? null,
      locationCode: place?.locationCode ?? null,
      quantity,
      toPlace: quantity ?? left,
    })
    for (const [rule, candidates] of [
      ['SAME_GOODS', same],
      ['EMPTY', empty],
    ] as const) {
      for (const place of candidates) {
        if (left <= 0) break
        const put = Math.min(left, room(place))
        if (put <= 0) continue
        suggestions.push(row(rule, place, put))
        taken.set(place.locationId, round4((taken.get(place.locationId) ?? 0) + put))
        left = round4(left - put)
      }
    }
    suggestions.push(row('OTHER', undefined, null))
  }
  return suggestions
}

interface PutawayEntry {
  line: LineRow
  locationId: number
  quantity: number
  /** Where a refusal points: `lines[i]`. */
  field: string
}

async function entryLocation(db: Db, tenantId: number, order: OrderRow, entry: Row, field: string) {
  const code = typeof entry.locationCode === 'string' ? entry.locationCode.trim() : ''
  if (entry.locationId !== undefined && entry.locationId !== null && entry.locationId !== '')
    return locationOf(db, tenantId, entry.locationId, order.warehouseId, `${field}.locationId`)
  if (!code)
    throw badRequest(`${field}: give the location to put away to (locationCode or locationId).`, {
      [`${field}.locationCode`]: 'required',
    })
  const found = await sql<{ locationId: number }>`select location_id from wmdm_location
    where tenant_id = ${tenantId} and warehouse_id = ${order.warehouseId} and location_code = ${code}`.execute(
    db,
  )
  if (!found.rows[0])
    throw badRequest(
      `${field}.locationCode: there is no location ${code} in this order's warehouse: scan or type a location of it.`,
      { [`${field}.locationCode`]: 'unknown location' },
    )
  return locationOf(db, tenantId, found.rows[0].locationId, order.warehouseId, `${field}.locationCode`)
}

/** The entries of a put-away body, each checked: known line, location of the warehouse, within the open quantity. */
async function requestedEntries(
  db: Db,
  tenantId: number,
  order: OrderRow,
  lines: LineRow[],
  body: Row,
): Promise<PutawayEntry[]> {
  if (!Array.isArray(body.lines) || !body.lines.length)
    throw badRequest(
      'lines: give a list of {inboundLineId, locationCode, quantity}, or leave it out to put every line away whole.',
      { lines: 'must be a non-empty list' },
    )
  const entries: PutawayEntry[] = []
  const planned = new Map<number, number>()
  for (const [i, raw] of (body.lines as unknown[]).entries()) {
    const field = `lines[${i}]`
    const entry = (raw ?? {}) as Row
    const id = Number(entry.inboundLineId ?? String(entry.putawayKey ?? '').split('.')[0])
    const line = lines.find((l) => l.inboundLineId === id)
    if (!line)
      throw badRequest(`${field}: name a line of inbound order ${order.orderNum} (inboundLineId).`, {
        [`${field}.inboundLineId`]: 'unknown line',
      })
    const quantity = Number(entry.quantity)
    if (!Number.isFinite(quantity) || quantity <= 0)
      throw badRequest(`${field}.quantity: give a quantity above 0, not ${String(entry.quantity)}.`, {
        [`${field}.quantity`]: 'must be above 0',
      })
    const location = await entryLocation(db, tenantId, order, entry, field)
    const total = round4((planned.get(id) ?? 0) + quantity)
    const open = waiting(line)
    if (total > open)
      throw new AppError(
        409,
        'error.over_putaway',
        `${lineName(order, line)}: ${total} to put away is more than the ${open} received and waiting (received ${line.receivedQuantity}, put away ${line.putawayQuantity}, returned ${line.returnedQuantity}): enter at most ${open} over its rows.`,
        { [`${field}.quantity`]: `at most ${round4(open - (planned.get(id) ?? 0))}` },
      )
    planned.set(id, total)
    entries.push({ line, locationId: location.locationId, quantity: round4(quantity), field })
  }
  return entries
}

/** The whole open quantity of each line to `locationId` or the line's putaway location (the body without lines). */
async function wholeEntries(db: Db, tenantId: number, order: OrderRow, lines: LineRow[], body: Row) {
  const override = body.locationId === undefined || body.locationId === null || body.locationId === ''
  if (!override) await locationOf(db, tenantId, body.locationId, order.warehouseId)
  const entries: PutawayEntry[] = []
  for (const line of lines) {
    const open = waiting(line)
    if (open <= 0) continue
    const target = Number(override ? line.putawayLocationId : body.locationId)
    if (!target)
      throw badRequest(
        `${lineName(order, line)} has no putaway location: give locationId, or set the line's putaway location.`,
        { locationId: 'required' },
      )
    const location = await locationOf(db, tenantId, target, order.warehouseId)
    entries.push({ line, locationId: location.locationId, quantity: open, field: 'locationId' })
  }
  return entries
}

async function moveEntry(db: Db, session: Session, order: OrderRow, entry: PutawayEntry) {
  const { line, locationId, quantity } = entry
  const serialTracked = (
    await sql<{ flag: number }>`select serial_managed_flag as flag from wmdm_goods
      where goods_id = ${line.goodsId}`.execute(db)
  ).rows[0]?.flag
  if (Number(serialTracked) && quantity < waiting(line))
    throw badRequest(
      `${lineName(order, line)}: its goods are serial tracked: put the whole line (${waiting(line)}) away to one location; a split by serial number is not supported.`,
      { [`${entry.field}.quantity`]: `${waiting(line)}, whole` },
    )
  const booking = lineBooking(order, line, 'PUTAWAY', 'Putaway')
  if (locationId !== order.receivingLocationId) {
    const source = await moveStock(db, session, {
      ...booking,
      locationId: order.receivingLocationId,
      quantity: -quantity,
    })
    // The stock keeps its age (FIFO) where it is put away.
    await moveStock(db, session, { ...booking, locationId, quantity, inDate: source.inDate ?? null })
    const moving = await serialIds(
      db,
      session.tenantId,
      sql`inbound_order_id = ${order.inboundOrderId} and goods_id = ${line.goodsId}
        and serial_status = 'IN_STOCK' and location_id = ${order.receivingLocationId}`,
    )
    await changeSerials(db, session, moving, 'IN_STOCK', docOf(order, 'PUTAWAY'), { locationId })
  }
  const goods = { goodsCode: line.goodsCode ?? '', goodsName: line.goodsName ?? '' }
  await writeRecord(db, session, order, line, goods, {
    type: 'PUTAWAY',
    locationId,
    batchCode: line.batchCode ?? '',
    quantity,
  })
  line.putawayQuantity = round4(line.putawayQuantity + quantity)
  await sql`update winv_inbound_order_line set putaway_quantity = ${line.putawayQuantity},
      putaway_location_id = ${locationId},
      putaway_location_code = (select location_code from wmdm_location where location_id = ${locationId}),
      object_version_number = object_version_number + 1, last_updated_by = ${session.userId},
      last_update_date = localtimestamp(0)
    where inbound_line_id = ${line.inboundLineId}`.execute(db)
}

/** The putaway action's effect (lifecycle of wms/inboundOrder). */
export async function putaway(db: Db, session: Session, row: Row, body: Row) {
  const order = row as unknown as OrderRow
  const lines = await linesOf(db, order.inboundOrderId)
  const scanned = await putawayScanLines(db, session.tenantId, order, lines, body)
  const entries = scanned
    ? await requestedEntries(db, session.tenantId, order, lines, { lines: scanned })
    : body.lines === undefined || body.lines === null
      ? await wholeEntries(db, session.tenantId, order, lines, body)
      : await requestedEntries(db, session.tenantId, order, lines, body)
  if (!entries.length)
    throw conflict(
      'error.lifecycle_state',
      `Inbound order ${order.orderNum}: nothing is waiting for putaway; receive goods first.`,
    )
  for (const entry of entries) await moveEntry(db, session, order, entry)
  const done = lines.every((line) => line.receivedQuantity >= line.quantity && waiting(line) <= 0)
  return { to: done ? 'COMPLETED' : String(row.orderStatus) }
}

const SUGGESTIONS = '/api/wms/v1/:tenantId/inbound-orders/:inboundOrderId/putaway-suggestions'

/** `GET inbound-orders/{id}/putaway-suggestions` (the putaway permission; 404 outside the user's scope). */
export const putawaySuggestionRoutes =
  (inboundOrder: ModelSchema): FastifyPluginAsync =>
  async (app) => {
    app.get(
      SUGGESTIONS,
      {
        config: { fieldRules: { answers: [{ model: 'wms/inbound-order-line', at: 'lines' }] } },
        preHandler: requirePermission('winv.inboundOrder.button.putaway'),
        schema: { querystring: NoQuery, params: pathParams(SUGGESTIONS) },
      },
      async (request) => {
        const session = sessionOf(request)
        const id = (request.params as { inboundOrderId: number }).inboundOrderId
        const order = (await inboundOrderInScope(app.db, inboundOrder, session, id)) as unknown as OrderRow
        return { lines: await putawaySuggestions(app.db, session.tenantId, order) }
      },
    )
  }
