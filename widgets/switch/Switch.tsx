import { connect, mapReadPretty } from '@formily/react'
import { Switch as AntSwitch } from 'antd'
import { FlagPretty } from '../shared/read-pretty'
import { isOn } from '../shared/flag'

export interface FlagSwitchProps {
  value?: unknown
  onChange?(value: 1 | 0): void
  disabled?: boolean
  /** The field's label (the renderer passes it): a switch has no text of its own to be named by. */
  'aria-label'?: string
}

/** A 1/0 flag as a switch (enabledFlag). */
export function FlagSwitch({ value, onChange, disabled, 'aria-label': label }: FlagSwitchProps) {
  return (
    <AntSwitch
      aria-label={label}
      checked={isOn(value)}
      disabled={disabled}
      onChange={(checked) => onChange?.(checked ? 1 : 0)}
    />
  )
}

export const Switch = connect(FlagSwitch, mapReadPretty(FlagPretty))
