import type { WidgetDefinition } from '../../renderer/index'
import { SearchRange } from './SearchRange'

export const searchRangeWidget: WidgetDefinition = {
  name: 'SearchRange',
  kind: 'part',
  component: SearchRange,
  description:
    'A from–to search condition: a date (or datetime) range picker, or two number inputs; the search bar sends ' +
    '<name>From / <name>To. Compiled for page fields with "search": "range"; pages do not name it.',
}
