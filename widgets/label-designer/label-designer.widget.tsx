import type { WidgetDefinition } from '../../renderer/index'
import { LabelDesigner } from './LabelDesigner'

export const labelDesignerWidget: WidgetDefinition = {
  name: 'LabelDesigner',
  kind: 'page',
  component: LabelDesigner,
  description:
    'Custom page: places text, field and barcode elements on a label canvas of the template size (mm).',
}
