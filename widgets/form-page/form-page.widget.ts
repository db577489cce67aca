import type { WidgetDefinition } from '../../renderer/index'
import { FormPage } from './FormPage'

export const formPageWidget: WidgetDefinition = {
  name: 'FormPage',
  kind: 'page',
  component: FormPage,
  description: 'Renders pages of kind "form": one record in a full-page form.',
}
