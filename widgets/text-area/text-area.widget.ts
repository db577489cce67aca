import type { WidgetDefinition } from '../../renderer/index'
import { textCell } from '../shared/cell-texts'
import { TextPretty } from '../shared/read-pretty'
import { TextArea } from './TextArea'

export const textAreaWidget: WidgetDefinition = {
  name: 'TextArea',
  kind: 'field',
  component: TextArea,
  readPretty: TextPretty,
  cellText: textCell,
  requiredMessage: 'enter',
  description: 'Multi-line text (remarks, addresses).',
}
