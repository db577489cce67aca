import type { WidgetDefinition } from '../../renderer/index'
import { FormSection } from './FormSection'

export const formSectionWidget: WidgetDefinition = {
  name: 'FormSection',
  kind: 'part',
  component: FormSection,
  description: 'A titled section of the edit form (compiled from form.sections).',
}
