/**
 * Sorting and seeding of wave picking tasks (wms/outboundTask, lifecycle field sortingStatus):
 * WAITING → sort → SORTED → seed → SEEDED. The lifecycle checks the status moves; these effects check the
 * task itself: it must be PICKED (not open, shipped or cancelled with its order) and belong to a wave with a
 * sorting position, and they stamp the time.
 *
 * An order picked in a wave (waveId and sortingPosition set) was picked in bulk with the other orders of the
 * wave: its units reach the order only through sorting and seeding into its slot. So such an order is packed
 * and shipped only once every picked task of it is SEEDED (`checkSeeded`, called by the order's pack and ship:
 * 409 error.sorting_pending naming the tasks left and where to finish them). Orders picked on their own have no
 * sorting step and are not affected.
 *
 * An order of a released wave may also be picked on its own (its own pick, e.g. scanned on the handheld while the
 * rest of the wave waits): its units went straight to the order, so its tasks need no sorting (`pickedOutOfWave`
 * marks them NOT_REQUIRED, which neither sort nor seed accepts and pack and ship do not wait for), and when it was
 * the wave's last ALLOCATED order the wave is PICKED.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { conflict } from '../../errors.ts'
import type { Row } from '../models/model-scope.ts'

function checkSortable(row: Row, what: string): void {
  const name = `Task ${String(row.taskNum)}`
  if (row.taskStatus !== 'PICKED')
    throw conflict(
      'error.lifecycle_state',
      row.taskStatus === 'OPEN'
        ? `${name} is OPEN: only a PICKED task can be ${what}; pick its order or wave first.`
        : `${name} is ${String(row.taskStatus)}: only a PICKED task can be ${what}; reload the tasks.`,
    )
  if (row.waveId === null || row.waveId === undefined || row.sortingPosition === null)
    throw conflict(
      'error.lifecycle_state',
      `${name} is not in a wave with a sorting position: only wave tasks are ${what}; pack its order directly.`,
    )
}

export const sortingBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/outbound-task',
    transitions: {
      sort: async ({ db, row }) => {
        checkSortable(row, 'sorted')
        await sql`update winv_outbound_task set sorted_date = localtimestamp(0)
      where task_id = ${Number(row.taskId)}`.execute(db)
      },
    },
  }),
  modelBehaviour({
    model: 'wms/outbound-task',
    transitions: {
      seed: async ({ db, row }) => {
        checkSortable(row, 'seeded')
        await sql`update winv_outbound_task set seeded_date = localtimestamp(0)
      where task_id = ${Number(row.taskId)}`.execute(db)
      },
    },
  }),
]

/**
 * 409 unless every PICKED task of a wave order is SEEDED (see above); `step` names what was refused ("packed",
 * "shipped"). Orders outside a wave pass.
 */
export async function checkSeeded(db: Db, order: Row, step: string): Promise<void> {
  if (order.waveId === null || order.waveId === undefined) return
  if (order.sortingPosition === null || order.sortingPosition === undefined) return
  const { rows } = await sql<{ taskNum: string; sortingStatus: string; waveNum: string | null }>`
    select t.task_num, t.sorting_status, w.wave_num from winv_outbound_task t
      left join winv_wave_order w on w.wave_id = t.wave_id
    where t.outbound_order_id = ${Number(order.outboundOrderId)} and t.task_status = 'PICKED'
      and t.sorting_status not in ('SEEDED', 'NOT_REQUIRED')
    order by t.task_id`.execute(db)
  if (!rows.length) return
  const wave = rows[0]!.waveNum ?? String(order.waveId)
  const left = rows.map((r) => `${r.taskNum} ${r.sortingStatus}`)
  const shown = left.length > 5 ? [...left.slice(0, 5), `… ${left.length - 5} more`] : left
  const waiting = rows.some((r) => r.sortingStatus === 'WAITING')
  throw conflict(
    'error.sorting_pending',
    `Order ${String(order.orderNum)} was picked in wave ${wave} (slot ${String(order.sortingPosition)}): it can be ${step} only once its units are sorted and seeded into its slot; ${rows.length} task(s) not seeded yet (${shown.join(', ')}). Seed them on /winv/sortingSeeding${waiting ? ' (sort the WAITING ones on /winv/outboundSorting first)' : ''}.`,
  )
}

/** After an order's own pick (see the file's comment): nothing to sort for it; the wave PICKED once none is left. */
export async function pickedOutOfWave(db: Db, order: Row): Promise<void> {
  if (order.waveId === null || order.waveId === undefined) return
  const orderId = Number(order.outboundOrderId)
  await sql`update winv_outbound_task set sorting_status = 'NOT_REQUIRED', object_version_number = object_version_number + 1
    where outbound_order_id = ${orderId} and task_status = 'PICKED' and sorting_status = 'WAITING'`.execute(
    db,
  )
  await sql`update winv_wave_order set wave_status = 'PICKED', object_version_number = object_version_number + 1
    where wave_id = ${Number(order.waveId)} and wave_status = 'RELEASED'
      and not exists (select 1 from winv_outbound_order o where o.wave_id = ${Number(order.waveId)}
        and o.order_status = 'ALLOCATED' and o.outbound_order_id <> ${orderId})`.execute(db)
}
