import { connect, mapReadPretty } from '@formily/react'
import { DatePicker as AntDatePicker } from 'antd'
import dayjs from 'dayjs'
import { displayFormat, useRendererEnv, WIRE_DATE, WIRE_DATETIME } from '../../renderer/index'
import { DatePretty, DatetimePretty } from '../shared/read-pretty'

export interface WireDatePickerProps {
  value?: string | null
  onChange?(value: string | null): void
  disabled?: boolean
  placeholder?: string
  /** Also pick a time: the value is YYYY-MM-DD HH:mm:ss instead of YYYY-MM-DD. */
  withTime?: boolean
}

/** Picks a date shown in the user's format; the value is always the wire format. */
export function WireDatePicker({ value, onChange, withTime, ...rest }: WireDatePickerProps) {
  const { user } = useRendererEnv()
  const wire = withTime ? WIRE_DATETIME : WIRE_DATE
  const format = withTime
    ? displayFormat(user.dateTimeFormat, WIRE_DATETIME)
    : displayFormat(user.dateFormat, WIRE_DATE)
  const parsed = value ? dayjs(value, wire) : null
  return (
    <AntDatePicker
      style={{ width: '100%' }}
      showTime={withTime}
      format={format}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? date.format(wire) : null)}
      {...rest}
    />
  )
}

export const DatePicker = connect(WireDatePicker, mapReadPretty(DatePretty))
export const DatetimePicker = connect(
  (props: WireDatePickerProps) => <WireDatePicker {...props} withTime />,
  mapReadPretty(DatetimePretty),
)
