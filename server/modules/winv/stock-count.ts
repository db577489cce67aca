/**
 * Stock counts (wms/stockCount, lines wms/stockCountLine), with a second person's approval above a threshold
 * as SAP EWM's physical inventory has it (schemas/README.md "Floor flows"):
 *
 *   NEW → start → COUNTING → post → POSTED                      every difference within the threshold
 *                               └──→ PENDING_APPROVAL → approve → POSTED      by a user who counted no marked line
 *                                                     → recount → COUNTING    marked lines counted again
 *   NEW | COUNTING | PENDING_APPROVAL → cancel → CANCELLED
 *
 * The threshold is the warehouse's (else the tenant's) function parameters COUNT_APPROVAL_PERCENT and
 * COUNT_APPROVAL_VALUE; neither set = no approval step. Each counted line keeps who counted it; every ledger row a
 * posting writes names the operator (who posted or approved) and the counter. Everything a step does runs in
 * the transition's transaction through the stock ledger, so a refusal leaves nothing posted.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { functionNumber } from '../stock/function-params.ts'
import { moveStock } from '../stock/ledger.ts'
import { countScope, foundByCodes, foundLineValues } from './count-found.ts'
import { countScans } from './floor-scan-flows.ts'
import { goodsOf, locationOf, nameOf } from './lookup.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

interface CountHeader {
  stockCountId: number
  countNum: string
  countStatus: string
  warehouseId: number
  whareaId: number | null
  locationId: number | null
  goodsId: number | null
}

interface CountLine {
  countLineId: number
  locationId: number
  locationCode: string
  ownerId: number
  goodsId: number
  goodsCode: string
  batchCode: string
  bookQuantity: number
  countedQuantity: number | null
  counterId: number | null
  unitPrice: number | null
}

async function countLines(db: Db, stockCountId: number): Promise<CountLine[]> {
  const { rows } = await sql<CountLine>`select l.count_line_id, l.location_id, l.location_code, l.owner_id,
      l.goods_id, l.goods_code, l.batch_code, l.book_quantity, l.counted_quantity, l.counter_id, g.unit_price
    from winv_stock_count_line l left join wmdm_goods g on g.goods_id = l.goods_id
    where l.stock_count_id = ${stockCountId} order by l.count_line_id for update of l`.execute(db)
  return rows.map((line) => ({
    ...line,
    bookQuantity: Number(line.bookQuantity),
    countedQuantity: line.countedQuantity === null ? null : Number(line.countedQuantity),
    counterId: line.counterId === null ? null : Number(line.counterId),
    unitPrice: line.unitPrice === null ? null : Number(line.unitPrice),
  }))
}

const difference = (line: CountLine) =>
  line.countedQuantity === null ? 0 : round4(line.countedQuantity - line.bookQuantity)

/** The approval threshold of a warehouse: a percentage of the book quantity, a value, either, or none. */
export interface CountThreshold {
  percent?: number
  value?: number
}

export async function countThreshold(db: Db, tenantId: number, warehouseId: number): Promise<CountThreshold> {
  return {
    percent: await functionNumber(db, tenantId, 'COUNT_APPROVAL_PERCENT', warehouseId),
    value: await functionNumber(db, tenantId, 'COUNT_APPROVAL_VALUE', warehouseId),
  }
}

/**
 * Whether a counted line's difference exceeds the threshold: above the percentage of its book quantity (any
 * difference on a book of 0), or above the value at the goods' unit price (no price: value 0).
 */
export function exceedsThreshold(line: CountLine, threshold: CountThreshold): boolean {
  const diff = Math.abs(difference(line))
  if (!diff) return false
  if (threshold.percent !== undefined) {
    if (line.bookQuantity <= 0 || (diff / line.bookQuantity) * 100 > threshold.percent) return true
  }
  if (threshold.value !== undefined && diff * (line.unitPrice ?? 0) > threshold.value) return true
  return false
}

/** Posts counted - book of every counted line (docType COUNT), each ledger row naming the line's counter. */
async function postDifferences(db: Db, session: Session, header: CountHeader, lines: CountLine[]) {
  let differences = 0
  for (const line of lines) {
    const diff = difference(line)
    if (!diff) continue
    differences++
    await moveStock(db, session, {
      warehouseId: header.warehouseId,
      locationId: line.locationId,
      ownerId: line.ownerId,
      goodsId: line.goodsId,
      batchCode: line.batchCode ?? '',
      quantity: diff,
      docType: 'COUNT',
      docId: header.stockCountId,
      docNum: header.countNum,
      docLineId: line.countLineId,
      reason: `Counted ${line.countedQuantity}, book ${line.bookQuantity}`,
      counterId: line.counterId,
    })
  }
  await sql`update winv_stock_count set difference_count = ${differences}, posted_date = localtimestamp(0)
    where stock_count_id = ${header.stockCountId}`.execute(db)
}

const lineName = (line: CountLine) =>
  `${line.locationCode} ${line.goodsCode}${line.batchCode ? ` lot ${line.batchCode}` : ''}`

