import type { WidgetDefinition } from '../../renderer/index'
import { Lov } from './Lov'
import { LovPretty } from './LovPretty'

export const lovWidget: WidgetDefinition = {
  name: 'Lov',
  kind: 'field',
  component: Lov,
  readPretty: LovPretty,
  requiredMessage: 'select',
  description:
    'Picks one row of a Lov view (lovCode): inline remote search or a popup with search form and paged table; ' +
    "stores the view's valueField, shows its displayField and fills the mapped fields (lov.textField, lov.fill).",
}
