/**
 * Found goods in a stock count (issue 19; schemas/README.md "Floor flows"), as SAP EWM's "add item" and Odoo's
 * count line without theoretical quantity: goods (or a lot) found at a counted location that has no line of the
 * count gets one while the count is COUNTING — from the desk (POST stock-count-lines) or from a count scan that
 * names no line (floor-scan-flows.ts `countScans`). Its book quantity is what the balance holds now (0 for goods
 * the books do not have there), so posting books the gain (+ counted − book, COUNT) like any other line. The
 * location must lie in the count's scope (warehouse, area, location), the goods in its goods scope, a lot is
 * required for lot-tracked goods, and a line the count already has for that place, goods and lot is refused
 * (409 naming it): count on that line instead.
 *
 * The handheld names the place and goods as scanned (`locationCode`, `barcode`: the goods' barcode or code)
 * where the desk names ids; `foundByCodes` reads them into ids under the same rule for both the line route and
 * the post's scans. A found lot of goods tracked by lot is checked and written as a receipt writes it
 * (lots.ts `receiveLot`): dates of a known lot must agree, a new lot of expiry-tracked goods needs its expiry.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { goodsOf, locationOf } from './lookup.ts'
import { lotDate, needsLot, receiveLot } from './lots.ts'

export interface CountScope {
  stockCountId: number
  countNum: string
  warehouseId: number
  whareaId: number | null
  locationId: number | null
  goodsId: number | null
}

/** The count of a line, with its scope; undefined when it is not the tenant's. */
export async function countScope(db: Db, tenantId: number, id: unknown): Promise<CountScope | undefined> {
  const { rows } =
    await sql<CountScope>`select stock_count_id, count_num, warehouse_id, wharea_id, location_id,
      goods_id from winv_stock_count where tenant_id = ${tenantId} and stock_count_id = ${Number(id)}`.execute(
      db,
    )
  const row = rows[0]
  return row && { ...row, warehouseId: Number(row.warehouseId) }
}

/** A code as scanned: trimmed text, '' when absent. */
const codeOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * The location and goods ids of a found-goods request that names them by scanned codes (`locationCode`,
 * `barcode`: barcode first, then goods code, any case), ids given as they are; 400 naming `<at>locationCode` or
 * `<at>barcode` when no location of the count's warehouse or no goods has the code.
 */
export async function foundByCodes(
  db: Db,
  session: Session,
  count: CountScope,
  found: { locationId?: unknown; goodsId?: unknown; locationCode?: unknown; barcode?: unknown },
  at = '',
): Promise<{ locationId?: unknown; goodsId?: unknown }> {
  let { locationId, goodsId } = found
  const locationCode = codeOf(found.locationCode)
  if ((locationId === undefined || locationId === null || locationId === '') && locationCode) {
    const { rows } = await sql<{ locationId: number }>`select location_id from wmdm_location
      where tenant_id = ${session.tenantId} and warehouse_id = ${count.warehouseId}
        and upper(location_code) = upper(${locationCode})`.execute(db)
    if (!rows[0])
      throw badRequest(
        `${at}locationCode: there is no location ${locationCode} in the count's warehouse: scan a location label.`,
        { [`${at}locationCode`]: 'unknown location' },
      )
    locationId = rows[0].locationId
  }
  const barcode = codeOf(found.barcode)
  if ((goodsId === undefined || goodsId === null || goodsId === '') && barcode) {
    const { rows } = await sql<{ goodsId: number }>`select goods_id from wmdm_goods
      where tenant_id = ${session.tenantId}
        and (upper(barcode) = upper(${barcode}) or upper(goods_code) = upper(${barcode}))
      order by (upper(barcode) = upper(${barcode})) desc, goods_id limit 1`.execute(db)
    if (!rows[0])
      throw badRequest(
        `${at}barcode: no goods has the barcode or code ${barcode}: scan the goods' barcode, or add the goods to the goods list first.`,
        { [`${at}barcode`]: 'unknown goods' },
      )
    goodsId = rows[0].goodsId
  }
  return { locationId, goodsId }
}

/**
 * The values of a found-goods line of `count` (`at` prefixes the field names of a refusal, e.g. `scans[2].`):
 * location in the count's scope, goods in its scope, a lot where the goods need one, no line yet for them.
 */
