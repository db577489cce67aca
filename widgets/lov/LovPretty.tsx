import { observer, useField } from '@formily/react'
import type { Field } from '@formily/core'
import type { ReadPrettyProps } from '../../renderer/index'
import type { LovMapping } from './lov-choice'

type Props = Partial<ReadPrettyProps> & { lovMapping?: LovMapping }

const text = (value: unknown) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value)

// Observes the form, so the text follows the field that keeps it.
const LovText = observer(function LovText({ value, spec, record, lovMapping }: Props) {
  const field = useField<Field>()
  const textField = lovMapping?.textField ?? spec?.lov?.textField
  const source = record ?? (field?.form?.values as Record<string, unknown> | undefined)
  const shown = textField ? text(source?.[textField]) : ''
  return <span className="wms-read-pretty">{shown || text(value)}</span>
})

/**
 * Read-only Lov/MulLov: the chosen row's display text (the mapping's textField of the table row or the form),
 * never the bare id unless no text was kept.
 */
export function LovPretty(props: Props) {
  return <LovText {...props} />
}
