import type { WidgetDefinition } from '../../renderer/index'
import { ReportRunner } from './ReportRunner'

export const reportRunnerWidget: WidgetDefinition = {
  name: 'ReportRunner',
  kind: 'page',
  component: ReportRunner,
  description:
    'Custom page: runs a report with its parameters (table, chart or filled template) and exports it as xlsx.',
}
