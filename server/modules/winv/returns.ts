/**
 * Returns (issue 19; schemas/README.md "Returns (issue 19)"), on the generic lifecycle and line-document
 * mechanisms, every quantity through the stock ledger (`moveStock`, with who and when):
 *
 * - customer return `wms/customerReturn` + lines `wms/customerReturnLine`: `receive` books every line into a
 *   QC location (a location in an area of type QC) — never more per outbound line than it shipped minus what
 *   came back already; each line then gets its QC decision through its own lifecycle (`release` to a storage
 *   location, `scrap`, `block`), and the last decision closes the return. Stock in a QC area is never
 *   allocated (`availableByLocation` leaves QC areas out, server/modules/stock/ledger.ts).
 * - vendor return `wms/vendorReturn`: `ship` takes the quantity out of one location, against an inbound order
 *   (never more than it received of the goods, net of returns) or free.
 */
import { behaviourOf, modelBehaviour, withBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict } from '../../errors.ts'
import { projectPath } from '../../paths.ts'
import type { Session } from '../../types.ts'
import { runTransition, type TransitionContext } from '../models/lifecycle.ts'
import type { Row } from '../models/model-scope.ts'
import { moveStock } from '../stock/ledger.ts'
import { goodsOf, locationOf, type GoodsInfo } from './lookup.ts'
import { checkReturnSerials, decideSerials, serialList, serialsIntoQc } from './return-serials.ts'

/** The area type whose locations hold returned goods until their QC decision (lookup WMDM.AREA_TYPE). */
export const QC_AREA_TYPE = 'QC'

const CUSTOMER_RETURN = 'wms/customer-return'
const RETURN_LINE = 'wms/customer-return-line'
const VENDOR_RETURN = 'wms/vendor-return'

let headerModel: ModelSchema | undefined
const customerReturnModel = () =>
  (headerModel ??= JSON.parse(
    readFileSync(projectPath('schemas', 'models', 'wms', 'customer-return.model.json'), 'utf8'),
  ) as ModelSchema)

/** A 409 naming the fields to fix (conflict() carries none). */
const conflictAt = (code: string, message: string, fields: Record<string, string>) =>
  new AppError(409, code, message, fields)

const round4 = (value: number) => Math.round(value * 10000) / 10000
const given = (value: unknown) => value !== undefined && value !== null && value !== ''
const userName = (session: Session) =>
  sql<string>`(select real_name from iam_user where id = ${session.userId})`

interface ReturnHeader {
  customerReturnId: number
  returnNum: string
  warehouseId: number
  ownerId: number
  outboundOrderId: number | null
  qcLocationId: number | null
  returnStatus: string
  returnReason: string | null
}

interface ReturnLine {
  returnLineId: number
  customerReturnId: number
  lineNum: number
  outboundLineId: number | null
  goodsId: number
  batchCode: string | null
  quantity: number
  qcLocationId: number | null
  qcStatus: string
  serialNumbers: string | null
}

async function returnHeader(db: Db, tenantId: number, id: unknown): Promise<ReturnHeader | undefined> {
  const { rows } = await sql<ReturnHeader>`select customer_return_id, return_num, warehouse_id, owner_id,
      outbound_order_id, qc_location_id, return_status, return_reason
    from winv_customer_return where tenant_id = ${tenantId} and customer_return_id = ${Number(id)}`.execute(
    db,
  )
  return rows[0]
}

