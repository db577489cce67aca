import { connect, mapReadPretty } from '@formily/react'
import { useLookup, type FieldSpec } from '../../renderer/index'
import { LookupSelect, type LookupSelectProps } from '../select/Select'

/** The values of a multiple choice: kept as comma-joined text ("A,B", a plain string column), arrays accepted. */
export const valuesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string' && value
      ? value.split(',').filter(Boolean)
      : typeof value === 'number'
        ? [String(value)]
        : []

export interface MulSelectProps extends Omit<LookupSelectProps, 'value' | 'onChange' | 'mode'> {
  value?: string | string[] | null
  onChange?(value: string | null): void
}

/** Picks several values of a value set; the value is their codes joined by ','. */
export function MultipleSelect({ value, onChange, ...rest }: MulSelectProps) {
  return (
    <LookupSelect
      {...rest}
      mode="multiple"
      value={valuesOf(value) as unknown as string}
      onChange={(next: unknown) => onChange?.(valuesOf(next).join(',') || null)}
    />
  )
}

/** Read-only: the meanings, joined by ', '. */
export function MulSelectPretty({
  value,
  lookupCode,
  spec,
}: {
  value?: unknown
  lookupCode?: string
  spec?: FieldSpec
}) {
  const { values } = useLookup(lookupCode ?? spec?.lookupCode)
  const meanings = valuesOf(value).map(
    (code) => values.find((v) => String(v.value) === code)?.meaning ?? code,
  )
  return <span className="wms-read-pretty">{meanings.join(', ')}</span>
}

export const MulSelect = connect(MultipleSelect, mapReadPretty(MulSelectPretty))