async function post(db: Db, session: Session, header: CountHeader) {
  const lines = await countLines(db, header.stockCountId)
  const counted = lines.filter((line) => line.countedQuantity !== null)
  if (!counted.length)
    throw badRequest(
      `Count ${header.countNum}: no line has a counted quantity yet: enter what was found before posting.`,
      { countedQuantity: 'required' },
    )
  const threshold = await countThreshold(db, session.tenantId, header.warehouseId)
  const marked = counted.filter((line) => exceedsThreshold(line, threshold))
  await sql`update winv_stock_count_line set approval_required = case when count_line_id in
      (${sql.join([0, ...marked.map((line) => line.countLineId)])}) then 1 else 0 end
    where stock_count_id = ${header.stockCountId}`.execute(db)
  await sql`update winv_stock_count set approval_line_count = ${marked.length}
    where stock_count_id = ${header.stockCountId}`.execute(db)
  if (marked.length) return { to: 'PENDING_APPROVAL' }
  await postDifferences(db, session, header, counted)
}

/** A second person approves: not a counter of a marked line. Posts every counted line. */
async function approve(db: Db, session: Session, header: CountHeader) {
  const lines = await countLines(db, header.stockCountId)
  const { rows: marked } = await sql<{ countLineId: number }>`select count_line_id from winv_stock_count_line
    where stock_count_id = ${header.stockCountId} and approval_required = 1`.execute(db)
  const markedIds = new Set(marked.map((row) => Number(row.countLineId)))
  const own = lines.filter((line) => markedIds.has(line.countLineId) && line.counterId === session.userId)
  if (own.length)
    throw conflict(
      'error.count_second_person',
      `Count ${header.countNum}: you counted ${own.map(lineName).join(', ')}, whose difference is above the approval threshold: a second person approves it. Ask another user with the approval permission to approve or order a recount.`,
    )
  await postDifferences(
    db,
    session,
    header,
    lines.filter((line) => line.countedQuantity !== null),
  )
  await sql`update winv_stock_count set approved_by = ${session.userId},
      approved_by_name = (select real_name from iam_user where id = ${session.userId}),
      approved_date = localtimestamp(0)
    where stock_count_id = ${header.stockCountId}`.execute(db)
}

/** The marked lines are counted again: their counted quantity, difference and counter are cleared. */
async function recount(db: Db, header: CountHeader) {
  await sql`update winv_stock_count_line set counted_quantity = null, difference_quantity = null,
      counter_id = null, counter_name = null, counted_date = null, approval_required = 0,
      object_version_number = object_version_number + 1
    where stock_count_id = ${header.stockCountId} and approval_required = 1`.execute(db)
  await sql`update winv_stock_count set recount_count = coalesce(recount_count, 0) + 1, approval_line_count = 0
    where stock_count_id = ${header.stockCountId}`.execute(db)
}

async function start(db: Db, session: Session, header: CountHeader) {
  const inserted =
    await sql`insert into winv_stock_count_line (tenant_id, stock_count_id, warehouse_id, location_id,
      location_code, owner_id, goods_id, goods_code, goods_name, barcode, batch_code, book_quantity,
      approval_required, created_by, last_updated_by)
    select s.tenant_id, ${header.stockCountId}, s.warehouse_id, s.location_id, l.location_code, s.owner_id,
      s.goods_id, g.goods_code, g.goods_name, g.barcode, s.batch_code, s.quantity, 0, ${session.userId},
      ${session.userId}
    from winv_stock s join wmdm_location l on l.location_id = s.location_id join wmdm_goods g on g.goods_id = s.goods_id
    where s.tenant_id = ${session.tenantId} and s.warehouse_id = ${header.warehouseId} and s.quantity <> 0
      ${header.whareaId ? sql`and l.wharea_id = ${header.whareaId}` : sql``}
      ${header.locationId ? sql`and s.location_id = ${header.locationId}` : sql``}
      ${header.goodsId ? sql`and s.goods_id = ${header.goodsId}` : sql``}
    order by l.location_code, g.goods_code, s.batch_code`.execute(db)
  const count = Number(inserted.numAffectedRows ?? 0)
  const scope = header.locationId ? 'this location' : header.whareaId ? 'this area' : 'this warehouse'
  if (!count)
    throw conflict(
      'error.nothing_to_count',
      `Count ${header.countNum}: there is no stock ${header.goodsId ? 'of this goods ' : ''}in ${scope} to count; pick another scope.`,
    )
  await sql`update winv_stock_count set line_count = ${count} where stock_count_id = ${header.stockCountId}`.execute(
    db,
  )
}

const header = (row: Record<string, unknown>) => row as unknown as CountHeader

