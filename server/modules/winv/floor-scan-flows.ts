/**
 * Receiving, put-away and counting confirmed by scanning (schemas/README.md "Scanning on the floor"): the scan
 * station's `scans` of each flow are read and matched with the helpers the pick uses (stock/floor-scans.ts),
 * then turned into the flow's own request, so the stock moves exactly as the desk's confirmation would and
 * every rule of the flow (open quantity, lots, capacity of the ledger) still holds.
 *
 * - receive  `scans: [{inboundLineId, barcode, lotCode?, productionDate?, expiryDate?, quantity}]`: each names an
 *   open line of the order and its goods; per line at most the open quantity (409 `error.over_receipt`), one lot
 *   (409 `error.lot_per_line`) and one pair of dates: required (expiry) for goods tracked by expiry, refused for
 *   goods tracked by neither lot nor expiry (400 `scans[i].expiryDate`). Lines not scanned stay open (PARTIAL).
 * - put-away `scans: [{putawayKey | inboundLineId, barcode, locationCode, quantity}]`: the goods of the line and a
 *   location that is one of the line's suggestions or another storage location of the warehouse (409
 *   `error.scan_location` otherwise, naming the suggestions); quantities as the put-away checks them.
 * - count    `scans: [{countLineId, locationCode, barcode, quantity}]` with the count's `post`: the line's own
 *   location and goods; the quantity found (0 or more, several scans of a line add up) becomes the line's
 *   counted quantity with the scanning user as its counter, then the post runs as from the desk.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import {
  checkGoodsScan,
  checkScansUsed,
  readScans,
  round4,
  sameCode,
  scanRefused,
  takeScans,
  type Scan,
  type ScanShape,
} from '../stock/floor-scans.ts'
import type { LineRow, OrderRow } from './inbound.ts'
import { countScope, foundByCodes, foundLineValues, type CountScope } from './count-found.ts'
import { lotDate } from './lots.ts'
import { putawaySuggestions, storagePlaces } from './putaway.ts'

interface ScannedGoods {
  goodsCode: string | null
  barcode: string | null
  batchManagedFlag?: number | null
  expiryManagedFlag?: number | null
  shelfLifeDays?: number | null
}

const goodsCodes = async (db: Db, goodsId: number): Promise<ScannedGoods> =>
  (
    await sql<ScannedGoods>`select goods_code, barcode, batch_managed_flag, expiry_managed_flag, shelf_life_days
      from wmdm_goods where goods_id = ${goodsId}`.execute(db)
  ).rows[0] ?? { goodsCode: null, barcode: null }

/**
 * The lot dates of a line's receive scans (lots.ts keeps the rules of the lot itself): goods tracked by
 * neither lot nor expiry take no dates; goods tracked by expiry need the expiry date (or the production date
 * when they have a shelf life) on a scan of the line unless the lot is known with its dates; one pair of dates
 * per line. Each refusal is 400 naming `scans[i].<date field>`.
 */
async function scannedLotDates(
  db: Db,
  goodsId: number,
  goods: ScannedGoods,
  taken: Scan[],
  name: string,
): Promise<{ productionDate?: string; expiryDate?: string }> {
  const expiry = Number(goods.expiryManagedFlag) === 1
  const lotTracked = expiry || Number(goods.batchManagedFlag) === 1
  let dates: { productionDate: string | null; expiryDate: string | null; scan: Scan } | undefined
  for (const scan of taken) {
    const production = lotDate(scan.productionDate, `scans[${scan.index}].productionDate`)
    const expiryDate = lotDate(scan.expiryDate, `scans[${scan.index}].expiryDate`)
    if (production === null && expiryDate === null) continue
    if (!lotTracked)
      throw badRequest(
        `scans[${scan.index}].expiryDate: ${name}: ${goods.goodsCode ?? 'the goods'} is tracked by neither lot nor expiry: leave the production and expiry dates out.`,
        { [`scans[${scan.index}].expiryDate`]: 'not tracked by expiry' },
      )
    if (!dates) dates = { productionDate: production, expiryDate, scan }
    else if (dates.productionDate !== production || dates.expiryDate !== expiryDate)
      throw badRequest(
        `scans[${scan.index}].expiryDate: ${name} takes one lot with one pair of dates: ${dates.expiryDate ?? dates.productionDate} was scanned first. Receive another lot on another line.`,
        { [`scans[${scan.index}].expiryDate`]: 'one expiry date per line' },
      )
  }
  const first = taken[0]!
  if (expiry && !dates?.expiryDate && !(dates?.productionDate && goods.shelfLifeDays)) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from winv_lot
      where goods_id = ${goodsId} and batch_code = ${first.lotCode}
        and expiry_date is not null`.execute(db)
    if (!rows[0]?.n)
      throw badRequest(
        `scans[${first.index}].expiryDate: ${name}: ${goods.goodsCode ?? 'the goods'} is tracked by expiry: scan or type the lot's expiry date (YYYY-MM-DD)${goods.shelfLifeDays ? ', or its production date' : ''}.`,
        { [`scans[${first.index}].expiryDate`]: 'required for expiry-tracked goods' },
      )
  }
  return {
    ...(dates?.productionDate ? { productionDate: dates.productionDate } : {}),
    ...(dates?.expiryDate ? { expiryDate: dates.expiryDate } : {}),
  }
}

