import type { WidgetDefinition } from '../../renderer/index'
import { ExportDialog } from './ExportDialog'

export const exportDialogWidget: WidgetDefinition = {
  name: 'ExportDialog',
  kind: 'part',
  component: ExportDialog,
  description:
    "Export of a list (CORE-EXP-01..13): the toolbar's export action opens it with the page's filters; " +
    'column tree from exportType=COLUMN, sync download or async task.',
}
