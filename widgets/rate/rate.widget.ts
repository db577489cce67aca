import type { WidgetDefinition } from '../../renderer/index'
import { Rate, RatePretty } from './Rate'

export const rateWidget: WidgetDefinition = {
  name: 'Rate',
  kind: 'field',
  component: Rate,
  readPretty: RatePretty,
  requiredMessage: 'select',
  description: 'A score in stars (a number); props count (default 5) and allowHalf.',
}
