import type { WidgetDefinition } from '../../renderer/index'
import { DataTable } from './DataTable'

export const dataTableWidget: WidgetDefinition = {
  name: 'DataTable',
  kind: 'part',
  component: DataTable,
  description:
    'Server-paged table: page sizes, sort, "共 N 条数据", column header filters (fuzzy/exact/exclude), gated row actions, read-only or editable cells (required messages), footer sums, virtual rows, empty state.',
}
