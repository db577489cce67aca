import type { WidgetDefinition } from '../../renderer/index'
import { lookupCell } from '../shared/cell-texts'
import { LookupPretty } from '../shared/read-pretty'
import { Radio } from './Radio'

export const radioWidget: WidgetDefinition = {
  name: 'Radio',
  kind: 'field',
  component: Radio,
  readPretty: LookupPretty,
  cellText: lookupCell,
  requiredMessage: 'select',
  description: 'One value of a small value set (lookupCode) as radio buttons.',
}
