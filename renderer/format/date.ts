/**
 * Dates travel as YYYY-MM-DD and YYYY-MM-DD HH:mm:ss; people see them in their own formats, falling
 * back to the platform formats.
 */
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'

dayjs.extend(customParseFormat)

export const WIRE_DATE = 'YYYY-MM-DD'
export const WIRE_DATETIME = 'YYYY-MM-DD HH:mm:ss'

/** The user's format converted from Java style (yyyy-MM-dd) to dayjs (YYYY-MM-DD), or the fallback. */
export function displayFormat(userFormat: string | undefined, fallback: string): string {
  if (!userFormat) return fallback
  return userFormat.replace(/y/g, 'Y').replace(/d/g, 'D')
}

/** A wire value shown in `format`; '' when empty, the raw text when it is not a date. */
export function formatWireDate(value: unknown, wireFormat: string, format: string): string {
  if (value === null || value === undefined || value === '') return ''
  const parsed = dayjs(String(value), wireFormat, true)
  const loose = parsed.isValid() ? parsed : dayjs(String(value))
  return loose.isValid() ? loose.format(format) : String(value)
}
