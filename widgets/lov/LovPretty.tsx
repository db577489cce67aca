import { observer, useField } from '@formily/react'
import type { Field } from '@formily/core'
import { useLovNames, type ReadPrettyProps } from '../../renderer/index'
import type { LovMapping } from './lov-choice'

type Props = Partial<ReadPrettyProps> & { lovMapping?: LovMapping; lovCode?: string }

const text = (value: unknown) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value)
const keysOf = (value: unknown) =>
  Array.isArray(value)
    ? value.map(String)
    : text(value)
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)

// Observes the form, so the text follows the field that keeps it.
const LovText = observer(function LovText({ value, spec, record, lovMapping, lovCode }: Props) {
  const field = useField<Field>()
  const textField = lovMapping?.textField ?? spec?.lov?.textField
  const source = record ?? (field?.form?.values as Record<string, unknown> | undefined)
  const shown = textField ? text(source?.[textField]) : ''
  // No text kept (the page has no text field, or the row left it empty): the view names the ids, batched.
  const keys = shown ? [] : keysOf(value)
  const names = useLovNames(keys.length ? (lovCode ?? spec?.lovCode) : undefined, keys)
  const named = keys.map((key) => names.get(key) ?? key).join(',')
  return <span className="wms-read-pretty">{shown || named}</span>
})

/**
 * Read-only Lov/MulLov: the chosen row's display text (the mapping's textField of the table row or the form),
 * else the names the Lov view gives the ids (batched across the page), never the bare id unless none is known.
 */
export function LovPretty(props: Props) {
  return <LovText {...props} />
}
