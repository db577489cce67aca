import type { WidgetDefinition } from '../../renderer/index'
import { OperationBar } from './OperationBar'

export const operationBarWidget: WidgetDefinition = {
  name: 'OperationBar',
  kind: 'part',
  component: OperationBar,
  description:
    'Toolbar of a list page: at most 6 permitted buttons, the rest under "More"; each debounced 1500 ms.',
}
