/**
 * What an expression means and when it runs: cronstrue describes it (only the zh_CN and zh_TW locales are
 * imported, English is built in); validity and next runs come from the module the server saves and schedules
 * with (renderer/contract/quartz-cron.ts, Quartz's rules), so the editor never offers what a save refuses and
 * its preview is the scheduler's own computation. Quartz numbers weekdays 1 = Sunday … 7 = Saturday.
 */
import cronstrue from 'cronstrue'
import 'cronstrue/locales/zh_CN.js'
import 'cronstrue/locales/zh_TW.js'
import { nextFireTimes, parseQuartzCron } from '../../renderer/index'

const CRONSTRUE_LOCALE: Record<string, string> = { zh_CN: 'zh_CN', zh_TW: 'zh_TW', en_US: 'en' }

/** Quartz's verdict: [] when valid, else the message naming the field, the wrong part and a fix. */
export function quartzErrors(expression: string): string[] {
  const parsed = parseQuartzCron(expression)
  return parsed.ok ? [] : [parsed.problem.message]
}

/** The meaning in the user's language (zh_CN, zh_TW, en_US), or undefined when cronstrue cannot read it. */
export function describeCron(expression: string, language: string): string | undefined {
  try {
    return cronstrue.toString(expression, {
      locale: CRONSTRUE_LOCALE[language] ?? 'en',
      dayOfWeekStartIndexZero: false,
      use24HourTimeFormat: language !== 'en_US',
      throwExceptionOnParseError: true,
    })
  } catch {
    return undefined
  }
}

/** The next `count` runs after `from` as the scheduler fires them in `timeZone`; undefined when invalid. */
export function nextRuns(
  expression: string,
  count: number,
  timeZone: string,
  from = new Date(),
): Date[] | undefined {
  const parsed = parseQuartzCron(expression)
  return parsed.ok ? nextFireTimes(parsed.cron, from, count, timeZone) : undefined
}