/** True when the location lies in an area of type QC. */
async function inQcArea(db: Db, tenantId: number, locationId: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from wmdm_location l
    join wmdm_wharea a on a.wharea_id = l.wharea_id and a.tenant_id = l.tenant_id
    where l.tenant_id = ${tenantId} and l.location_id = ${locationId} and a.area_type = ${QC_AREA_TYPE}`.execute(
    db,
  )
  return (rows[0]?.n ?? 0) > 0
}

/**
 * The QC location of a return: the one named (of the warehouse, in a QC area: else 400), else the warehouse's
 * first enabled location of an enabled QC area in pick path order (none: 409 saying how to make one).
 */
async function qcLocation(
  db: Db,
  tenantId: number,
  warehouseId: number,
  named: unknown,
): Promise<{ locationId: number; locationCode: string }> {
  if (given(named)) {
    const location = await locationOf(db, tenantId, named, warehouseId, 'qcLocationId')
    if (!(await inQcArea(db, tenantId, location.locationId)))
      throw badRequest(
        `qcLocationId: location ${location.locationCode} is not in a QC area: returned goods wait for their QC decision in a location of an area of type QC. Pick one, or leave it empty for the warehouse's first.`,
        { qcLocationId: 'not a QC location' },
      )
    return location
  }
  const { rows } = await sql<{
    locationId: number
    locationCode: string
  }>`select l.location_id, l.location_code
    from wmdm_location l join wmdm_wharea a on a.wharea_id = l.wharea_id and a.tenant_id = l.tenant_id
    where l.tenant_id = ${tenantId} and l.warehouse_id = ${warehouseId} and l.enabled_flag = 1
      and a.enabled_flag = 1 and a.area_type = ${QC_AREA_TYPE}
    order by l.pick_sequence nulls last, l.location_code limit 1`.execute(db)
  if (!rows[0])
    throw conflictAt(
      'error.no_qc_location',
      `Warehouse ${warehouseId} has no enabled location in a QC area: returned goods are received into quarantine. Create an area of type QC for the warehouse (Warehouse areas) with a location in it, then receive again.`,
      { qcLocationId: 'the warehouse has no QC location' },
    )
  return rows[0]
}

/**
 * Goods a return may carry: of the document's owner, batch given when batch tracked; serial tracked only on a
 * customer return (`serials`: its line names the units, return-serials.ts), never on a vendor return.
 */
function checkReturnGoods(
  goods: GoodsInfo,
  ownerId: number,
  batchCode: unknown,
  prefix = '',
  serials = false,
): void {
  if (goods.ownerId !== ownerId)
    throw badRequest(
      `${prefix}goodsId: ${goods.goodsCode} belongs to another owner: pick goods of the return's owner.`,
      { [`${prefix}goodsId`]: "not the return's owner" },
    )
  if (goods.serialManagedFlag && !serials)
    throw badRequest(
      `${prefix}goodsId: ${goods.goodsCode} is serial tracked: a vendor return by serial number is not built; return it through the inbound order's Return goods.`,
      { [`${prefix}goodsId`]: 'serial tracked goods' },
    )
  if (goods.batchManagedFlag && !given(batchCode))
    throw badRequest(`${prefix}batchCode: ${goods.goodsCode} is batch tracked: give the batch coming back.`, {
      [`${prefix}batchCode`]: 'required for batch-tracked goods',
    })
}

