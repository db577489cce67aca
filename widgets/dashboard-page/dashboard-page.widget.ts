import type { WidgetDefinition } from '../../renderer/index'
import { DashboardPage } from './DashboardPage'

export const dashboardPageWidget: WidgetDefinition = {
  name: 'DashboardPage',
  kind: 'page',
  component: DashboardPage,
  description:
    'Renders pages of kind "dashboard": figures and charts (echarts, loaded on demand) and widget cards.',
}
