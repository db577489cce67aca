/**
 * A date-time the scheduler wrote (a job's next or last fire time, a run's start): the wire carries the
 * server's local time, so it is read in the server's zone and shown on the user's clock (users/self
 * `timeZone`) with that zone named, e.g. `2026-03-30 08:30:00 GMT+8`. Read-only everywhere: the server sets it.
 */
import {
  displayFormat,
  formatInZone,
  formatWireDate,
  useRendererEnv,
  WIRE_DATETIME,
  wireInstant,
} from '../../renderer/index'
import { useSchedulerZones } from './scheduler-zone'

export function ScheduleTime({ value }: { value?: unknown }) {
  const { user } = useRendererEnv()
  const zones = useSchedulerZones()
  const format = displayFormat(user.dateTimeFormat, WIRE_DATETIME)
  const instant = zones ? wireInstant(value, zones.serverTimeZone) : undefined
  const shown =
    instant === undefined
      ? formatWireDate(value, WIRE_DATETIME, format)
      : formatInZone(instant, user.timeZone ?? zones?.serverTimeZone, format)
  return <span className="wms-read-pretty">{shown}</span>
}
