/**
 * A pick confirmed by scanning (the handheld's scan station, widgets/scan-station): the order's (or wave's) pick
 * action may carry body `scans: [{taskId, locationCode, barcode, quantity}]`, what the picker scanned at each
 * picking task. The pick then checks, in its transaction and before any task changes, that each scan names an
 * open task of the order, the task's own location, the task's goods (its barcode or its code) and, summed per
 * task, no more than the task holds; and that every open task was scanned in full (the pick confirms the whole
 * order). Any refusal rolls the pick back. Without `scans` the pick is the desk's one-click confirmation.
 *
 * Refusals: a malformed entry → 400 naming `scans[i].<field>`; a wrong location → 409 `error.scan_location`,
 * wrong goods → 409 `error.scan_goods`, more than the task holds → 409 `error.over_pick`, a task not scanned in
 * full → 409 `error.scan_short`, each message naming the task, what was scanned and what was expected.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'

export interface PickScan {
  /** Position in the body's list, for the error's field pointer. */
  index: number
  taskId: number
  locationCode: string
  barcode: string
  quantity: number
}

/** The scans of a pick by task id, or undefined when the body has none (a pick without scanning). */
export type PickScans = Map<number, PickScan[]> | undefined

const round4 = (value: number) => Math.round(value * 10000) / 10000
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const same = (a: string | null | undefined, b: string) => !!a && a.trim().toUpperCase() === b.toUpperCase()

const refused = (code: string, message: string, field: string, reason: string) =>
  new AppError(409, code, message, { [field]: reason })

/** Reads body.scans (absent → undefined); 400 naming the entry and field for anything malformed. */
export function pickScans(body: Record<string, unknown>): PickScans {
  const scans = body.scans
  if (scans === undefined || scans === null) return undefined
  if (!Array.isArray(scans) || !scans.length)
    throw badRequest('scans: give the list of {taskId, locationCode, barcode, quantity} scanned per task.', {
      scans: 'must be a non-empty list',
    })
  const byTask = new Map<number, PickScan[]>()
  scans.forEach((raw: unknown, index: number) => {
    const entry = (raw ?? {}) as Record<string, unknown>
    const taskId = Number(entry.taskId)
    if (!Number.isInteger(taskId) || taskId <= 0)
      throw badRequest(`scans[${index}].taskId: name the picking task the scan belongs to.`, {
        [`scans[${index}].taskId`]: 'required',
      })
    for (const field of ['locationCode', 'barcode'] as const)
      if (!text(entry[field]))
        throw badRequest(`scans[${index}].${field}: give what was scanned (the ${field}).`, {
          [`scans[${index}].${field}`]: 'required',
        })
    const quantity = Number(entry.quantity)
    if (!Number.isFinite(quantity) || quantity <= 0)
      throw badRequest(`scans[${index}].quantity: give the quantity picked, a number above 0.`, {
        [`scans[${index}].quantity`]: 'a number above 0',
      })
    const scan = {
      index,
      taskId,
      locationCode: text(entry.locationCode),
      barcode: text(entry.barcode),
      quantity,
    }
    byTask.set(taskId, [...(byTask.get(taskId) ?? []), scan])
  })
  return byTask
}

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
    const taken = scans.get(id) ?? []
    scans.delete(id)
    let picked = 0
    for (const scan of taken) {
      const at = `scans[${scan.index}]`
      if (!same(task.locationCode, scan.locationCode))
        throw refused(
          'error.scan_location',
          `${at}.locationCode: ${name} takes from location ${task.locationCode ?? '?'}, not ${scan.locationCode}: go to ${task.locationCode ?? '?'} and scan its label.`,
          `${at}.locationCode`,
          `expected ${task.locationCode ?? '?'}`,
        )
      if (!same(task.barcode, scan.barcode) && !same(task.goodsCode, scan.barcode))
        throw refused(
          'error.scan_goods',
          `${at}.barcode: ${name} is goods ${task.goodsCode ?? '?'}${task.barcode ? ` (barcode ${task.barcode})` : ''}, not ${scan.barcode}: scan the goods of the task.`,
          `${at}.barcode`,
          `expected ${task.barcode ?? task.goodsCode ?? '?'}`,
        )
      picked = round4(picked + scan.quantity)
      if (picked > Number(task.quantity))
        throw refused(
          'error.over_pick',
          `${at}.quantity: ${name} holds ${Number(task.quantity)}, ${picked} scanned: pick no more than the task holds.`,
          `${at}.quantity`,
          `at most ${Number(task.quantity)}`,
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
export function checkScansUsed(scans: PickScans, what: string): void {
  if (!scans?.size) return
  const first = [...scans.values()][0]![0]!
  throw badRequest(
    `scans[${first.index}].taskId: task ${first.taskId} is not an open picking task of ${what}: reload the pick list.`,
    { [`scans[${first.index}].taskId`]: 'not an open task' },
  )
}
