import type { WidgetDefinition } from '../../renderer/index'
import { DynamicForm, DynamicFormPretty } from './DynamicForm'

export const dynamicFormWidget: WidgetDefinition = {
  name: 'DynamicForm',
  kind: 'field',
  component: DynamicForm,
  readPretty: DynamicFormPretty,
  requiredMessage: 'enter',
  description:
    'The items of a dynamic form (props.formCode, configured on /hpfm/dynamic-form) as fields of their own — ' +
    "Input, TextArea, InputNumber, Select (value set), Lov (view), Switch, DatePicker — with each item's required " +
    'check, help and default; the field keeps their values as one JSON object (item code → value). The ' +
    'definition is read once per session from /hpfm/v1/{tenantId}/dynamic-forms/{formCode}; the server checks the ' +
    'values against it on save. Disabled forms and items are not shown; an unknown code is shown as an error in place.',
}
