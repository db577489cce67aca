/** Read-only renderings shared by field widgets (table cells and read-pretty forms). */
import {
  formatNumber,
  resolvePrecision,
  formatWireDate,
  displayFormat,
  useLookup,
  useRendererEnv,
  type CellText,
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
const flagOf = (value: unknown) => (value === true ? 1 : value === false ? 0 : value)
const DATE = 'YYYY-MM-DD'
const DATETIME = 'YYYY-MM-DD HH:mm:ss'

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

// The same renderings as plain text for table cells: resolved once per column (CellText).

export const textCell: CellText = () => text

export const numberCell: CellText = (spec, context) => {
  const digits = resolvePrecision(spec?.precision, context.quantityPrecision)
  return (value) => formatNumber(value, digits)
}

const lookupText = (code: string | undefined, context: Parameters<CellText>[1], map = (v: unknown) => v) => {
  const meanings = code ? context.meanings(code) : undefined
  return (value: unknown) => {
    const shown = text(map(value))
    return meanings?.get(shown) ?? shown
  }
}

export const lookupCell: CellText = (spec, context) => lookupText(spec?.lookupCode, context)

export const flagCell: CellText = (spec, context) =>
  lookupText(spec?.lookupCode ?? 'HPFM.ENABLED_FLAG', context, flagOf)

export const dateCell: CellText = (_spec, context) => (value) =>
  formatWireDate(value, DATE, context.dateFormat)

export const datetimeCell: CellText = (_spec, context) => (value) =>
  formatWireDate(value, DATETIME, context.dateTimeFormat)
