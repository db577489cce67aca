/**
 * Sorting and seeding of wave picking tasks (wms/outboundTask, lifecycle field sortingStatus):
 * WAITING → sort → SORTED → seed → SEEDED. The lifecycle checks the status moves; these effects check the
 * task itself: it must be PICKED (not open, shipped or cancelled with its order) and belong to a wave with a
 * sorting position, and they stamp the time.
 */
import { sql } from 'kysely'
import { conflict } from '../../errors.ts'
import { onTransition } from '../models/lifecycle.ts'
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

export function registerSortingEffects(): void {
  onTransition('wms/outboundTask', 'sort', async ({ db, row }) => {
    checkSortable(row, 'sorted')
    await sql`update winv_outbound_task set sorted_date = localtimestamp(0)
      where task_id = ${Number(row.taskId)}`.execute(db)
  })
  onTransition('wms/outboundTask', 'seed', async ({ db, row }) => {
    checkSortable(row, 'seeded')
    await sql`update winv_outbound_task set seeded_date = localtimestamp(0)
      where task_id = ${Number(row.taskId)}`.execute(db)
  })
}