const lineTitle = (order: OrderRow, line: LineRow) =>
  `Line ${line.lineNum ?? line.inboundLineId} of inbound order ${order.orderNum}`

const RECEIVE_SCAN: ScanShape = {
  key: 'inboundLineId',
  location: false,
  quantity: 'positive',
  example: '{inboundLineId, barcode, lotCode, quantity}',
}

/** The receive request of the scans (undefined without scans): one entry per scanned line. */
export async function receiveScanLines(
  db: Db,
  order: OrderRow,
  lines: LineRow[],
  body: Record<string, unknown>,
) {
  const scans = readScans(body, RECEIVE_SCAN)
  if (!scans) return undefined
  if (body.lines !== undefined && body.lines !== null)
    throw badRequest('Give either lines (the desk) or scans (the scan station), not both.', {
      lines: 'leave out with scans',
    })
  const wanted: Array<{
    inboundLineId: number
    quantity: number
    batchCode?: string
    productionDate?: string
    expiryDate?: string
  }> = []
  for (const line of lines) {
    const open = round4(line.quantity - line.receivedQuantity)
    if (open <= 0) continue
    const taken = takeScans(scans, line.inboundLineId)
    if (!taken.length) continue
    const name = lineTitle(order, line)
    const goods = await goodsCodes(db, line.goodsId)
    let quantity = 0
    const lot = taken[0]!.lotCode
    for (const scan of taken) {
      checkGoodsScan(scan, goods, name)
      if (scan.lotCode !== lot)
        throw scanRefused(
          'error.lot_per_line',
          scan,
          'lotCode',
          `${name} takes one lot per receipt: ${lot || 'none'} was scanned first, then ${scan.lotCode || 'none'}. Receive the other lot on another line.`,
          lot || 'no lot',
        )
      quantity = round4(quantity + scan.quantity)
      if (quantity > open)
        throw new AppError(
          409,
          'error.over_receipt',
          `scans[${scan.index}].quantity: ${name} has ${open} still open (expected ${line.quantity}, received ${line.receivedQuantity}), ${quantity} scanned: receive at most ${open}.`,
          { [`scans[${scan.index}].quantity`]: `at most ${open}` },
        )
    }
    const dates = await scannedLotDates(db, line.goodsId, goods, taken, name)
    wanted.push({
      inboundLineId: line.inboundLineId,
      quantity,
      ...(lot ? { batchCode: lot } : {}),
      ...dates,
    })
  }
  checkScansUsed(scans, RECEIVE_SCAN, `inbound order ${order.orderNum} (nothing left to receive there)`)
  return wanted
}

const PUTAWAY_SCAN: ScanShape = {
  key: 'putawayKey',
  // a suggestion row's key `<inboundLineId>.<n>`, or the line id itself
  keyOf: (raw) => Number(String(raw ?? '').split('.')[0]),
  location: true,
  quantity: 'positive',
  example: '{putawayKey, barcode, locationCode, quantity}',
}

/** The put-away request of the scans (undefined without scans): `lines[i]` is `scans[i]`. */
export async function putawayScanLines(
  db: Db,
  tenantId: number,
  order: OrderRow,
  lines: LineRow[],
  body: Record<string, unknown>,
) {
  const scans = readScans(body, PUTAWAY_SCAN)
  if (!scans) return undefined
  if (body.lines !== undefined && body.lines !== null)
    throw badRequest('Give either lines (the desk) or scans (the scan station), not both.', {
      lines: 'leave out with scans',
    })
  const suggestions = await putawaySuggestions(db, tenantId, order)
  const entries: Array<{ inboundLineId: number; locationCode: string; quantity: number; index: number }> = []
  for (const line of lines) {
    const taken = takeScans(scans, line.inboundLineId)
    if (!taken.length) continue
    const name = lineTitle(order, line)
    const goods = await goodsCodes(db, line.goodsId)
    const suggested = suggestions
      .filter((s) => s.inboundLineId === line.inboundLineId && s.locationCode)
      .map((s) => s.locationCode!)
    const storage = (await storagePlaces(db, tenantId, order, line)).map((p) => p.locationCode)
    for (const scan of taken) {
      checkGoodsScan(scan, goods, name)
      const allowed = [...suggested, ...storage].find((code) => sameCode(code, scan.locationCode))
      if (!allowed)
        throw scanRefused(
          'error.scan_location',
          scan,
          'locationCode',
          `${scan.locationCode} is not a storage location of the warehouse for ${name}: put it away at ${suggested.join(', ') || 'a storage location'} (suggested), or scan another enabled storage location.`,
          suggested.join(' / ') || 'a storage location',
        )
      entries.push({
        inboundLineId: line.inboundLineId,
        locationCode: allowed,
        quantity: scan.quantity,
        index: scan.index,
      })
    }
  }
  checkScansUsed(scans, PUTAWAY_SCAN, `inbound order ${order.orderNum}`)
  return entries.sort((a, b) => a.index - b.index).map(({ index: _index, ...entry }) => entry)
}