const customerReturnWrites: ModelBehaviour[] = [
  modelBehaviour({
    model: CUSTOMER_RETURN,
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let header: Row = values
        if (op === 'update') {
          const current = await returnHeader(db, session.tenantId, body.customerReturnId)
          if (!current) return // not this tenant's: the generic update answers 404
          header = { ...current, ...values }
        }
        const warehouseId = Number(header.warehouseId)
        if (given(values.outboundOrderId)) {
          const { rows } = await sql<{
            orderNum: string
            orderStatus: string
            warehouseId: number
            ownerId: number
            customerId: number | null
            customerName: string | null
          }>`select order_num, order_status, warehouse_id, owner_id, customer_id, customer_name
        from winv_outbound_order where tenant_id = ${session.tenantId}
          and outbound_order_id = ${Number(values.outboundOrderId)}`.execute(db)
          const order = rows[0]
          if (!order)
            throw badRequest(
              `outboundOrderId: outbound order ${String(values.outboundOrderId)} does not exist: pick a shipped order, or leave it empty for a return without one.`,
              { outboundOrderId: 'unknown outbound order' },
            )
          if (order.orderStatus !== 'SHIPPED')
            throw badRequest(
              `outboundOrderId: outbound order ${order.orderNum} is ${order.orderStatus}: pick a SHIPPED order, the only kind goods come back against.`,
              { outboundOrderId: 'not shipped' },
            )
          if (order.warehouseId !== warehouseId || order.ownerId !== Number(header.ownerId))
            throw badRequest(
              `outboundOrderId: outbound order ${order.orderNum} is of another warehouse or owner: give the return the warehouse and owner that shipped it.`,
              { outboundOrderId: 'another warehouse or owner' },
            )
          values.outboundOrderNum = order.orderNum
          if (!given(values.customerId) && order.customerId) values.customerId = order.customerId
          if (!given(values.customerName) && order.customerName) values.customerName = order.customerName
        }
        if (given(values.qcLocationId)) {
          const location = await qcLocation(db, session.tenantId, warehouseId, values.qcLocationId)
          values.qcLocationCode = location.locationCode
        } else if (values.qcLocationId === null) values.qcLocationCode = null
      },
    ],
  }),

  // The document's status (NEW only) and scope are checked by the line-document mechanism; this fills the
  // line from its return and its outbound line, and checks the goods.
  modelBehaviour({
    model: RETURN_LINE,
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let line: Row = values
        if (op === 'update') {
          const { rows } = await sql<Row>`select * from winv_customer_return_line
        where tenant_id = ${session.tenantId} and return_line_id = ${Number(body.returnLineId)}`.execute(db)
          if (!rows[0]) return // not this tenant's: the generic update answers 404
          line = { ...rows[0], ...values }
        }
        const header = await returnHeader(db, session.tenantId, line.customerReturnId)
        if (!header) return // the line-document check answers 404 naming the return
        values.warehouseId = header.warehouseId
        values.ownerId = header.ownerId
        if (op === 'create' && !given(values.lineNum)) {
          const { rows } = await sql<{ next: number }>`select coalesce(max(line_num), 0)::int + 1 as next
        from winv_customer_return_line where customer_return_id = ${header.customerReturnId}`.execute(db)
          values.lineNum = rows[0]?.next ?? 1
        }
        if (header.outboundOrderId) {
          const { rows } = await sql<{
            outboundLineId: number
            goodsId: number
          }>`select outbound_line_id, goods_id
        from winv_outbound_line where tenant_id = ${session.tenantId} and outbound_order_id = ${header.outboundOrderId}
        order by line_num, outbound_line_id`.execute(db)
          const match = given(line.outboundLineId)
            ? rows.find((r) => r.outboundLineId === Number(line.outboundLineId))
            : rows.find((r) => r.goodsId === Number(line.goodsId))
          if (!match)
            throw badRequest(
              given(line.outboundLineId)
                ? `outboundLineId: line ${String(line.outboundLineId)} is not a line of the return's outbound order: pick one of its lines.`
                : `goodsId: goods ${String(line.goodsId)} is not on the return's outbound order: pick goods the order shipped.`,
              given(line.outboundLineId)
                ? { outboundLineId: 'not a line of the outbound order' }
                : { goodsId: 'not on the outbound order' },
            )
          if (given(line.goodsId) && Number(line.goodsId) !== match.goodsId)
            throw badRequest(
              `goodsId: the outbound line ${match.outboundLineId} shipped other goods: leave the goods empty to take the line's.`,
              { goodsId: 'not the goods of the outbound line' },
            )
          values.outboundLineId = match.outboundLineId
          values.goodsId = match.goodsId
        } else if (given(line.outboundLineId))
          throw badRequest(
            'outboundLineId: the return names no outbound order: set the order on the return first, or leave the line empty.',
            { outboundLineId: 'the return has no outbound order' },
          )
        if (!given(values.goodsId ?? line.goodsId))
          throw badRequest('goodsId: pick the goods coming back.', { goodsId: 'required' })
        const goods = await goodsOf(db, session.tenantId, values.goodsId ?? line.goodsId)
        checkReturnGoods(goods, header.ownerId, line.batchCode, '', true)
        values.goodsCode = goods.goodsCode
        values.goodsName = goods.goodsName
        const serials = serialList(line.serialNumbers)
        if (!goods.serialManagedFlag && serials.length)
          throw badRequest(
            `serialNumbers: ${goods.goodsCode} is not serial tracked: leave the serial numbers empty.`,
            { serialNumbers: 'not serial tracked' },
          )
        if (goods.serialManagedFlag)
          await checkReturnSerials(
            db,
            session.tenantId,
            { ...header, goodsId: goods.goodsId, goodsCode: goods.goodsCode },
            serials,
            Number(line.quantity),
            'serialNumbers',
          )
        if (line.serialNumbers !== undefined) values.serialNumbers = serials.length ? serials.join(',') : null
      },
    ],
  }),
]

