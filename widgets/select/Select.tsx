import { connect, mapReadPretty } from '@formily/react'
import { Select as AntSelect, type SelectProps } from 'antd'
import { useLookup } from '../../renderer/index'
import { LookupPretty } from '../shared/read-pretty'

export interface LookupSelectProps extends SelectProps {
  /** Value set whose values are offered (loaded in the tick's one batch call). */
  lookupCode?: string
}

/** A select over a value set: options are the set's values, labelled with their meaning. */
export function LookupSelect({ lookupCode, options, ...rest }: LookupSelectProps) {
  const { values, loading } = useLookup(lookupCode)
  const fromLookup = values.map((v) => ({ value: v.value, label: v.meaning }))
  // Flags arrive as numbers (1/0) while the value set has strings ("1"/"0"): compare as text.
  const value = rest.value === null || rest.value === undefined ? rest.value : String(rest.value)
  return (
    <AntSelect
      style={{ width: '100%' }}
      loading={loading}
      options={options ?? fromLookup}
      optionFilterProp="label"
      showSearch
      {...rest}
      value={value}
    />
  )
}

export const Select = connect(LookupSelect, mapReadPretty(LookupPretty))
