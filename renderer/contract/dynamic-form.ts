/**
 * Wire shape of a dynamic form (HZERO's dynamic form configuration): GET /hpfm/v1/{tenantId}/dynamic-forms/{formCode}
 * answers the header and its enabled items in order (server/modules/hpfm/dynamic-forms.ts); 404 for an unknown code.
 */
/** The component types an item may have (the server refuses values of other types). */
export const DYNAMIC_FORM_ITEM_TYPES = [
  'Input',
  'TextArea',
  'InputNumber',
  'Select',
  'Lov',
  'Switch',
  'DatePicker',
] as const
export type DynamicFormItemType = (typeof DYNAMIC_FORM_ITEM_TYPES)[number]

export interface DynamicFormItem {
  /** Key of the value in the record's JSON object. */
  itemCode: string
  itemName: string
  itemType: DynamicFormItemType | string
  requiredFlag: number
  /** Value set of a Select. */
  lookupCode?: string | null
  /** Lov view of a Lov. */
  lovCode?: string | null
  /** Value a new record starts with, as text ("1" for a switch that starts on). */
  defaultValue?: string | null
  helpText?: string | null
  orderSeq: number
  /** Only in a live preview of unsaved lines: 0 leaves the item out, as the server does. */
  enabledFlag?: number
}

export interface DynamicFormDefinition {
  formHeaderId?: number
  formCode: string
  formName: string
  formCategory?: string | null
  description?: string | null
  enabledFlag: number
  lines: DynamicFormItem[]
}
