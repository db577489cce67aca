import type { WidgetDefinition } from '../../renderer/index'
import { ExportTasks } from './ExportTasks'

export const exportTasksWidget: WidgetDefinition = {
  name: 'ExportTasks',
  kind: 'part',
  component: ExportTasks,
  description:
    "The user's async export tasks (CORE-EXP-14..21): search, download, cancel, run again, error info.",
}
