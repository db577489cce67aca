import { FormItem } from '@formily/antd-v5/esm/form-item'
import type { WidgetDefinition } from '../../renderer/index'

/** The label, asterisk, help and error message around every form field (compiled schemas use it). */
export const formItemWidget: WidgetDefinition = {
  name: 'FormItem',
  kind: 'decorator',
  component: FormItem,
  description: 'Formily FormItem (antd 5): label, asterisk, feedback and extra text.',
}
