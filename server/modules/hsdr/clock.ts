/**
 * Time as the wire and the timestamp columns have it (`YYYY-MM-DD HH:mm:ss`, the server's local time), and cron
 * expressions read by the module the cron editor uses (renderer/contract/quartz-cron.ts: Quartz's rules).
 */
import { nextFireTimes, parseQuartzCron } from '../../../renderer/contract/quartz-cron.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/** @example wireDateTime(new Date(2026, 0, 2, 3, 4, 5)) → '2026-01-02 03:04:05' */
export function wireDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

/** The Date of a `YYYY-MM-DD HH:mm:ss` local time. */
export function parseWireDateTime(text: string): Date {
  const [date = '', time = '00:00:00'] = text.split(' ')
  const [y, m, d] = date.split('-').map(Number)
  const [hh, mm, ss] = time.split(':').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0)
}

/** Why an expression cannot schedule anything (Quartz refuses it, or it never fires again), else undefined. */
export function cronProblem(expression: string, from: Date, timeZone: string): string | undefined {
  const parsed = parseQuartzCron(expression)
  if (!parsed.ok) return `cron expression '${expression}' is not valid in Quartz: ${parsed.problem.message}`
  if (!nextFireTimes(parsed.cron, from, 1, timeZone).length)
    return `cron expression '${expression}' never fires again: pick a schedule in the future.`
  return undefined
}

/** The first firing strictly after `from` in `timeZone` (Quartz's rules, DST included), or undefined. */
export function nextFiring(expression: string, from: Date, timeZone: string): Date | undefined {
  const parsed = parseQuartzCron(expression)
  return parsed.ok ? nextFireTimes(parsed.cron, from, 1, timeZone)[0] : undefined
}