async function returnLines(db: Db, customerReturnId: number): Promise<ReturnLine[]> {
  const { rows } =
    await sql<ReturnLine>`select return_line_id, customer_return_id, line_num, outbound_line_id,
      goods_id, batch_code, quantity, qc_location_id, qc_status, serial_numbers
    from winv_customer_return_line where customer_return_id = ${customerReturnId}
    order by line_num, return_line_id for update`.execute(db)
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }))
}

/** Over-return guard: per outbound line, at most shipped − returned already; books what comes back now. */
async function takeFromOutbound(db: Db, header: ReturnHeader, lines: ReturnLine[]): Promise<void> {
  const { rows: orders } = await sql<{ orderNum: string; orderStatus: string }>`select order_num, order_status
    from winv_outbound_order where outbound_order_id = ${header.outboundOrderId} for update`.execute(db)
  const order = orders[0]
  if (!order || order.orderStatus !== 'SHIPPED')
    throw conflict(
      'error.lifecycle_state',
      `Outbound order ${order?.orderNum ?? String(header.outboundOrderId)} is ${order?.orderStatus ?? 'gone'}: a customer return is received only against a SHIPPED order; make a return without the order instead.`,
    )
  const asked = new Map<number, number>()
  for (const [index, line] of lines.entries()) {
    const id = Number(line.outboundLineId)
    const total = round4((asked.get(id) ?? 0) + line.quantity)
    asked.set(id, total)
    const { rows } = await sql<{
      shippedQuantity: number
      returnedQuantity: number
      goodsCode: string | null
    }>`
      select l.shipped_quantity, l.returned_quantity, g.goods_code from winv_outbound_line l
      left join wmdm_goods g on g.goods_id = l.goods_id
      where l.outbound_line_id = ${id} for update of l`.execute(db)
    const source = rows[0]
    const open = source ? round4(Number(source.shippedQuantity) - Number(source.returnedQuantity ?? 0)) : 0
    if (total > open)
      throw conflictAt(
        'error.over_return',
        `Line ${line.lineNum}: ${total} of ${source?.goodsCode ?? 'these goods'} cannot come back against ${order.orderNum}: it shipped ${Number(source?.shippedQuantity ?? 0)} and ${Number(source?.returnedQuantity ?? 0)} came back already (at most ${open} more). Lower the quantity, or return the rest without the order.`,
        { [`lines[${index}].quantity`]: `at most ${open}` },
      )
  }
  for (const [id, quantity] of asked)
    await sql`update winv_outbound_line set returned_quantity = coalesce(returned_quantity, 0) + ${quantity}
      where outbound_line_id = ${id}`.execute(db)
}

