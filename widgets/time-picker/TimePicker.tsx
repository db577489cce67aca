import { connect, mapReadPretty } from '@formily/react'
import { TimePicker as AntTimePicker } from 'antd'
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import { displayFormat, useRendererEnv } from '../../renderer/index'

dayjs.extend(customParseFormat)

/** PLAT-I18N-09: times travel as HH:mm:ss. */
export const WIRE_TIME = 'HH:mm:ss'

export interface WireTimePickerProps {
  value?: string | null
  onChange?(value: string | null): void
  disabled?: boolean
  placeholder?: string
}

const parse = (value: unknown) => {
  const parsed = typeof value === 'string' && value ? dayjs(value, WIRE_TIME, true) : null
  return parsed?.isValid() ? parsed : null
}

/** Picks a time shown in the user's time format; the value is always HH:mm:ss. */
export function WireTimePicker({ value, onChange, ...rest }: WireTimePickerProps) {
  const { user } = useRendererEnv()
  return (
    <AntTimePicker
      style={{ width: '100%' }}
      format={displayFormat(user.timeFormat, WIRE_TIME)}
      value={parse(value)}
      onChange={(time) => onChange?.(time ? time.format(WIRE_TIME) : null)}
      {...rest}
    />
  )
}

/** Read-only: the time in the user's format (the raw text when it is not a valid time). */
export function TimePretty({ value }: { value?: unknown }) {
  const { user } = useRendererEnv()
  const parsed = parse(value)
  const text = parsed
    ? parsed.format(displayFormat(user.timeFormat, WIRE_TIME))
    : value === null || value === undefined
      ? ''
      : String(value)
  return <span className="wms-read-pretty">{text}</span>
}

export const TimePicker = connect(WireTimePicker, mapReadPretty(TimePretty))
