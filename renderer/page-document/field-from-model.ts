/**
 * The field definition a page gives a model field by default: its label and the widget it is edited with, and
 * nothing the field inherits from its model (required, length, pattern, bounds, decimals, value set:
 * renderer/schema/model-inheritance.ts), so the page never restates, and never drifts from, its model. Shared by `npm run new:page` (scripts/lib/page-scaffold.ts) and the page designer's "add a
 * field from the model", so both write the same thing.
 */
import type { ModelField } from '../schema/model'

/** The widget a field of the model is edited with (json fields are left off the page). */
export function fieldSpec(field: ModelField, label: string): Record<string, unknown> | undefined {
  // not inherited: a field the server keeps as it was created
  const limits = field.updatable === false ? { updatable: false } : {}
  switch (field.type) {
    case 'json':
      return undefined
    case 'string':
      if (field.lookupCode) return { label, widget: 'Select', ...limits }
      return { label, widget: field.multiLanguage ? 'MultiLangInput' : 'Input', ...limits }
    case 'text':
      // a text without a model length still gets one on the page
      return { label, widget: 'TextArea', ...limits, ...(field.maxLength ? {} : { maxLength: 2000 }) }
    case 'integer':
    case 'decimal':
      // an integer's whole numbers are the page's (decimals inherit the model's scale)
      return {
        label,
        widget: 'InputNumber',
        ...limits,
        ...(field.type === 'integer' ? { precision: 0 } : {}),
      }
    case 'flag':
      return {
        label,
        widget: 'Switch',
        lookupCode: 'HPFM.ENABLED_FLAG',
        ...limits,
        defaultValue: field.default ?? 1,
      }
    case 'boolean':
      return { label, widget: 'Switch', ...limits }
    case 'date':
      return { label, widget: 'DatePicker', ...limits }
    case 'datetime':
      return { label, widget: 'DatetimePicker', ...limits }
  }
}
