import type { WidgetDefinition } from '../../renderer/index'
import { textCell } from '../shared/cell-texts'
import { TextPretty } from '../shared/read-pretty'
import { Input } from './Input'

export const inputWidget: WidgetDefinition = {
  name: 'Input',
  kind: 'field',
  component: Input,
  readPretty: TextPretty,
  cellText: textCell,
  requiredMessage: 'enter',
  description: 'Single-line text; maxLength, pattern and placeholder come from the field.',
}
