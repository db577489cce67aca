import type { WidgetDefinition } from '../../renderer/index'
import { DatetimePicker } from '../date-picker/DatePicker'
import { DatetimePretty } from '../shared/read-pretty'

export const datetimePickerWidget: WidgetDefinition = {
  name: 'DatetimePicker',
  kind: 'field',
  component: DatetimePicker,
  readPretty: DatetimePretty,
  requiredMessage: 'select',
  description: "A date and time: shown in the user's format, sent as YYYY-MM-DD HH:mm:ss.",
  props: { type: 'object', additionalProperties: true },
}
