import type { WidgetDefinition } from '../../renderer/index'
import { flagCell } from '../shared/cell-texts'
import { FlagPretty } from '../shared/read-pretty'
import { Checkbox } from './Checkbox'

export const checkboxWidget: WidgetDefinition = {
  name: 'Checkbox',
  kind: 'field',
  component: Checkbox,
  readPretty: FlagPretty,
  cellText: flagCell,
  requiredMessage: 'select',
  description: 'A 1/0 flag as a checkbox.',
}
