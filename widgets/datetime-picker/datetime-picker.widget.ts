import type { WidgetDefinition } from '../../renderer/index'
import { DatetimePicker } from '../date-picker/DatePicker'
import { datetimeCell } from '../shared/cell-texts'
import { DatetimePretty } from '../shared/read-pretty'

export const datetimePickerWidget: WidgetDefinition = {
  name: 'DatetimePicker',
  kind: 'field',
  component: DatetimePicker,
  readPretty: DatetimePretty,
  cellText: datetimeCell,
  requiredMessage: 'select',
  description: "A date and time: shown in the user's format, sent as YYYY-MM-DD HH:mm:ss.",
}
