import type { WidgetDefinition } from '../../renderer/index'
import { NumberPretty } from '../shared/read-pretty'
import { InputNumber } from './InputNumber'

export const inputNumberWidget: WidgetDefinition = {
  name: 'InputNumber',
  kind: 'field',
  component: InputNumber,
  readPretty: NumberPretty,
  requiredMessage: 'enter',
  description: 'Number with precision; read-only with thousands separators.',
  props: { type: 'object', properties: { precision: { type: 'integer' } }, additionalProperties: true },
}
