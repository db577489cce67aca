import { connect } from '@formily/react'
import { DatePicker, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { displayFormat, useRendererEnv, WIRE_DATE, WIRE_DATETIME } from '../../renderer/index'
import { NumberInput } from '../input-number/InputNumber'

/** [from, to]: wire dates / datetimes or numbers; either end may be empty (an open range). */
export type RangeValue = [string | number | null, string | number | null]

export interface SearchRangeProps {
  value?: RangeValue | null
  onChange?(value: RangeValue): void
  /** date and datetime: a range picker in the user's format; number: two number inputs. */
  kind: 'date' | 'datetime' | 'number'
  precision?: number
  min?: number
  max?: number
  /** Hints of the two ends ("From", "To"); they also name the inputs. */
  placeholder?: [string, string]
  'aria-label'?: string
  disabled?: boolean
}

/** A datetime range ends at the end of its last day unless a time is picked. */
const dayBounds: [Dayjs, Dayjs] = [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')]

/**
 * A from–to search condition (a model field `"searchable": "range"`, a page field `"search": "range"`).
 * The search bar sends it as <name>From / <name>To; the compiled validator refuses a start after the end.
 */
export function SearchRangeInput(props: SearchRangeProps) {
  const { value, onChange, kind, placeholder = ['', ''], disabled } = props
  const label = props['aria-label'] ?? ''
  const { user } = useRendererEnv()
  const [from, to] = value ?? [null, null]
  if (kind === 'number') {
    const end = (index: 0 | 1) => (
      <NumberInput
        aria-label={`${label} ${placeholder[index]}`.trim()}
        placeholder={placeholder[index]}
        precision={props.precision}
        min={props.min}
        max={props.max}
        disabled={disabled}
        value={typeof value?.[index] === 'number' ? (value[index] as number) : null}
        onChange={(next) => onChange?.(index === 0 ? [next, to] : [from, next])}
      />
    )
    return (
      <Space.Compact style={{ width: '100%' }} aria-label={label} role="group">
        {end(0)}
        {end(1)}
      </Space.Compact>
    )
  }
  const withTime = kind === 'datetime'
  const wire = withTime ? WIRE_DATETIME : WIRE_DATE
  const format = withTime
    ? displayFormat(user.dateTimeFormat, WIRE_DATETIME)
    : displayFormat(user.dateFormat, WIRE_DATE)
  const parse = (text: unknown) => {
    const parsed = typeof text === 'string' && text ? dayjs(text, wire) : null
    return parsed?.isValid() ? parsed : null
  }
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      aria-label={label}
      allowEmpty={[true, true]}
      showTime={withTime ? { defaultValue: dayBounds } : false}
      format={format}
      placeholder={placeholder}
      disabled={disabled}
      value={[parse(from), parse(to)]}
      onChange={(dates) => onChange?.([dates?.[0]?.format(wire) ?? null, dates?.[1]?.format(wire) ?? null])}
    />
  )
}

export const SearchRange = connect(SearchRangeInput)
