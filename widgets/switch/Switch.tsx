import { connect, mapReadPretty } from '@formily/react'
import { Switch as AntSwitch } from 'antd'
import { FlagPretty } from '../shared/read-pretty'
import { isOn } from '../shared/flag'

export interface FlagSwitchProps {
  value?: unknown
  onChange?(value: 1 | 0): void
  disabled?: boolean
}

/** A 1/0 flag as a switch (enabledFlag). */
export function FlagSwitch({ value, onChange, disabled }: FlagSwitchProps) {
  return (
    <AntSwitch
      checked={isOn(value)}
      disabled={disabled}
      onChange={(checked) => onChange?.(checked ? 1 : 0)}
    />
  )
}

export const Switch = connect(FlagSwitch, mapReadPretty(FlagPretty))
