import { connect, mapReadPretty } from '@formily/react'
import { Progress as AntProgress } from 'antd'
import type { FieldSpec } from '../../renderer/index'

export interface ProgressBarProps {
  value?: unknown
  /** The page's field definition (table cells pass it instead of the props). */
  spec?: FieldSpec
  /** The value that means 100 % (default 100: the value is already a percentage). */
  total?: number
  size?: 'small' | 'default'
}

/** The value as a percentage of `total`, 0…100, rounded to one decimal. */
export function percentOf(value: unknown, total = 100): number {
  const number = Number(value)
  if (value === null || value === undefined || value === '' || !Number.isFinite(number) || total <= 0)
    return 0
  return Math.round(Math.min(100, Math.max(0, (number / total) * 100)) * 10) / 10
}

/** Read-only progress bar: values are computed by the server (a field a user types in is not a progress). */
export function ProgressBar({ value, total, spec, size = 'small' }: ProgressBarProps) {
  const percent = percentOf(value, total ?? (spec?.props as { total?: number } | undefined)?.total)
  return (
    <span className="wms-read-pretty" style={{ display: 'inline-block', minWidth: 120, width: '100%' }}>
      <AntProgress percent={percent} size={size} status={percent >= 100 ? 'success' : 'normal'} />
    </span>
  )
}

export const Progress = connect(ProgressBar, mapReadPretty(ProgressBar))
