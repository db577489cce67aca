import type { WidgetDefinition } from '../../renderer/index'
import { MulSelect, MulSelectPretty } from './MulSelect'

export const mulSelectWidget: WidgetDefinition = {
  name: 'MulSelect',
  kind: 'field',
  component: MulSelect,
  readPretty: MulSelectPretty,
  requiredMessage: 'select',
  description:
    "Picks several values of the field's value set (lookupCode); the value is their codes joined by ',' and " +
    'read-only it shows the meanings.',
}
