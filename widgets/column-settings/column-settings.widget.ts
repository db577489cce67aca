import type { WidgetDefinition } from '../../renderer/index'
import { ColumnSettings } from './ColumnSettings'

export const columnSettingsWidget: WidgetDefinition = {
  name: 'ColumnSettings',
  kind: 'part',
  component: ColumnSettings,
  description:
    'Column settings of a table (CORE-COL): show/hide, drag to reorder, pin left/right, confirm saves through cusz-infos, restore returns to the defaults.',
}
