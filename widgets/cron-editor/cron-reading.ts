/**
 * What an expression means and when it runs, read by libraries independent of our parser: cronstrue
 * (descriptions; only the zh_CN and zh_TW locales are imported, English is built in), croner (next runs) and
 * cron-validate (Quartz rules). Quartz numbers weekdays 1 = Sunday … 7 = Saturday: both readers are told so.
 */
import cronstrue from 'cronstrue'
import 'cronstrue/locales/zh_CN.js'
import 'cronstrue/locales/zh_TW.js'
import { Cron } from 'croner'
import * as cronValidateModule from 'cron-validate'
import { registerOptionPreset } from 'cron-validate/lib/option'

type ValidateCron = typeof cronValidateModule.default
/**
 * cron-validate is CommonJS with `__esModule`: Node and the test runner hand its default import over as the
 * function, the production bundle as the module object holding it. Take the function either way.
 */
function resolveValidateCron(): ValidateCron {
  const candidates: unknown[] = [
    cronValidateModule.default,
    (cronValidateModule.default as unknown as { default?: unknown } | undefined)?.default,
    cronValidateModule,
  ]
  const found = candidates.find((candidate) => typeof candidate === 'function')
  if (!found)
    throw new Error('cron-validate: no validate function found in the module (an unexpected build?).')
  return found as ValidateCron
}
const validateCron = resolveValidateCron()

registerOptionPreset('quartz', {
  presetId: 'quartz',
  useSeconds: true,
  useYears: true,
  useAliases: true,
  useBlankDay: true,
  allowOnlyOneBlankDayField: true,
  mustHaveBlankDayField: true,
  useLastDayOfMonth: true,
  useLastDayOfWeek: true,
  useNearestWeekday: true,
  useNthWeekdayOfMonth: true,
  seconds: { minValue: 0, maxValue: 59 },
  minutes: { minValue: 0, maxValue: 59 },
  hours: { minValue: 0, maxValue: 23 },
  daysOfMonth: { minValue: 1, maxValue: 31 },
  months: { minValue: 1, maxValue: 12 },
  daysOfWeek: { minValue: 1, maxValue: 7 },
  years: { minValue: 1970, maxValue: 2199 },
})

const CRONSTRUE_LOCALE: Record<string, string> = { zh_CN: 'zh_CN', zh_TW: 'zh_TW', en_US: 'en' }

/** Quartz validity by cron-validate: [] when valid, else its messages (English, technical). */
export function quartzErrors(expression: string): string[] {
  const result = validateCron(expression, { preset: 'quartz' })
  return result.isValid() ? [] : result.getError()
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

/** The next `count` runs after `from`, or undefined where croner cannot compute them (e.g. `L-3`). */
export function nextRuns(expression: string, count: number, from = new Date()): Date[] | undefined {
  try {
    const cron = new Cron(expression, { alternativeWeekdays: true, sloppyRanges: true, paused: true })
    return cron.nextRuns(count, from)
  } catch {
    return undefined
  }
}
