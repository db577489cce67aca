import type { WidgetDefinition } from '../../renderer/index'
import { TimePicker, TimePretty } from './TimePicker'

export const timePickerWidget: WidgetDefinition = {
  name: 'TimePicker',
  kind: 'field',
  component: TimePicker,
  readPretty: TimePretty,
  requiredMessage: 'select',
  description: "A time of day: shown in the user's time format, sent as HH:mm:ss.",
}
