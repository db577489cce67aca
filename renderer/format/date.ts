/**
 * Dates travel as YYYY-MM-DD and YYYY-MM-DD HH:mm:ss; people see them in their own formats, falling
 * back to the platform formats.
 */
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import { instantOf, localZoneName, offsetLabel, wallTimeIn, zoneOf } from '../contract/quartz-cron'

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

/**
 * How a zone is named next to a time: the platform's `GMT+8` as it is, an IANA name with its offset at that
 * instant (`Europe/Berlin (GMT+01:00)`), so a reader knows which clock a time is on across DST.
 */
export function zoneLabel(zoneName: string, at: Date | number = Date.now()): string {
  const zone = zoneOf(zoneName)
  if (!zone || /^(GMT|UTC)/.test(zoneName)) return zoneName
  return `${zoneName} (${offsetLabel(typeof at === 'number' ? at : at.getTime(), zone)})`
}

/**
 * An instant as the wall clock of `zoneName` (IANA or `GMT+8`; unknown or absent: the browser's) in `format`,
 * followed by the zone's name: `2026-03-30 02:30:00 Europe/Berlin (GMT+02:00)`.
 */
export function formatInZone(at: Date | number, zoneName: string | undefined, format: string): string {
  const name = zoneName && zoneOf(zoneName) ? zoneName : localZoneName()
  const zone = zoneOf(name)
  const ms = typeof at === 'number' ? at : at.getTime()
  if (!zone) return dayjs(ms).format(format)
  const w = wallTimeIn(ms, zone)
  const wall = dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second))
  return `${wall.format(format)} ${zoneLabel(name, ms)}`
}

/**
 * The instant of a wire date-time (`YYYY-MM-DD HH:mm:ss`) written in `zoneName` (the server's local time for
 * timestamp columns), or undefined when it is no date-time or the zone is unknown.
 */
export function wireInstant(value: unknown, zoneName: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(String(value ?? ''))
  const zone = zoneOf(zoneName)
  if (!match || !zone) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  return instantOf({ year, month, day, hour, minute, second }, zone)
}
