import type { WidgetDefinition } from '../../renderer/index'
import { ScheduleTime } from './ScheduleTime'

export const scheduleTimeWidget: WidgetDefinition = {
  name: 'ScheduleTime',
  kind: 'field',
  component: ScheduleTime,
  readPretty: ScheduleTime,
  requiredMessage: 'select',
  description:
    "A date-time the scheduler wrote (next/last fire time): read in the server's zone, shown on the user's clock with the zone named; read-only.",
}
