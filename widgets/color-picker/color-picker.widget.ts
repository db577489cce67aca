import type { WidgetDefinition } from '../../renderer/index'
import { ColorPicker, ColorPretty } from './ColorPicker'

export const colorPickerWidget: WidgetDefinition = {
  name: 'ColorPicker',
  kind: 'field',
  component: ColorPicker,
  readPretty: ColorPretty,
  requiredMessage: 'select',
  description:
    'A colour: #rgb, #rrggbb, rgb(r,g,b) or rgba(r,g,b,a), typed or picked; read-only a swatch and the text.',
}
