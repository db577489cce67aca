import type { WidgetDefinition } from '../../renderer/index'
import { numberCell } from '../shared/cell-texts'
import { NumberPretty } from '../shared/read-pretty'
import { InputNumber } from './InputNumber'

export const inputNumberWidget: WidgetDefinition = {
  name: 'InputNumber',
  kind: 'field',
  component: InputNumber,
  readPretty: NumberPretty,
  cellText: numberCell,
  requiredMessage: 'enter',
  description: 'Number with precision; read-only with thousands separators.',
}
