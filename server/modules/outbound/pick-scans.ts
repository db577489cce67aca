/**
 * A pick confirmed by scanning (the handheld's scan station, widgets/scan-station): the order's (or wave's) pick
 * action may carry body `scans: [{taskId, locationCode, barcode, quantity}]`, what the picker scanned at each
 * picking task. The pick then checks, in its transaction and before any task changes, that each scan names an
 * open task of the order, the task's own location, the task's goods (its barcode or its code) and, summed per
 * task, no more than the task holds; and that every open task was scanned in full (the pick confirms the whole
 * order). Any refusal rolls the pick back. Without `scans` the pick is the desk's one-click confirmation.
 * Reading and matching the scans is shared with the other floor flows (stock/floor-scans.ts).
 *
 * Refusals: a malformed entry → 400 naming `scans[i].<field>`; a wrong location → 409 `error.scan_location`,
 * wrong goods → 409 `error.scan_goods`, more than the task holds → 409 `error.over_pick`, a task not scanned in
 * full → 409 `error.scan_short`, each message naming the task, what was scanned and what was expected.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import {
  checkGoodsScan,
  checkScansUsed as checkUsed,
  readScans,
  round4,
  sameCode,
  scanRefused,
  takeScans,
  type ScanShape,
  type Scans,
} from '../stock/floor-scans.ts'

/** The scans of a pick by task id, or undefined when the body has none (a pick without scanning). */
export type PickScans = Scans

const PICK_SCAN: ScanShape = {
  key: 'taskId',
  location: true,
  quantity: 'positive',
  example: '{taskId, locationCode, barcode, quantity}',
}

/** Reads body.scans (absent → undefined); 400 naming the entry and field for anything malformed. */
export const pickScans = (body: Record<string, unknown>): PickScans => readScans(body, PICK_SCAN)

interface OpenTask {
  taskId: number
  taskNum: string | null
  quantity: number
  locationCode: string | null
  goodsCode: string | null
  barcode: string | null
}

/**
 * Checks the scans of one order's open tasks (see the file's comment) and takes them out of `scans`, so what
 * is left afterwards named no open task of the picked orders (`checkScansUsed`).
 */
export async function checkPickScans(
  db: Db,
  order: { outboundOrderId: number; orderNum: string },
  scans: PickScans,
): Promise<void> {
  if (!scans) return
  const { rows } = await sql<OpenTask>`select t.task_id, t.task_num, t.quantity, l.location_code,
      g.goods_code, g.barcode
    from winv_outbound_task t
      join wmdm_location l on l.location_id = t.location_id
      join wmdm_goods g on g.goods_id = t.goods_id
    where t.outbound_order_id = ${order.outboundOrderId} and t.task_status = 'OPEN'
    order by t.task_id`.execute(db)
  const short: string[] = []
  for (const task of rows) {
    const id = Number(task.taskId)
    const name = `Task ${task.taskNum ?? id} of order ${order.orderNum}`
    let picked = 0
    for (const scan of takeScans(scans, id)) {
      if (!sameCode(task.locationCode, scan.locationCode))
        throw scanRefused(
          'error.scan_location',
          scan,
          'locationCode',
          `${name} takes from location ${task.locationCode ?? '?'}, not ${scan.locationCode}: go to ${task.locationCode ?? '?'} and scan its label.`,
          task.locationCode ?? '?',
        )
      checkGoodsScan(scan, task, name)
      picked = round4(picked + scan.quantity)
      if (picked > Number(task.quantity))
        throw new AppError(
          409,
          'error.over_pick',
          `scans[${scan.index}].quantity: ${name} holds ${Number(task.quantity)}, ${picked} scanned: pick no more than the task holds.`,
          { [`scans[${scan.index}].quantity`]: `at most ${Number(task.quantity)}` },
        )
    }
    if (picked < Number(task.quantity))
      short.push(`${name} at ${task.locationCode ?? '?'}: ${picked} of ${Number(task.quantity)}`)
  }
  if (short.length)
    throw new AppError(
      409,
      'error.scan_short',
      `Not every task was scanned in full: ${short.join('; ')}. Scan the rest (the pick confirms the whole order), or cancel the order and allocate it again.`,
      { scans: 'tasks not scanned in full' },
    )
}

/** 400 when a scan named a task that no picked order has open. */
export const checkScansUsed = (scans: PickScans, what: string): void => checkUsed(scans, PICK_SCAN, what)
