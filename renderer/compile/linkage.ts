/**
 * Compiles declarative linkage into Formily reactions: plain functions run by Formily inside a tracked
 * reaction (reading form values subscribes to them), never `{{ }}` strings.
 */
import type { Field, GeneralField } from '@formily/core'
import type { Linkage } from '../schema/page'
import { evaluateCondition } from './conditions'

export type FieldReaction = (field: GeneralField) => void

/** Data a field keeps for its validators: whether it is required right now. */
export interface FieldRuntimeData {
  required?: boolean
}

/**
 * @param staticRequired the field is required whatever the linkage says
 * @param staticReadOnly the field is read-only whatever the linkage says (view mode, not updatable)
 */
export function linkageReaction(
  linkage: Linkage,
  staticRequired: boolean,
  staticReadOnly = false,
): FieldReaction {
  return (general) => {
    const field = general as Field
    const valueOf = (name: string) => field.form.getValuesIn(name)
    if (linkage.visibleWhen) field.visible = evaluateCondition(linkage.visibleWhen, valueOf)
    // disabled and read-only are one Formily property (pattern): decide it once.
    if (!staticReadOnly && (linkage.disabledWhen || linkage.readOnlyWhen)) {
      const readOnly = linkage.readOnlyWhen ? evaluateCondition(linkage.readOnlyWhen, valueOf) : false
      const disabled = linkage.disabledWhen ? evaluateCondition(linkage.disabledWhen, valueOf) : false
      field.pattern = readOnly ? 'readPretty' : disabled ? 'disabled' : 'editable'
    }
    if (linkage.requiredWhen) {
      const required = staticRequired || evaluateCondition(linkage.requiredWhen, valueOf)
      field.data = { ...(field.data as FieldRuntimeData | undefined), required }
      field.setDecoratorProps({ asterisk: required })
      // A field that stopped being required drops its stale "Please enter" message.
      if (!required) field.setSelfErrors([])
    }
  }
}
