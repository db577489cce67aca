import type { WidgetDefinition } from '../../renderer/index'
import { TabsPage } from './TabsPage'

export const tabsPageWidget: WidgetDefinition = {
  name: 'TabsPage',
  kind: 'page',
  component: TabsPage,
  description:
    'Renders pages of kind "tabs": each tab shows the page of its route, gated by its permission code.',
}
