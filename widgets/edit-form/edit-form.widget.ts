import type { WidgetDefinition } from '../../renderer/index'
import { EditForm } from './EditForm'

export const editFormWidget: WidgetDefinition = {
  name: 'EditForm',
  kind: 'part',
  component: EditForm,
  description:
    'Create/edit/view form of a list page in a drawer or modal; server field errors land on the fields.',
}
