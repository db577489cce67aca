/** Read-only renderings shared by field widgets (read-pretty forms; table cells draw ./cell-texts.ts). */
import {
  formatNumber,
  resolvePrecision,
  formatWireDate,
  displayFormat,
  useLookup,
  useRendererEnv,
  type FieldSpec,
} from '../../renderer/index'
import { DATE, DATETIME, flagOf, text } from './cell-texts'

/** Props a read-pretty component gets: from a table cell ({value, spec}) or from Formily ({value, …props}). */
export interface PrettyProps {
  value?: unknown
  spec?: FieldSpec
  lookupCode?: string
  precision?: number
}

export function TextPretty({ value }: PrettyProps) {
  return <span className="wms-read-pretty">{text(value)}</span>
}

export function NumberPretty({ value, precision, spec }: PrettyProps) {
  const { user } = useRendererEnv()
  const digits = precision ?? resolvePrecision(spec?.precision, user.quantityPrecision)
  return <span className="wms-read-pretty">{formatNumber(value, digits)}</span>
}

export function LookupPretty({ value, lookupCode, spec }: PrettyProps) {
  const code = lookupCode ?? spec?.lookupCode
  const { values } = useLookup(code)
  const meaning = values.find((v) => String(v.value) === text(value))?.meaning
  return <span className="wms-read-pretty">{meaning ?? text(value)}</span>
}

/** A 1/0 flag: the meaning from its value set (HPFM.ENABLED_FLAG by default). */
export function FlagPretty({ value, lookupCode, spec }: PrettyProps) {
  return (
    <LookupPretty value={flagOf(value)} lookupCode={lookupCode ?? spec?.lookupCode ?? 'HPFM.ENABLED_FLAG'} />
  )
}

export function DatePretty({ value, withTime }: PrettyProps & { withTime?: boolean }) {
  const { user } = useRendererEnv()
  const format = withTime
    ? displayFormat(user.dateTimeFormat, DATETIME)
    : displayFormat(user.dateFormat, DATE)
  return <span className="wms-read-pretty">{formatWireDate(value, withTime ? DATETIME : DATE, format)}</span>
}

export const DatetimePretty = (props: PrettyProps) => <DatePretty {...props} withTime />
