import type { WidgetDefinition } from '../../renderer/index'
import { TemplateEditor } from './TemplateEditor'

export const templateEditorWidget: WidgetDefinition = {
  name: 'TemplateEditor',
  kind: 'page',
  component: TemplateEditor,
  description:
    'Custom page: edits a report template text with ${column} placeholders and previews it with data.',
}
