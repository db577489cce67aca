import type { WidgetDefinition } from '../../renderer/index'
import { Progress, ProgressBar } from './Progress'

export const progressWidget: WidgetDefinition = {
  name: 'Progress',
  kind: 'field',
  component: Progress,
  readPretty: ProgressBar,
  requiredMessage: 'enter',
  description: 'Read-only progress bar of a number: a percentage, or a share of props.total.',
}
