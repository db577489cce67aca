import { connect, mapReadPretty } from '@formily/react'
import { Select as AntSelect, type SelectProps } from 'antd'
import { useLookup, type FieldSpec } from '../../renderer/index'

/** The values of a multiple choice: kept as comma-joined text ("A,B", a plain string column), arrays accepted. */
export const valuesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string' && value
      ? value.split(',').filter(Boolean)
      : typeof value === 'number'
        ? [String(value)]
        : []

export interface MulSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'mode'> {
  /** Value set whose values are offered. */
  lookupCode?: string
  value?: string | string[] | null
  onChange?(value: string | null): void
}

/** Picks several values of a value set; the value is their codes joined by ','. */
export function MultipleSelect({ value, onChange, lookupCode, options, ...rest }: MulSelectProps) {
  const { values, loading } = useLookup(lookupCode)
  return (
    <AntSelect
      style={{ width: '100%' }}
      loading={loading}
      options={options ?? values.map((v) => ({ value: String(v.value), label: v.meaning }))}
      optionFilterProp="label"
      showSearch
      {...rest}
      mode="multiple"
      value={valuesOf(value)}
      onChange={(next: string[]) => onChange?.(valuesOf(next).join(',') || null)}
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
