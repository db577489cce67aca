import type { WidgetDefinition } from '../../renderer/index'
import { MasterDetailPage } from './MasterDetailPage'

export const masterDetailPageWidget: WidgetDefinition = {
  name: 'MasterDetailPage',
  kind: 'page',
  component: MasterDetailPage,
  description:
    'Renders pages of kind "master-detail": a header form and line tables saved together (batch-save).',
}
