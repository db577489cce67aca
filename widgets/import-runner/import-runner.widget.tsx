import type { WidgetDefinition } from '../../renderer/index'
import { ImportRunner } from './ImportRunner'

export const importRunnerWidget: WidgetDefinition = {
  name: 'ImportRunner',
  kind: 'page',
  component: ImportRunner,
  description:
    'Custom page: the import engine for a template — download the template, upload an xlsx, rows checked one by one, fix, import the valid rows in one transaction.',
}