async function receive(db: Db, session: Session, header: ReturnHeader): Promise<void> {
  const lines = await returnLines(db, header.customerReturnId)
  if (!lines.length)
    throw conflict(
      'error.lifecycle_state',
      `Customer return ${header.returnNum} has no line: add the goods coming back, then receive.`,
    )
  const qc = await qcLocation(db, session.tenantId, header.warehouseId, header.qcLocationId)
  if (header.outboundOrderId) await takeFromOutbound(db, header, lines)
  const doc = { docType: 'CUSTOMER_RETURN', docId: header.customerReturnId, docNum: header.returnNum }
  const named = new Set<string>()
  for (const [index, line] of lines.entries()) {
    const goods = await goodsOf(db, session.tenantId, line.goodsId)
    if (!goods.serialManagedFlag) continue
    const field = `lines[${index}].serialNumbers`
    const serials = serialList(line.serialNumbers)
    const twice = serials.find((serial) => named.has(serial))
    if (twice)
      throw badRequest(
        `${field}: serial number ${twice} is named on another line too: name each unit once.`,
        {
          [field]: 'named twice',
        },
      )
    serials.forEach((serial) => named.add(serial))
    const units = await checkReturnSerials(
      db,
      session.tenantId,
      { ...header, goodsId: goods.goodsId, goodsCode: goods.goodsCode },
      serials,
      line.quantity,
      field,
      true,
    )
    await serialsIntoQc(db, session, units, doc, qc.locationId)
  }
  for (const line of lines)
    await moveStock(db, session, {
      warehouseId: header.warehouseId,
      locationId: qc.locationId,
      ownerId: header.ownerId,
      goodsId: line.goodsId,
      batchCode: line.batchCode ?? '',
      quantity: line.quantity,
      docType: 'CUSTOMER_RETURN',
      docId: header.customerReturnId,
      docNum: header.returnNum,
      docLineId: line.returnLineId,
      reason: header.returnReason,
    })
  await sql`update winv_customer_return_line set qc_status = 'PENDING', qc_location_id = ${qc.locationId},
      qc_location_code = ${qc.locationCode}, object_version_number = object_version_number + 1
    where customer_return_id = ${header.customerReturnId}`.execute(db)
  await sql`update winv_customer_return set qc_location_id = ${qc.locationId}, qc_location_code = ${qc.locationCode},
      received_date = localtimestamp(0), received_by_name = ${userName(session)}
    where customer_return_id = ${header.customerReturnId}`.execute(db)
}

/** The storage location a released line goes to: of the warehouse, enabled, not in a QC area. */
async function releaseLocation(db: Db, tenantId: number, warehouseId: number, body: Row) {
  let id = body.locationId
  if (!given(id) && given(body.locationCode)) {
    const { rows } = await sql<{ locationId: number }>`select location_id from wmdm_location
      where tenant_id = ${tenantId} and warehouse_id = ${warehouseId} and location_code = ${String(body.locationCode)}`.execute(
      db,
    )
    if (!rows[0])
      throw badRequest(
        `locationCode: there is no location ${String(body.locationCode)} in the return's warehouse: type a location code of that warehouse.`,
        { locationCode: 'unknown location' },
      )
    id = rows[0].locationId
  }
  if (!given(id))
    throw badRequest('locationCode: give the storage location the released goods go to.', {
      locationCode: 'required to release',
    })
  const location = await locationOf(db, tenantId, id, warehouseId)
  if (!location.enabledFlag)
    throw badRequest(`locationId: location ${location.locationCode} is disabled: pick an enabled location.`, {
      locationId: 'disabled location',
    })
  if (await inQcArea(db, tenantId, location.locationId))
    throw badRequest(
      `locationId: location ${location.locationCode} is in a QC area: choose a storage location, where released goods can be allocated again.`,
      { locationId: 'a QC location' },
    )
  return location
}

type Decision = 'release' | 'scrap' | 'block'

const decide =
  (decision: Decision) =>
  async ({ db, session, row, body, model: lineModel }: TransitionContext) => {
    const line = row as unknown as ReturnLine
    const header = (await returnHeader(db, session.tenantId, line.customerReturnId))!
    const key = {
      warehouseId: header.warehouseId,
      locationId: Number(line.qcLocationId),
      ownerId: header.ownerId,
      goodsId: Number(line.goodsId),
      batchCode: line.batchCode ?? '',
    }
    const doc = {
      docId: header.customerReturnId,
      docNum: header.returnNum,
      docLineId: line.returnLineId,
      reason: given(body.remark) ? String(body.remark) : header.returnReason,
    }
    const quantity = Number(line.quantity)
    let target: { locationId: number; locationCode: string } | undefined
    if (decision === 'release') {
      target = await releaseLocation(db, session.tenantId, header.warehouseId, body)
      await moveStock(db, session, {
        ...key,
        ...doc,
        quantity: -quantity,
        allowNegative: false,
        docType: 'RETURN_RELEASE',
      })
      await moveStock(db, session, {
        ...key,
        ...doc,
        locationId: target.locationId,
        quantity,
        docType: 'RETURN_RELEASE',
      })
    } else if (decision === 'scrap')
      await moveStock(db, session, {
        ...key,
        ...doc,
        quantity: -quantity,
        allowNegative: false,
        docType: 'RETURN_SCRAP',
      })
    if (decision !== 'block')
      await decideSerials(
        db,
        session,
        line,
        {
          docType: decision === 'release' ? 'RETURN_RELEASE' : 'RETURN_SCRAP',
          docId: doc.docId,
          docNum: doc.docNum,
        },
        target ?? null,
      )
    const status = { release: 'RELEASED', scrap: 'SCRAPPED', block: 'BLOCKED' }[decision]
    // the status is set here too (the lifecycle sets it again after): the close below counts this line decided
    await sql`update winv_customer_return_line set qc_status = ${status},
        release_location_id = ${target?.locationId ?? null}, release_location_code = ${target?.locationCode ?? null},
        decided_by_name = ${userName(session)}, decided_date = localtimestamp(0)
        ${given(body.remark) ? sql`, remark = ${String(body.remark)}` : sql``}
      where return_line_id = ${line.returnLineId}`.execute(db)
    if (header.returnStatus === 'IN_QC' && !(await pendingLines(db, header.customerReturnId))) {
      const model = withBehaviour(customerReturnModel(), behaviourOf(lineModel))
      const close = model.lifecycle!.transitions.find((t) => t.action === 'close')!
      await runTransition(db, model, close, session, header.customerReturnId, {})
    }
  }

