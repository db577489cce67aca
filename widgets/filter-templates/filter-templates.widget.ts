import type { WidgetDefinition } from '../../renderer/index'
import { FilterTemplates } from './FilterTemplates'

export const filterTemplatesWidget: WidgetDefinition = {
  name: 'FilterTemplates',
  kind: 'part',
  component: FilterTemplates,
  description:
    'Filter-template editor of a menu page (CORE-FLT): templates per user and menu, rows of field / operator / value, save, delete, default template applied on load.',
}
