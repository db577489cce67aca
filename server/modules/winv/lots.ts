/**
 * Lots (model wms/lot, table winv_lot): a batch of goods with its production and expiry dates, as Odoo's lots,
 * ERPNext's Batch and SAP EWM's batches with their shelf-life expiration date. A lot is written at its first
 * receipt; its dates never change afterwards (a second receipt of the lot with other dates is refused, 409), so
 * the dates the balances copy (stock/ledger.ts lockBalance) stay true. Rules at receiving, per line:
 *
 * - goods tracked by batch or expiry need the lot (`batchCode`); goods tracked by neither take no dates;
 * - goods tracked by expiry need an expiry date: given, or the production date + the goods' shelf life days;
 * - a production date after the expiry date is refused.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { GoodsInfo } from './lookup.ts'

export interface LotDates {
  productionDate: string | null
  expiryDate: string | null
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A YYYY-MM-DD date of the body, or null when absent; 400 naming the field when it is not a real date. */
export function lotDate(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null
  const text = typeof value === 'string' ? value.trim().slice(0, 10) : ''
  const match = DATE.exec(text)
  const date = match ? new Date(`${text}T00:00:00Z`) : null
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw badRequest(`${field}: give a date as YYYY-MM-DD, not ${JSON.stringify(value)}.`, {
      [field]: 'a date YYYY-MM-DD',
    })
  return text
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Whether the goods need a lot at receiving. */
export const needsLot = (goods: GoodsInfo) => Boolean(goods.batchManagedFlag || goods.expiryManagedFlag)

/**
 * Checks a receipt line's lot and dates and writes the lot at its first receipt (locked, so two receipts of a
 * new lot at once agree). Returns the lot's dates. `where` names the line, `field` the body's line prefix ('' for none).
 */
export async function receiveLot(
  db: Db,
  session: Session,
  goods: GoodsInfo,
  lot: { batchCode: string; productionDate: string | null; expiryDate: string | null },
  context: { where: string; field: string; orderNum: string },
): Promise<LotDates> {
  const { where } = context
  // the body's field of a line (`lines[2].expiryDate`), or the body's own (`expiryDate`) without a prefix
  const field = (name: string) => (context.field ? `${context.field}.${name}` : name)
  const given = lot.productionDate !== null || lot.expiryDate !== null
  if (!needsLot(goods)) {
    if (given)
      throw badRequest(
        `${where}: ${goods.goodsCode} is not tracked by lot: leave the production and expiry dates out.`,
        { [field('expiryDate')]: 'not lot tracked' },
      )
    return { productionDate: null, expiryDate: null }
  }
  if (!lot.batchCode)
    throw badRequest(
      `${where}: ${goods.goodsCode} is batch tracked${goods.batchManagedFlag ? '' : ' (lots with expiry dates)'}: give the batch (batchCode) of the goods received.`,
      { [field('batchCode')]: 'required for batch-tracked goods' },
    )
  let expiryDate = lot.expiryDate
  if (!expiryDate && lot.productionDate && goods.shelfLifeDays)
    expiryDate = addDays(lot.productionDate, goods.shelfLifeDays)
  if (lot.productionDate && expiryDate && lot.productionDate > expiryDate)
    throw badRequest(
      `${where}: the production date ${lot.productionDate} is after the expiry date ${expiryDate}: check both dates.`,
      { [field('productionDate')]: 'after the expiry date' },
    )
  const { rows } = await sql<LotDates & { lotId: number }>`select lot_id,
      to_char(production_date, 'YYYY-MM-DD') as production_date, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date
    from winv_lot where tenant_id = ${session.tenantId} and goods_id = ${goods.goodsId}
      and batch_code = ${lot.batchCode} for update`.execute(db)
  const known = rows[0]
  if (known) {
    const differs = (mine: string | null, theirs: string | null) => mine !== null && mine !== theirs
    if (differs(lot.productionDate, known.productionDate) || differs(expiryDate, known.expiryDate))
      throw new AppError(
        409,
        'error.lot_dates',
        `${where}: lot ${lot.batchCode} of ${goods.goodsCode} was received with production date ${known.productionDate ?? 'none'} and expiry date ${known.expiryDate ?? 'none'}: give the same dates, or leave them out, or give a new lot code.`,
        { [field('expiryDate')]: `lot has ${known.expiryDate ?? 'no expiry date'}` },
      )
    if (goods.expiryManagedFlag && !known.expiryDate)
      throw badRequest(
        `${where}: lot ${lot.batchCode} of ${goods.goodsCode} has no expiry date and the goods are tracked by expiry: receive it under a new lot code with its expiry date.`,
        { [field('batchCode')]: 'lot without expiry date' },
      )
    return { productionDate: known.productionDate, expiryDate: known.expiryDate }
  }
  if (goods.expiryManagedFlag && !expiryDate)
    throw badRequest(
      `${where}: ${goods.goodsCode} is tracked by expiry: give the lot's expiry date${goods.shelfLifeDays ? ', or its production date' : ''} (YYYY-MM-DD).`,
      { [field('expiryDate')]: 'required for expiry-tracked goods' },
    )
  await sql`insert into winv_lot (tenant_id, goods_id, goods_code, owner_id, batch_code, production_date,
      expiry_date, received_date, inbound_order_num, created_by, last_updated_by)
    values (${session.tenantId}, ${goods.goodsId}, ${goods.goodsCode}, ${goods.ownerId}, ${lot.batchCode},
      ${lot.productionDate}, ${expiryDate}, localtimestamp(0), ${context.orderNum}, ${session.userId},
      ${session.userId})`.execute(db)
  return { productionDate: lot.productionDate, expiryDate }
}
