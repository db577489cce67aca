import { connect, mapReadPretty } from '@formily/react'
import { Checkbox as AntCheckbox } from 'antd'
import { FlagPretty } from '../shared/read-pretty'
import { isOn } from '../shared/flag'

export interface FlagCheckboxProps {
  value?: unknown
  onChange?(value: 1 | 0): void
  disabled?: boolean
  /** The field's label (the renderer passes it): the box stands alone, without text of its own. */
  'aria-label'?: string
}

/** A 1/0 flag as a checkbox. */
export function FlagCheckbox({ value, onChange, disabled, 'aria-label': label }: FlagCheckboxProps) {
  return (
    <AntCheckbox
      aria-label={label}
      checked={isOn(value)}
      disabled={disabled}
      onChange={(e) => onChange?.(e.target.checked ? 1 : 0)}
    />
  )
}

export const Checkbox = connect(FlagCheckbox, mapReadPretty(FlagPretty))
