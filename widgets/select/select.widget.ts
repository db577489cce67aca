import type { WidgetDefinition } from '../../renderer/index'
import { lookupCell } from '../shared/cell-texts'
import { LookupPretty } from '../shared/read-pretty'
import { Select } from './Select'

export const selectWidget: WidgetDefinition = {
  name: 'Select',
  kind: 'field',
  component: Select,
  readPretty: LookupPretty,
  cellText: lookupCell,
  requiredMessage: 'select',
  description: "Picks one value of the field's value set (lookupCode); read-only it shows the meaning.",
}
