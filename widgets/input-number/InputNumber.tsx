import { connect, mapReadPretty } from '@formily/react'
import { InputNumber as AntInputNumber, type InputNumberProps } from 'antd'
import { stepFor, trimNumberText } from '../../renderer/index'
import { NumberPretty } from '../shared/read-pretty'

export interface NumberInputProps extends Omit<InputNumberProps<number>, 'onChange' | 'precision'> {
  /** Digits after the point: values are rounded to it, the step is 1 / 10^precision. */
  precision?: number
  onChange?(value: number | null): void
}

/** A number input that rounds to `precision` and shows no trailing zeros ("1.500" → "1.5"). */
export function NumberInput({ precision, onChange, ...rest }: NumberInputProps) {
  return (
    <AntInputNumber<number>
      style={{ width: '100%' }}
      step={stepFor(precision)}
      formatter={(value) => (value === undefined || value === null ? '' : trimNumberText(String(value)))}
      {...rest}
      onChange={(value) => {
        if (value === null || value === undefined) return onChange?.(null)
        onChange?.(precision === undefined ? Number(value) : Number(Number(value).toFixed(precision)))
      }}
    />
  )
}

export const InputNumber = connect(NumberInput, mapReadPretty(NumberPretty))
