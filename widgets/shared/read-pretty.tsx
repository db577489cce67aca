/** Read-only renderings shared by field widgets (table cells and read-pretty forms). */
import {
  formatNumber,
  resolvePrecision,
  formatWireDate,
  displayFormat,
  useLookup,
  useRendererEnv,
  type FieldSpec,
} from '../../renderer/index'

/** Props a read-pretty component gets: from a table cell ({value, spec}) or from Formily ({value, …props}). */
export interface PrettyProps {
  value?: unknown
  spec?: FieldSpec
  lookupCode?: string
  precision?: number
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

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
  const flag = value === true ? 1 : value === false ? 0 : value
  return <LookupPretty value={flag} lookupCode={lookupCode ?? spec?.lookupCode ?? 'HPFM.ENABLED_FLAG'} />
}

export function DatePretty({ value, withTime }: PrettyProps & { withTime?: boolean }) {
  const { user } = useRendererEnv()
  const format = withTime
    ? displayFormat(user.dateTimeFormat, 'YYYY-MM-DD HH:mm:ss')
    : displayFormat(user.dateFormat, 'YYYY-MM-DD')
  return (
    <span className="wms-read-pretty">
      {formatWireDate(value, withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD', format)}
    </span>
  )
}

export const DatetimePretty = (props: PrettyProps) => <DatePretty {...props} withTime />
