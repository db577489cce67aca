import type { WidgetDefinition } from '../../renderer/index'
import { Cron, CronPretty } from './Cron'

export const cronWidget: WidgetDefinition = {
  name: 'Cron',
  kind: 'field',
  component: Cron,
  readPretty: CronPretty,
  requiredMessage: 'enter',
  description:
    'A Quartz cron expression (7 fields) built in the cron modal (PLAT-CRON); read-only it shows the expression and its meaning.',
}
