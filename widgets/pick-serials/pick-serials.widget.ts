import type { WidgetDefinition } from '../../renderer/index'
import { pickedText, PickSerials, PickSerialsPretty } from './PickSerials'

export const pickSerialsWidget: WidgetDefinition = {
  name: 'PickSerials',
  kind: 'field',
  component: PickSerials,
  readPretty: PickSerialsPretty,
  cellText: () => pickedText,
  requiredMessage: 'enter',
  description:
    'The serial numbers a pick names, in an action dialog: one box per serial-tracked line loaded from props.path ' +
    '(a GET answering {lines: [{outboundLineId, orderNum, lineNum, goodsCode, quantity, places, inStock}]}, its ' +
    '{fields} filled from the row), a count per line against the units, and the units in stock to click; the value ' +
    'is [{outboundLineId, serialNumbers}] and the dialog does not send while a count is wrong.',
}
