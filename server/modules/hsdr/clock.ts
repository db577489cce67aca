/**
 * Time as the wire and the timestamp columns have it (`YYYY-MM-DD HH:mm:ss`, the server's local time), and cron
 * expressions read the way the cron editor reads them (croner with Quartz weekdays, seven fields allowed).
 */
import { Cron } from 'croner'

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

function cronOf(expression: string): Cron {
  return new Cron(expression.trim(), { alternativeWeekdays: true, sloppyRanges: true, paused: true })
}

/** Why an expression cannot schedule anything, or undefined when it can. */
export function cronProblem(expression: string): string | undefined {
  try {
    if (!cronOf(expression).nextRun(new Date()))
      return `cron expression '${expression}' never fires again: pick a schedule in the future.`
    return undefined
  } catch (error) {
    return `cron expression '${expression}' is not valid (${(error as Error).message}): use the cron editor, e.g. "0 0 2 * * ? *" for 02:00 every day.`
  }
}

/** The first firing strictly after `from`, or undefined when there is none. */
export function nextFiring(expression: string, from: Date): Date | undefined {
  try {
    return cronOf(expression).nextRun(from) ?? undefined
  } catch {
    return undefined
  }
}
