import { connect, mapReadPretty } from '@formily/react'
import { Radio as AntRadio } from 'antd'
import { useLookup } from '../../renderer/index'
import { LookupPretty } from '../shared/read-pretty'

export interface LookupRadioProps {
  lookupCode?: string
  value?: unknown
  onChange?(value: string): void
  disabled?: boolean
}

/** One value of a small value set, as radio buttons. */
export function LookupRadio({ lookupCode, value, onChange, disabled }: LookupRadioProps) {
  const { values } = useLookup(lookupCode)
  return (
    <AntRadio.Group
      disabled={disabled}
      value={value === null || value === undefined ? value : String(value)}
      options={values.map((v) => ({ value: v.value, label: v.meaning }))}
      onChange={(e) => onChange?.(e.target.value as string)}
    />
  )
}

export const Radio = connect(LookupRadio, mapReadPretty(LookupPretty))