async function pendingLines(db: Db, customerReturnId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from winv_customer_return_line
    where customer_return_id = ${customerReturnId} and qc_status = 'PENDING'`.execute(db)
  return rows[0]?.n ?? 0
}

const customerReturnEffects: ModelBehaviour[] = [
  modelBehaviour({
    model: CUSTOMER_RETURN,
    transitions: { receive: ({ db, session, row }) => receive(db, session, row as unknown as ReturnHeader) },
  }),
  modelBehaviour({
    model: CUSTOMER_RETURN,
    transitions: {
      close: async ({ db, row }) => {
        const pending = await pendingLines(db, Number(row.customerReturnId))
        if (pending)
          throw conflict(
            'error.qc_pending',
            `Customer return ${String(row.returnNum)}: ${pending} line(s) still wait for their QC decision: release, scrap or block each line; the return closes with the last decision.`,
          )
        await sql`update winv_customer_return set closed_date = localtimestamp(0)
      where customer_return_id = ${Number(row.customerReturnId)}`.execute(db)
      },
    },
  }),
  modelBehaviour({ model: RETURN_LINE, transitions: { release: decide('release') } }),
  modelBehaviour({ model: RETURN_LINE, transitions: { scrap: decide('scrap') } }),
  modelBehaviour({ model: RETURN_LINE, transitions: { block: decide('block') } }),
  // The outbound order's own Return books every shipped quantity back: refused once part came back through a
  // customer return, which would count it twice.
  modelBehaviour({
    model: 'wms/outbound-order',
    transitions: {
      return: async ({ db, row }) => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from winv_customer_return
      where outbound_order_id = ${Number(row.outboundOrderId)} and return_status in ('IN_QC', 'CLOSED')`.execute(
          db,
        )
        if (rows[0]?.n)
          throw conflict(
            'error.over_return',
            `Outbound order ${String(row.orderNum)} already has goods back through a customer return: return the rest with a customer return (Customer returns), which counts what came back.`,
          )
      },
    },
  }),
]

const vendorReturnBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: VENDOR_RETURN,
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let row: Row = values
        if (op === 'update') {
          const { rows } = await sql<Row>`select * from winv_vendor_return
        where tenant_id = ${session.tenantId} and vendor_return_id = ${Number(body.vendorReturnId)}`.execute(
            db,
          )
          if (!rows[0]) return // not this tenant's: the generic update answers 404
          row = { ...rows[0], ...values }
        }
        if (given(row.goodsId))
          checkReturnGoods(
            await goodsOf(db, session.tenantId, row.goodsId),
            Number(row.ownerId),
            row.batchCode,
          )
        if (!given(values.inboundOrderId)) {
          if (values.inboundOrderId === null) values.inboundOrderNum = null
          return
        }
        const { rows } = await sql<{
          orderNum: string
          warehouseId: number
          ownerId: number
          vendorId: number | null
          supplierName: string | null
        }>`select order_num, warehouse_id, owner_id, vendor_id, supplier_name from winv_inbound_order
      where tenant_id = ${session.tenantId} and inbound_order_id = ${Number(values.inboundOrderId)}`.execute(
          db,
        )
        const order = rows[0]
        if (!order)
          throw badRequest(
            `inboundOrderId: inbound order ${String(values.inboundOrderId)} does not exist: pick one, or leave it empty for a free return.`,
            { inboundOrderId: 'unknown inbound order' },
          )
        if (order.warehouseId !== Number(row.warehouseId) || order.ownerId !== Number(row.ownerId))
          throw badRequest(
            `inboundOrderId: inbound order ${order.orderNum} is of another warehouse or owner: give the vendor return the warehouse and owner that received it.`,
            { inboundOrderId: 'another warehouse or owner' },
          )
        if (given(row.goodsId)) {
          const { rows: lines } = await sql<{
            n: number
          }>`select count(*)::int as n from winv_inbound_order_line
        where inbound_order_id = ${Number(values.inboundOrderId)} and goods_id = ${Number(row.goodsId)}`.execute(
            db,
          )
          if (!lines[0]?.n)
            throw badRequest(
              `goodsId: the goods are not on inbound order ${order.orderNum}: pick goods it received, or make a free return.`,
              { goodsId: 'not on the inbound order' },
            )
        }
        values.inboundOrderNum = order.orderNum
        if (!given(row.vendorId) && order.vendorId) values.vendorId = order.vendorId
        if (!given(row.supplierName) && order.supplierName) values.supplierName = order.supplierName
      },
    ],
  }),

  modelBehaviour({
    model: VENDOR_RETURN,
    transitions: {
      ship: async ({ db, session, row }) => {
        const quantity = Number(row.quantity)
        if (row.inboundOrderId) {
          // lock the order's lines of the goods: two returns of the same order are served one after the other
          const { rows } = await sql<{ received: number | null }>`select sum(x.received) as received from (
          select received_quantity - coalesce(returned_quantity, 0) as received from winv_inbound_order_line
          where inbound_order_id = ${Number(row.inboundOrderId)} and goods_id = ${Number(row.goodsId)} for update) x`.execute(
            db,
          )
          const { rows: sent } = await sql<{
            sent: number | null
          }>`select sum(quantity) as sent from winv_vendor_return
        where inbound_order_id = ${Number(row.inboundOrderId)} and goods_id = ${Number(row.goodsId)}
          and return_status = 'SHIPPED' and vendor_return_id <> ${Number(row.vendorReturnId)}`.execute(db)
          const received = round4(Number(rows[0]?.received ?? 0))
          const open = round4(received - Number(sent[0]?.sent ?? 0))
          if (quantity > open)
            throw conflictAt(
              'error.over_return',
              `Vendor return ${String(row.returnNum)}: ${quantity} of ${String(row.goodsCode)} cannot go back against ${String(row.inboundOrderNum)}: it received ${received} net of its own returns, and ${round4(received - open)} went back already (at most ${open} more). Lower the quantity, or make a free return.`,
              { quantity: `at most ${open}` },
            )
        }
        await moveStock(db, session, {
          warehouseId: Number(row.warehouseId),
          locationId: Number(row.locationId),
          ownerId: Number(row.ownerId),
          goodsId: Number(row.goodsId),
          batchCode: String(row.batchCode ?? ''),
          quantity: -quantity,
          allowNegative: false,
          docType: 'VENDOR_RETURN',
          docId: Number(row.vendorReturnId),
          docNum: String(row.returnNum),
          reason: String(row.returnReason ?? ''),
        })
        await sql`update winv_vendor_return set shipped_date = localtimestamp(0), shipped_by_name = ${userName(session)}
      where vendor_return_id = ${Number(row.vendorReturnId)}`.execute(db)
      },
    },
  }),
]

export const returnBehaviour: ModelBehaviour[] = [
  ...customerReturnWrites,
  ...customerReturnEffects,
  ...vendorReturnBehaviour,
]