export async function foundLineValues(
  db: Db,
  session: Session,
  count: CountScope,
  found: {
    locationId?: unknown
    goodsId?: unknown
    batchCode?: unknown
    productionDate?: unknown
    expiryDate?: unknown
  },
  at = '',
): Promise<Record<string, unknown>> {
  if (found.locationId === undefined || found.locationId === null || found.locationId === '')
    throw badRequest(`${at}locationId: give the location where the goods were found.`, {
      [`${at}locationId`]: 'required',
    })
  if (found.goodsId === undefined || found.goodsId === null || found.goodsId === '')
    throw badRequest(`${at}goodsId: give the goods found.`, { [`${at}goodsId`]: 'required' })
  const location = await locationOf(
    db,
    session.tenantId,
    found.locationId,
    count.warehouseId,
    `${at}locationId`,
  )
  if (
    (count.locationId && Number(count.locationId) !== location.locationId) ||
    (count.whareaId && Number(count.whareaId) !== Number(location.whareaId))
  )
    throw badRequest(
      `${at}locationId: location ${location.locationCode} is not counted by count ${count.countNum}: add goods found there to a count of that location.`,
      { [`${at}locationId`]: 'outside the count' },
    )
  const goods = await goodsOf(db, session.tenantId, found.goodsId, `${at}goodsId`)
  if (count.goodsId && Number(count.goodsId) !== goods.goodsId)
    throw badRequest(
      `${at}goodsId: count ${count.countNum} counts one goods item only and ${goods.goodsCode} is another: add it to a count of its own.`,
      { [`${at}goodsId`]: 'outside the count' },
    )
  const batchCode = typeof found.batchCode === 'string' ? found.batchCode.trim() : ''
  if (needsLot(goods) && !batchCode)
    throw badRequest(`${at}batchCode: ${goods.goodsCode} is tracked by lot: give the lot found.`, {
      [`${at}batchCode`]: 'required for lot-tracked goods',
    })
  if (!needsLot(goods) && batchCode)
    throw badRequest(`${at}batchCode: ${goods.goodsCode} is not tracked by lot: leave the lot empty.`, {
      [`${at}batchCode`]: 'not lot tracked',
    })
  const productionDate = lotDate(found.productionDate, `${at}productionDate`)
  const expiryDate = lotDate(found.expiryDate, `${at}expiryDate`)
  const { rows: lines } = await sql<{ countLineId: number }>`select count_line_id from winv_stock_count_line
    where stock_count_id = ${count.stockCountId} and location_id = ${location.locationId}
      and goods_id = ${goods.goodsId} and owner_id = ${goods.ownerId} and batch_code = ${batchCode}`.execute(
    db,
  )
  if (lines[0])
    throw new AppError(
      409,
      'error.count_line_exists',
      `${at}goodsId: count ${count.countNum} has line ${lines[0].countLineId} for ${goods.goodsCode}${batchCode ? ` lot ${batchCode}` : ''} at ${location.locationCode}: enter the quantity found on that line.`,
      { [`${at}goodsId`]: `line ${lines[0].countLineId} exists` },
    )
  // a found lot is a lot like a received one: known with its dates, or written now with them
  const lot = await receiveLot(
    db,
    session,
    goods,
    { batchCode, productionDate, expiryDate },
    {
      where: `Count ${count.countNum}: ${goods.goodsCode}${batchCode ? ` lot ${batchCode}` : ''} found at ${location.locationCode}`,
      field: at.replace(/\.$/, ''),
      orderNum: count.countNum,
    },
  )
  const { rows: balance } = await sql<{ quantity: string }>`select quantity from winv_stock
    where tenant_id = ${session.tenantId} and warehouse_id = ${count.warehouseId}
      and location_id = ${location.locationId} and owner_id = ${goods.ownerId} and goods_id = ${goods.goodsId}
      and batch_code = ${batchCode}`.execute(db)
  const barcode = (
    await sql<{
      barcode: string | null
    }>`select barcode from wmdm_goods where goods_id = ${goods.goodsId}`.execute(db)
  ).rows[0]?.barcode
  return {
    stockCountId: count.stockCountId,
    warehouseId: count.warehouseId,
    locationId: location.locationId,
    locationCode: location.locationCode,
    ownerId: goods.ownerId,
    goodsId: goods.goodsId,
    goodsCode: goods.goodsCode,
    goodsName: goods.goodsName,
    barcode: barcode ?? null,
    batchCode,
    productionDate: lot.productionDate,
    expiryDate: lot.expiryDate,
    bookQuantity: Number(balance[0]?.quantity ?? 0),
    approvalRequired: 0,
    foundFlag: 1,
  }
}
