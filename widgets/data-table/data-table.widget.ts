import type { WidgetDefinition } from '../../renderer/index'
import { DataTable } from './DataTable'

export const dataTableWidget: WidgetDefinition = {
  name: 'DataTable',
  kind: 'part',
  component: DataTable,
  description:
    'Server-paged table: page sizes, sort, "共 N 条数据", gated row actions, read-only cells, empty state.',
}
