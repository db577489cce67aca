import type { WidgetDefinition } from '../../renderer/index'
import { dateCell } from '../shared/cell-texts'
import { DatePretty } from '../shared/read-pretty'
import { DatePicker } from './DatePicker'

export const datePickerWidget: WidgetDefinition = {
  name: 'DatePicker',
  kind: 'field',
  component: DatePicker,
  readPretty: DatePretty,
  cellText: dateCell,
  requiredMessage: 'select',
  description: "A date: shown in the user's date format, sent as YYYY-MM-DD.",
}
