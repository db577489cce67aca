/**
 * Effects of the supplier appointment lifecycle (model wms/supplier-appointment): signing in gives the truck
 * its arrival time and the next queue number of its warehouse for the appointment's date; calling it takes a
 * free inbound dock of the warehouse (the dock becomes OCCUPIED; none free → 409 and nothing changes);
 * finishing frees the dock again.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { sql } from 'kysely'
import { conflict } from '../../errors.ts'

const MODEL = 'wms/supplier-appointment'

export const appointmentBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: MODEL,
    transitions: {
      sign: async ({ db, row, session }) => {
        // one sign-in at a time per warehouse and day: lock the warehouse row while numbering
        await sql`select warehouse_id from wmdm_warehouse where warehouse_id = ${row.warehouseId} for update`.execute(
          db,
        )
        const last = await sql<{
          n: number | null
        }>`select max(queue_number) as n from winv_supplier_appointment
      where tenant_id = ${session.tenantId} and warehouse_id = ${row.warehouseId}
        and appointment_date = ${row.appointmentDate}`.execute(db)
        await sql`update winv_supplier_appointment set queue_number = ${Number(last.rows[0]?.n ?? 0) + 1},
        arrived_at = localtimestamp(0)
      where supplier_appointment_id = ${row.supplierAppointmentId}`.execute(db)
      },
    },
  }),
  modelBehaviour({
    model: MODEL,
    transitions: {
      call: async ({ db, row, session }) => {
        const dock = await sql<{ dockPlatformId: number; platformCode: string }>`
      select dock_platform_id, platform_code from winv_dock_platform
      where tenant_id = ${session.tenantId} and warehouse_id = ${row.warehouseId} and enabled_flag = 1
        and platform_status = 'FREE' and platform_type in ('INBOUND', 'BOTH')
      order by platform_code limit 1 for update skip locked`.execute(db)
        const free = dock.rows[0]
        if (!free) {
          throw conflict(
            'error.no_free_dock',
            `No free inbound dock in warehouse ${String(row.warehouseCode ?? row.warehouseId)}: finish an unloading or free a dock first.`,
          )
        }
        await sql`update winv_dock_platform set platform_status = 'OCCUPIED', object_version_number = object_version_number + 1
      where dock_platform_id = ${free.dockPlatformId}`.execute(db)
        await sql`update winv_supplier_appointment set platform_code = ${free.platformCode}
      where supplier_appointment_id = ${row.supplierAppointmentId}`.execute(db)
      },
    },
  }),
  modelBehaviour({
    model: MODEL,
    transitions: {
      finish: async ({ db, row, session }) => {
        await sql`update winv_dock_platform set platform_status = 'FREE', object_version_number = object_version_number + 1
      where tenant_id = ${session.tenantId} and warehouse_id = ${row.warehouseId}
        and platform_code = ${row.platformCode} and platform_status = 'OCCUPIED'`.execute(db)
      },
    },
  }),
]