const COUNT_SCAN: ScanShape = {
  key: 'countLineId',
  // no line: goods found at a counted location that has no line of them (count-found.ts)
  keyOptional: true,
  location: true,
  quantity: 'counted',
  example: '{countLineId, locationCode, barcode, quantity} (no countLineId: goods found without a line)',
}

/**
 * Scans naming no count line: goods found at a counted location. Each (location, goods, lot) becomes a line of
 * found goods (count-found.ts: in the count's scope, lot where needed, no line yet) counted with the sum of its
 * scans; an unknown location or goods code is 400 naming the scan's field.
 */
async function foundScans(db: Db, session: Session, count: CountScope, scans: Scan[]): Promise<void> {
  const groups = new Map<string, { values: Record<string, unknown>; found: number }>()
  for (const scan of scans) {
    const at = `scans[${scan.index}].`
    const place = await foundByCodes(
      db,
      session,
      count,
      { locationCode: scan.locationCode, barcode: scan.barcode },
      at,
    )
    const key = `${String(place.locationId)}/${String(place.goodsId)}/${scan.lotCode}`
    const group = groups.get(key) ?? {
      values: await foundLineValues(
        db,
        session,
        count,
        {
          ...place,
          batchCode: scan.lotCode,
          productionDate: scan.productionDate,
          expiryDate: scan.expiryDate,
        },
        at,
      ),
      found: 0,
    }
    group.found = round4(group.found + scan.quantity)
    groups.set(key, group)
  }
  for (const { values, found } of groups.values())
    await sql`insert into winv_stock_count_line (tenant_id, stock_count_id, warehouse_id, location_id,
        location_code, owner_id, goods_id, goods_code, goods_name, barcode, batch_code, production_date,
        expiry_date, book_quantity, counted_quantity, difference_quantity, counter_id, counter_name,
        counted_date, approval_required, found_flag, created_by, last_updated_by)
      values (${session.tenantId}, ${count.stockCountId}, ${count.warehouseId}, ${values.locationId},
        ${values.locationCode}, ${values.ownerId}, ${values.goodsId}, ${values.goodsCode}, ${values.goodsName},
        ${values.barcode}, ${values.batchCode}, ${values.productionDate}, ${values.expiryDate},
        ${values.bookQuantity}, ${found},
        ${round4(found - Number(values.bookQuantity))}, ${session.userId},
        (select real_name from iam_user where id = ${session.userId}), localtimestamp(0), 0, 1,
        ${session.userId}, ${session.userId})`.execute(db)
}

/**
 * Writes the counted quantities the scans found (undefined without scans) on the count's lines, each with the
 * scanning user as its counter, before the count's post reads them.
 */
export async function countScans(
  db: Db,
  session: Session,
  count: { stockCountId: number; countNum: string },
  body: Record<string, unknown>,
): Promise<void> {
  const scans = readScans(body, COUNT_SCAN)
  if (!scans) return
  const found = takeScans(scans, 0)
  if (found.length) {
    const scope = await countScope(db, session.tenantId, count.stockCountId)
    if (scope) await foundScans(db, session, scope, found)
  }
  const { rows } = await sql<{
    countLineId: number
    locationCode: string | null
    goodsCode: string | null
    barcode: string | null
    bookQuantity: string
  }>`select l.count_line_id, l.location_code, g.goods_code, g.barcode, l.book_quantity
    from winv_stock_count_line l join wmdm_goods g on g.goods_id = l.goods_id
    where l.stock_count_id = ${count.stockCountId} order by l.count_line_id`.execute(db)
  for (const line of rows) {
    const taken = takeScans(scans, Number(line.countLineId))
    if (!taken.length) continue
    const name = `Count ${count.countNum} line ${line.countLineId}`
    let found = 0
    for (const scan of taken) {
      if (!sameCode(line.locationCode, scan.locationCode))
        throw scanRefused(
          'error.scan_location',
          scan,
          'locationCode',
          `${name} counts location ${line.locationCode ?? '?'}, not ${scan.locationCode}: go to ${line.locationCode ?? '?'} and scan its label.`,
          line.locationCode ?? '?',
        )
      checkGoodsScan(scan, line, name)
      found = round4(found + scan.quantity)
    }
    await sql`update winv_stock_count_line set counted_quantity = ${found},
        difference_quantity = ${round4(found - Number(line.bookQuantity))}, counter_id = ${session.userId},
        counter_name = (select real_name from iam_user where id = ${session.userId}),
        counted_date = localtimestamp(0),
        object_version_number = object_version_number + 1, last_updated_by = ${session.userId}
      where count_line_id = ${line.countLineId}`.execute(db)
  }
  checkScansUsed(scans, COUNT_SCAN, `count ${count.countNum}`)
}
