import { InputNumber } from 'antd'
import type { Bound } from './quartz'

export interface NumberBoxProps {
  label: string
  value: number
  bound: Bound
  onChange(value: number): void
}

/** A whole number within the spec's bound; an emptied box keeps the last value instead of writing NaN. */
export function NumberBox({ label, value, bound, onChange }: NumberBoxProps) {
  return (
    <InputNumber
      size="small"
      aria-label={label}
      min={bound[0]}
      max={bound[1]}
      precision={0}
      value={value}
      onChange={(next) => typeof next === 'number' && onChange(next)}
      style={{ width: 72, marginInline: 4 }}
    />
  )
}
