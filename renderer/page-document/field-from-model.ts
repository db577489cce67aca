/**
 * The field definition a page gives a model field by default: the widget it is edited with and the limits the
 * model declares. Shared by `npm run new:page` (scripts/lib/page-scaffold.ts) and the page designer's "add a
 * field from the model", so both write the same thing.
 */
import type { ModelField } from '../schema/model'

/** The widget a field of the model is edited with (json fields are left off the page). */
export function fieldSpec(field: ModelField, label: string): Record<string, unknown> | undefined {
  const limits = {
    ...(field.required ? { required: true } : {}),
    ...(field.updatable === false ? { updatable: false } : {}),
  }
  const length = field.maxLength ? { maxLength: field.maxLength } : {}
  switch (field.type) {
    case 'json':
      return undefined
    case 'string':
      if (field.lookupCode) return { label, widget: 'Select', lookupCode: field.lookupCode, ...limits }
      return {
        label,
        widget: field.multiLanguage ? 'MultiLangInput' : 'Input',
        ...limits,
        ...length,
        ...(field.pattern && !field.multiLanguage ? { pattern: field.pattern } : {}),
      }
    case 'text':
      return { label, widget: 'TextArea', ...limits, maxLength: field.maxLength ?? 2000 }
    case 'integer':
    case 'decimal':
      return {
        label,
        widget: 'InputNumber',
        ...limits,
        ...(field.type === 'integer'
          ? { precision: 0 }
          : field.scale !== undefined
            ? { precision: field.scale }
            : {}),
        ...(field.min !== undefined ? { min: field.min } : {}),
        ...(field.max !== undefined ? { max: field.max } : {}),
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
