/**
 * The filterable fields of a model as filter-field configs (CORE-API-17, CORE-DATA-06). The server derives
 * them from the model, so the editor can never offer a field the list endpoint would refuse.
 */
import type { FilterFieldConfig, FilterWidgetType } from '../../../renderer/contract/filter-conditions.ts'
import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import { filterTypeOf } from '../models/model-conditions.ts'

/** The fixed value-list code of the custom-query field list (CORE-API-17's lovCode). */
export const QUERY_FIELD_LOV_CODE = 'HPFM.CUSZ_QUERY_FIELD'
/** Value set offered for a yes/no field without a value set of its own. */
const FLAG_LOOKUP = 'HPFM.ENABLED_FLAG'

function widgetOf(field: ModelField): Pick<FilterFieldConfig, 'widgetType' | 'content'> {
  if (field.lookupCode) return { widgetType: 'Select', content: field.lookupCode }
  const byType: Partial<Record<ModelField['type'], FilterWidgetType>> = {
    integer: 'InputNumber',
    decimal: 'InputNumber',
    date: 'DatePicker',
    datetime: 'DatetimePicker',
  }
  if (field.type === 'flag' || field.type === 'boolean') return { widgetType: 'Select', content: FLAG_LOOKUP }
  return { widgetType: byType[field.type] ?? 'Input' }
}

export function configFields(model: ModelSchema): FilterFieldConfig[] {
  return model.fields.flatMap((field) => {
    const fieldType = filterTypeOf(field)
    if (!fieldType) return []
    return [
      {
        fieldCode: field.name,
        fieldAlias: field.name,
        fieldLabel: field.label ?? field.name,
        fieldType,
        ...widgetOf(field),
      },
    ]
  })
}
