import type { WidgetDefinition } from '../../renderer/index'
import { LovPretty } from '../lov/LovPretty'
import { MulLov } from './MulLov'

export const mulLovWidget: WidgetDefinition = {
  name: 'MulLov',
  kind: 'field',
  component: MulLov,
  readPretty: LovPretty,
  requiredMessage: 'select',
  description:
    'Picks several rows of a Lov view (lovCode); the value is the list of their valueField, the texts are kept ' +
    'joined by "," in lov.textField. Selections survive paging and searching in the popup.',
}
