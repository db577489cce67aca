import { connect, mapReadPretty } from '@formily/react'
import { Checkbox as AntCheckbox } from 'antd'
import { FlagPretty } from '../shared/read-pretty'
import { isOn } from '../shared/flag'

export interface FlagCheckboxProps {
  value?: unknown
  onChange?(value: 1 | 0): void
  disabled?: boolean
}

/** A 1/0 flag as a checkbox. */
export function FlagCheckbox({ value, onChange, disabled }: FlagCheckboxProps) {
  return (
    <AntCheckbox
      checked={isOn(value)}
      disabled={disabled}
      onChange={(e) => onChange?.(e.target.checked ? 1 : 0)}
    />
  )
}

export const Checkbox = connect(FlagCheckbox, mapReadPretty(FlagPretty))
