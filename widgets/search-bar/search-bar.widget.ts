import type { WidgetDefinition } from '../../renderer/index'
import { SearchBar } from './SearchBar'

export const searchBarWidget: WidgetDefinition = {
  name: 'SearchBar',
  kind: 'part',
  component: SearchBar,
  description:
    'Search conditions of a list page (page.search): columns default 7, rows default 1, "More" for the rest.',
}