export const stockCountBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/stock-count',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let warehouseId = Number(values.warehouseId)
        let whareaId = values.whareaId
        if (op === 'create')
          values.warehouseName = await nameOf(db, 'warehouse', session.tenantId, warehouseId)
        else {
          const current = (
            await sql<{ warehouseId: number; whareaId: number | null }>`select warehouse_id, wharea_id
          from winv_stock_count
          where tenant_id = ${session.tenantId} and stock_count_id = ${Number(body.stockCountId)}`.execute(db)
          ).rows[0]
          if (!current) return // not this tenant's: the generic update answers 404
          warehouseId = Number(current.warehouseId)
          if (whareaId === undefined) whareaId = current.whareaId
        }
        if (values.whareaId !== undefined && values.whareaId !== null) {
          const area = await sql<{
            whareaName: string
            warehouseId: number
          }>`select wharea_name, warehouse_id from wmdm_wharea
        where tenant_id = ${session.tenantId} and wharea_id = ${Number(values.whareaId)}`.execute(db)
          const found = area.rows[0]
          if (!found || Number(found.warehouseId) !== warehouseId)
            throw badRequest(
              `whareaId: area ${String(values.whareaId)} is not an area of the count's warehouse: pick one of its areas or leave it empty.`,
              { whareaId: 'area of another warehouse' },
            )
          values.whareaName = found.whareaName
        }
        if (values.locationId !== undefined && values.locationId !== null) {
          const location = await locationOf(db, session.tenantId, values.locationId, warehouseId)
          if (whareaId && Number(location.whareaId) !== Number(whareaId))
            throw badRequest(
              `locationId: location ${location.locationCode} is not in the count's area: pick a location of that area, or leave the area empty.`,
              { locationId: 'location of another area' },
            )
          values.locationCode = location.locationCode
        } else if (values.locationId === null) values.locationCode = null
        if (values.goodsId !== undefined && values.goodsId !== null)
          values.goodsCode = (await goodsOf(db, session.tenantId, values.goodsId)).goodsCode
        else if (values.goodsId === null) values.goodsCode = null
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/stock-count-line',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        const refuse = () =>
          conflict(
            'error.server_written',
            "Count lines are written by the count's start action (one per balance): they cannot be removed by hand (only a line of found goods can). Enter the counted quantities on its lines.",
          )
        let line: { bookQuantity: number; foundFlag?: number | null } | undefined
        if (op === 'create') {
          // goods found at a counted location with no line: a line with the balance's book (count-found.ts)
          // (the place, goods and lot are read-only fields of a line: read from the body, checked here)
          const count = await countScope(db, session.tenantId, body.stockCountId)
          if (!count) return // the line-document check answers 404 naming the count
          // the handheld names them as scanned (locationCode, barcode), the desk by id
          const place = await foundByCodes(db, session, count, body)
          Object.assign(values, await foundLineValues(db, session, count, { ...body, ...place }))
          line = { bookQuantity: Number(values.bookQuantity) }
        } else {
          const found = await sql<{
            bookQuantity: number
            foundFlag: number | null
          }>`select l.book_quantity, l.found_flag from winv_stock_count_line l
      where l.tenant_id = ${session.tenantId} and l.count_line_id = ${Number(body.countLineId)}`.execute(db)
          line = found.rows[0]
        }
        if (!line) return // not this tenant's: the generic write answers 404
        if (op === 'delete') {
          if (Number(line.foundFlag) === 1) return
          throw refuse()
        }
        // only while COUNTING: the count's `linesEditable`, checked before (models/line-document.ts)
        if (values.countedQuantity === undefined) return
        // Who counted, and when: the user of the last entry (a second person approves their differences).
        const counter =
          values.countedQuantity === null
            ? undefined
            : (
                await sql<{ realName: string | null; now: string }>`select real_name,
                to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS') as now
              from iam_user where id = ${session.userId}`.execute(db)
              ).rows[0]
        values.counterId = counter ? session.userId : null
        values.counterName = counter?.realName ?? null
        values.countedDate = counter?.now ?? null
        if (values.countedQuantity === null) {
          values.differenceQuantity = null
          return
        }
        const counted = Number(values.countedQuantity)
        if (!Number.isFinite(counted) || counted < 0)
          throw badRequest(
            `countedQuantity: give the quantity found (0 or more), not ${String(values.countedQuantity)}.`,
            { countedQuantity: 'must be 0 or more' },
          )
        values.differenceQuantity = round4(counted - Number(line.bookQuantity))
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/stock-count',
    transitions: { start: ({ db, session, row }) => start(db, session, header(row)) },
  }),
  modelBehaviour({
    model: 'wms/stock-count',
    transitions: {
      // scans from the handheld (floor-scan-flows.ts) are checked and written as the counted quantities first
      post: async ({ db, session, row, body }) => {
        await countScans(db, session, header(row), body)
        return post(db, session, header(row))
      },
    },
  }),
  modelBehaviour({
    model: 'wms/stock-count',
    transitions: { approve: ({ db, session, row }) => approve(db, session, header(row)) },
  }),
  modelBehaviour({
    model: 'wms/stock-count',
    transitions: { recount: ({ db, row }) => recount(db, header(row)) },
  }),
]
