/**
 * The decision on a quality hold (wms/quality-check), as SAP's usage decision posts it: the held quantity is
 * split into what passed (released: unlocked, QC_RELEASE) and what failed (rejected: unlocked and taken out of
 * stock, QC_REJECT), the two adding up to the held quantity, so no unit stays locked by a decided hold.
 * `release` and `reject` are the decision of the whole quantity; `decide {releaseQuantity, rejectQuantity}`
 * any split, ending RELEASED (nothing rejected), REJECTED (nothing released) or SPLIT. Every quantity goes
 * through the stock ledger (moveStock: one ledger row per part, with who and when).
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { TransitionContext } from '../models/lifecycle.ts'
import type { Row } from '../models/model-scope.ts'
import { moveStock } from '../stock/ledger.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

/** A decided quantity of the body: absent → 0; else a number 0 or more with at most 4 decimals (400 naming it). */
function decidedQuantity(body: Row, field: 'releaseQuantity' | 'rejectQuantity'): number {
  const value = body[field]
  if (value === undefined || value === null || value === '') return 0
  const number = Number(value)
  if (!Number.isFinite(number) || number < 0 || round4(number) !== number)
    throw badRequest(`${field}: ${JSON.stringify(value)} is not a quantity: give a number 0 or more.`, {
      [field]: 'a number 0 or more',
    })
  return number
}

/** Posts the decision (released + rejected = the held quantity) and answers the hold's status after it. */
async function postDecision(
  db: Db,
  session: Session,
  row: Row,
  released: number,
  rejected: number,
): Promise<{ to: string }> {
  const held = Number(row.quantity)
  if (round4(released + rejected) !== round4(held))
    throw badRequest(
      `Hold ${String(row.qcNum)} holds ${held}: release ${released} + reject ${rejected} = ${round4(released + rejected)}. Decide every held unit: the two quantities add up to ${held}.`,
      {
        rejectQuantity: `release + reject must be ${held}`,
        releaseQuantity: `release + reject must be ${held}`,
      },
    )
  const key = {
    warehouseId: Number(row.warehouseId),
    locationId: Number(row.locationId),
    ownerId: Number(row.ownerId),
    goodsId: Number(row.goodsId),
    batchCode: String(row.batchCode ?? ''),
  }
  const doc = {
    docId: Number(row.qualityCheckId),
    docNum: String(row.qcNum),
    reason: String(row.qcReason ?? ''),
  }
  if (released > 0) await moveStock(db, session, { ...key, ...doc, locked: -released, docType: 'QC_RELEASE' })
  if (rejected > 0)
    await moveStock(db, session, {
      ...key,
      ...doc,
      locked: -rejected,
      quantity: -rejected,
      allowNegative: false,
      docType: 'QC_REJECT',
    })
  await sql`update winv_quality_check set decided_at = localtimestamp(0), released_quantity = ${released},
      rejected_quantity = ${rejected}
    where quality_check_id = ${Number(row.qualityCheckId)}`.execute(db)
  return { to: rejected === 0 ? 'RELEASED' : released === 0 ? 'REJECTED' : 'SPLIT' }
}

/** `release`: every held unit passed. */
export const releaseWhole = ({ db, session, row }: TransitionContext) =>
  postDecision(db, session, row, Number(row.quantity), 0)

/** `reject`: every held unit failed. */
export const rejectWhole = ({ db, session, row }: TransitionContext) =>
  postDecision(db, session, row, 0, Number(row.quantity))

/** `decide`: the split the body gives. */
export const decideSplit = ({ db, session, row, body }: TransitionContext) =>
  postDecision(
    db,
    session,
    row,
    decidedQuantity(body, 'releaseQuantity'),
    decidedQuantity(body, 'rejectQuantity'),
  )
