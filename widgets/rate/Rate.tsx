import { connect, mapReadPretty } from '@formily/react'
import { Rate as AntRate, type RateProps } from 'antd'
import type { FieldSpec } from '../../renderer/index'

export interface StarRateProps extends Omit<RateProps, 'value' | 'onChange'> {
  value?: number | string | null
  onChange?(value: number | null): void
}

const score = (value: unknown) =>
  value === null || value === undefined || value === '' ? 0 : Number(value) || 0

/** A score in stars (count 5 unless the page says otherwise); clearing sets no value. */
export function StarRate({ value, onChange, ...rest }: StarRateProps) {
  return <AntRate {...rest} value={score(value)} onChange={(next) => onChange?.(next || null)} />
}

/** Read-only: the stars, not clickable, with the score for assistive technology. */
export function RatePretty({ value, count, spec }: { value?: unknown; count?: number; spec?: FieldSpec }) {
  const stars = count ?? (spec?.props as { count?: number } | undefined)?.count ?? 5
  return (
    <span className="wms-read-pretty" role="img" aria-label={`${score(value)} / ${stars}`}>
      <AntRate disabled count={stars} value={score(value)} allowHalf />
    </span>
  )
}

export const Rate = connect(StarRate, mapReadPretty(RatePretty))
