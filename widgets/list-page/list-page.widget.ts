import type { WidgetDefinition } from '../../renderer/index'
import { ListPage } from './ListPage'

export const listPageWidget: WidgetDefinition = {
  name: 'ListPage',
  kind: 'page',
  component: ListPage,
  description: 'Renders pages of kind "list": SearchBar + OperationBar + DataTable + EditForm.',
}
