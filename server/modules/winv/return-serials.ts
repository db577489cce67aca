/**
 * Serial numbers of a customer return (issue 19; schemas/README.md "Returns"): a line of serial-tracked goods
 * names the units coming back, one per unit, each a SHIPPED unit of the line's goods shipped from the return's
 * warehouse for its owner — by the return's outbound order when it names one. Checked when the line is written
 * (400 naming `serialNumbers`) and again, with the units locked, when the return is received (400 naming
 * `lines[i].serialNumbers`): receive puts them IN_STOCK at the QC location, release moves them to the storage
 * location, scrap marks them SCRAPPED; each change a serial-transaction row (serials.ts).
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { changeSerials, serialIds, type SerialDoc } from './serials.ts'

/** What the units of a return line must be: the return's warehouse, owner, goods and (when named) order. */
export interface ReturnSerialScope {
  warehouseId: number
  ownerId: number
  goodsId: number
  goodsCode: string
  outboundOrderId: number | null
}

/** The serial numbers of a body value: a list, or one text separated by commas, spaces or new lines. */
export function serialList(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : value ? String(value).split(/[\s,;]+/) : []
  return items.map((s) => s.trim()).filter(Boolean)
}

/**
 * Checks the serial numbers of a line (`field` is the line field to name in a refusal); answers the units' ids.
 * With `lock`, the units are locked before they are checked (receive), so two returns cannot take one unit.
 */
export async function checkReturnSerials(
  db: Db,
  tenantId: number,
  scope: ReturnSerialScope,
  serials: string[],
  quantity: number,
  field: string,
  lock = false,
): Promise<number[]> {
  const refuse = (message: string, reason: string) => badRequest(`${field}: ${message}`, { [field]: reason })
  if (!Number.isInteger(quantity) || serials.length !== quantity)
    throw refuse(
      `${scope.goodsCode} is serial tracked: name one serial number per unit coming back (${serials.length} named for a quantity of ${quantity}).`,
      'one per unit',
    )
  const twice = serials.filter((s, i) => serials.indexOf(s) !== i)
  if (twice.length)
    throw refuse(`serial number ${twice[0]} is named twice: name each unit once.`, 'duplicates')
  const { rows } = await sql<{
    serialNumberId: number
    serialNumber: string
    serialStatus: string
    warehouseId: number
    ownerId: number
    outboundOrderId: number | null
  }>`select serial_number_id, serial_number, serial_status, warehouse_id, owner_id, outbound_order_id
    from winv_serial_number where tenant_id = ${tenantId} and goods_id = ${scope.goodsId}
      and serial_number in (${sql.join(serials)})
    order by serial_number_id ${lock ? sql`for update` : sql``}`.execute(db)
  for (const serial of serials) {
    const unit = rows.find((r) => r.serialNumber === serial)
    if (!unit)
      throw refuse(
        `${serial} is no serial number of ${scope.goodsCode}: type the number printed on the unit that came back.`,
        'unknown serial number',
      )
    if (unit.serialStatus !== 'SHIPPED')
      throw refuse(
        `${serial} of ${scope.goodsCode} is ${unit.serialStatus}, not shipped: only a shipped unit comes back. Check the number on the unit.`,
        'not shipped',
      )
    if (unit.warehouseId !== scope.warehouseId || unit.ownerId !== scope.ownerId)
      throw refuse(
        `${serial} of ${scope.goodsCode} was shipped from another warehouse or for another owner: return it there.`,
        'shipped elsewhere',
      )
    if (scope.outboundOrderId !== null && unit.outboundOrderId !== scope.outboundOrderId)
      throw refuse(
        `${serial} of ${scope.goodsCode} was not shipped by the return's outbound order: name the units that order shipped, or make a return without the order.`,
        'not shipped by this order',
      )
  }
  return rows.map((r) => Number(r.serialNumberId))
}

/** The units of a line come back IN_STOCK at the QC location, no longer held by their order. */
export const serialsIntoQc = (
  db: Db,
  session: Session,
  ids: number[],
  doc: SerialDoc,
  qcLocationId: number,
) =>
  changeSerials(db, session, ids, 'IN_STOCK', doc, {
    locationId: qcLocationId,
    outboundOrderId: null,
    outboundOrderNum: null,
  })

/** The units of a decided line: released → IN_STOCK at the release location; scrapped → SCRAPPED. */
export async function decideSerials(
  db: Db,
  session: Session,
  line: { goodsId: number; serialNumbers: string | null; qcLocationId: number | null },
  doc: SerialDoc,
  target: { locationId: number } | null,
): Promise<void> {
  const serials = serialList(line.serialNumbers)
  if (!serials.length) return
  const ids = await serialIds(
    db,
    session.tenantId,
    sql`goods_id = ${line.goodsId} and serial_number in (${sql.join(serials)}) and serial_status = 'IN_STOCK'
      and location_id = ${line.qcLocationId}`,
  )
  if (target) await changeSerials(db, session, ids, 'IN_STOCK', doc, { locationId: target.locationId })
  else await changeSerials(db, session, ids, 'SCRAPPED', doc)
}
