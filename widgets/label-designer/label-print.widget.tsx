import type { WidgetDefinition } from '../../renderer/index'
import { LabelPrint } from './LabelPrint'

export const labelPrintWidget: WidgetDefinition = {
  name: 'LabelPrint',
  kind: 'page',
  component: LabelPrint,
  description: 'Custom page: renders one label per data row at its real size and prints them (window.print).',
}
