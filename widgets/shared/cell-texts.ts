/**
 * The read-only renderings of ./read-pretty.tsx as plain text, for table cells: resolved once per column
 * (CellText). No React and no widget code: the app's widget list (widgets/index.ts) gives them to the registry
 * with each widget's entry, so a table draws these cells before (and without) loading the widgets' chunk, and each
 * widget's definition names the same function (the registry refuses a definition whose `cellText` differs).
 */
import {
  formatNumber,
  formatWireDate,
  resolvePrecision,
  type CellText,
  type WidgetName,
} from '../../renderer/index'

export const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
export const flagOf = (value: unknown) => (value === true ? 1 : value === false ? 0 : value)
export const DATE = 'YYYY-MM-DD'
export const DATETIME = 'YYYY-MM-DD HH:mm:ss'

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

/** The widgets whose cells are plain text, and their text (read by widgets/index.ts and the widget files). */
export const CELL_TEXTS: Partial<Record<WidgetName, CellText>> = {
  Input: textCell,
  TextArea: textCell,
  MultiLangInput: textCell,
  DocumentEditor: textCell,
  InputNumber: numberCell,
  Select: lookupCell,
  Radio: lookupCell,
  Switch: flagCell,
  Checkbox: flagCell,
  DatePicker: dateCell,
  DatetimePicker: datetimeCell,
}
