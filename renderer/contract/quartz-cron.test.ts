/**
 * The Quartz table: each row is an expression, a zone and an instant, with org.quartz.CronExpression 2.3.2's
 * verdict and, when it accepts, its next three fire times (getNextValidTimeAfter, the expression's time zone
 * set) as the real library computed them. The shared module must agree row by row: the verdict, and the fire
 * times to the second with their offsets (DST in Europe/Berlin and America/New_York, Asia/Shanghai's +08:00).
 */
import { describe, expect, test } from 'vitest'
import {
  fromFiveFields,
  nextFireTimes,
  parseQuartzCron,
  quartzCronProblem,
  zoneOf,
  type CronField,
} from './quartz-cron'

type Row = [expression: string, zone: string, from: string, verdict: 'accept' | 'refuse', next: string[]]

// prettier-ignore
const QUARTZ: Row[] = [
  ['0 9 * * 1-5', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Unexpected end of expression.
  ['0 0 12 15 * MON', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Support for specifying both a day-of-week AND a day-of-month parameter is not implemented.
  ['? 0 12 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: '?' can only be specified for Day-of-Month or Day-of-Week.
  ['0 0 12 ? * 8', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Day-of-Week values must be between 1 and 7
  ['0 0 12 ? * 0', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Day-of-Week values must be between 1 and 7
  ['0 0 12 * * *', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Support for specifying both a day-of-week AND a day-of-month parameter is not implemented.
  ['0 0 12 ? * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: '?' can only be specified for Day-of-Month -OR- Day-of-Week.
  ['0 60 12 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Minute and Second values must be between 0 and 59
  ['0 0 24 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Hour values must be between 0 and 23
  ['0 0 12 0 * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Day of month values must be between 1 and 31
  ['0 0 12 * 13 ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Month values must be between 1 and 12
  ['60 0 12 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Minute and Second values must be between 0 and 59
  ['0 */60 12 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Increment > 60 : 60
  ['0 0 12 L-31 * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Offset from last day must be <= 30
  ['0 0 12 32W * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: The 'W' option does not make sense with values larger than 31 (max number of days in a month)
  ['0 0 12 L,15 * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Support for specifying 'L' and 'LW' with other days of the month is not implemented
  ['0 0 12 ? * 6#6', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: A numeric value between 1 and 5 must follow the '#' option
  ['0 0 12 ? * 2#1,3#2', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Support for specifying multiple \"nth\" days is not implemented.
  ['0 0 12 * * ? 2030-2026', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Illegal cron expression format (java.lang.IllegalArgumentException: Start year must be less than stop year)
  ['0 0 12 5-L * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Illegal cron expression format (java.lang.NumberFormatException: For input string: \"L\")
  ['0 0 12 15L * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: 'L' option is not valid here. (pos=2)
  ['0 0 12 ? * 1W', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: 'W' option is not valid here. (pos=1)
  ['0 0 12 ? AUG-5 *', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Illegal cron expression format (java.lang.StringIndexOutOfBoundsException: begin 4, end 7, length 5)
  ['0 0 12 * *', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'refuse', []], // Quartz: Unexpected end of expression.
  ['0 0 12 L-2 * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-29T12:00:00+08:00', '2026-02-26T12:00:00+08:00', '2026-03-29T12:00:00+08:00']],
  ['0 0 12 ? * L', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-03T12:00:00+08:00', '2026-01-10T12:00:00+08:00', '2026-01-17T12:00:00+08:00']],
  ['0 0 12 ? * FRI-MON', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-02T12:00:00+08:00', '2026-01-03T12:00:00+08:00', '2026-01-04T12:00:00+08:00']],
  ['0 0 12 ? NOV-FEB *', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T12:00:00+08:00', '2026-01-02T12:00:00+08:00', '2026-01-03T12:00:00+08:00']],
  ['0 0 22-2 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T22:00:00+08:00', '2026-01-01T23:00:00+08:00', '2026-01-02T00:00:00+08:00']],
  ['0 0 9 ? * MON-FRI', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T09:00:00+08:00', '2026-01-02T09:00:00+08:00', '2026-01-05T09:00:00+08:00']],
  ['0 0 12 LW * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-30T12:00:00+08:00', '2026-02-27T12:00:00+08:00', '2026-03-31T12:00:00+08:00']],
  ['0 0 12 L-2W * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-29T12:00:00+08:00', '2026-02-26T12:00:00+08:00', '2026-03-30T12:00:00+08:00']],
  ['0 0 12 15W * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-15T12:00:00+08:00', '2026-02-16T12:00:00+08:00', '2026-03-16T12:00:00+08:00']],
  ['0 0 12 31W * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-30T12:00:00+08:00', '2026-03-31T12:00:00+08:00', '2026-05-29T12:00:00+08:00']],
  ['0 0 12 ? * 6L', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-30T12:00:00+08:00', '2026-02-27T12:00:00+08:00', '2026-03-27T12:00:00+08:00']],
  ['0 0 12 ? * FRIL', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-30T12:00:00+08:00', '2026-02-27T12:00:00+08:00', '2026-03-27T12:00:00+08:00']],
  ['0 0 12 ? * 6#5', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-30T12:00:00+08:00', '2026-05-29T12:00:00+08:00', '2026-07-31T12:00:00+08:00']],
  ['0 0 12 ? * SUN#1', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-04T12:00:00+08:00', '2026-02-01T12:00:00+08:00', '2026-03-01T12:00:00+08:00']],
  ['0 0/5 * * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T08:05:00+08:00', '2026-01-01T08:10:00+08:00', '2026-01-01T08:15:00+08:00']],
  ['5/15 0 12 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T12:00:05+08:00', '2026-01-01T12:00:20+08:00', '2026-01-01T12:00:35+08:00']],
  ['0-10/3 0 12 * * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T12:00:00+08:00', '2026-01-01T12:00:03+08:00', '2026-01-01T12:00:06+08:00']],
  ['0 0 12 1-31/2 * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T12:00:00+08:00', '2026-01-03T12:00:00+08:00', '2026-01-05T12:00:00+08:00']],
  ['0 0 12 ? * 2-6/2', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-02T12:00:00+08:00', '2026-01-05T12:00:00+08:00', '2026-01-07T12:00:00+08:00']],
  ['0 0 12 1,15 * ? 2026/2', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T12:00:00+08:00', '2026-01-15T12:00:00+08:00', '2026-02-01T12:00:00+08:00']],
  ['0 0 12 * * ? 2027', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2027-01-01T12:00:00+08:00', '2027-01-02T12:00:00+08:00', '2027-01-03T12:00:00+08:00']],
  ['0 0 12 ? * mon', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-05T12:00:00+08:00', '2026-01-12T12:00:00+08:00', '2026-01-19T12:00:00+08:00']],
  ['0 0 12 L * ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-31T12:00:00+08:00', '2026-02-28T12:00:00+08:00', '2026-03-31T12:00:00+08:00']],
  ['0 0 12 29 2 ?', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2028-02-29T12:00:00+08:00', '2032-02-29T12:00:00+08:00', '2036-02-29T12:00:00+08:00']],
  ['0 0 12 * * ? 1970', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', []],
  ['0 15 10 ? * 6L 2026-2027', 'Asia/Shanghai', '2026-01-01T00:00:00Z', 'accept', ['2026-01-30T10:15:00+08:00', '2026-02-27T10:15:00+08:00', '2026-03-27T10:15:00+08:00']],
  ['0 30 2 * * ?', 'Europe/Berlin', '2026-03-28T12:00:00Z', 'accept', ['2026-03-30T02:30:00+02:00', '2026-03-31T02:30:00+02:00', '2026-04-01T02:30:00+02:00']],
  ['0 30 * * * ?', 'Europe/Berlin', '2026-03-29T00:30:00Z', 'accept', ['2026-03-29T03:30:00+02:00', '2026-03-29T04:30:00+02:00', '2026-03-29T05:30:00+02:00']],
  ['0 30 2 * * ?', 'Europe/Berlin', '2026-10-24T12:00:00Z', 'accept', ['2026-10-25T02:30:00+01:00', '2026-10-26T02:30:00+01:00', '2026-10-27T02:30:00+01:00']],
  ['0 */30 * * * ?', 'Europe/Berlin', '2026-10-25T00:00:00Z', 'accept', ['2026-10-25T02:30:00+01:00', '2026-10-25T03:00:00+01:00', '2026-10-25T03:30:00+01:00']],
  ['0 30 2 * * ?', 'America/New_York', '2026-03-07T12:00:00Z', 'accept', ['2026-03-09T02:30:00-04:00', '2026-03-10T02:30:00-04:00', '2026-03-11T02:30:00-04:00']],
  ['0 0 * * * ?', 'America/New_York', '2026-11-01T04:30:00Z', 'accept', ['2026-11-01T01:00:00-05:00', '2026-11-01T02:00:00-05:00', '2026-11-01T03:00:00-05:00']],
  ['0 0 9 ? * MON-FRI', 'America/New_York', '2026-01-01T00:00:00Z', 'accept', ['2026-01-01T09:00:00-05:00', '2026-01-02T09:00:00-05:00', '2026-01-05T09:00:00-05:00']],]

/** An instant as ISO 8601 with the zone's offset, as java.time prints it (`Z` for zero). */
function iso(date: Date, zoneName: string): string {
  const zone = zoneOf(zoneName)!
  const offset = zone.offsetAt(date.getTime())
  const local = new Date(date.getTime() + offset).toISOString().slice(0, 19)
  if (offset === 0) return `${local}Z`
  const minutes = Math.abs(offset) / 60_000
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0')
  const mm = String(minutes % 60).padStart(2, '0')
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`
}

describe('Quartz 2.3.2 verdicts and fire times', () => {
  test('the table covers at least 40 expressions, both verdicts, three zones with DST', () => {
    expect(QUARTZ.length).toBeGreaterThanOrEqual(40)
    expect(new Set(QUARTZ.map((row) => row[3]))).toEqual(new Set(['accept', 'refuse']))
    expect(new Set(QUARTZ.map((row) => row[1]))).toEqual(
      new Set(['Asia/Shanghai', 'Europe/Berlin', 'America/New_York']),
    )
  })

  test.each(QUARTZ)('%s in %s after %s: %s', (expression, zone, from, verdict, next) => {
    const parsed = parseQuartzCron(expression)
    expect(parsed.ok ? 'accept' : 'refuse').toBe(verdict)
    if (!parsed.ok) return
    const runs = nextFireTimes(parsed.cron, Date.parse(from), 3, zone)
    expect(runs.map((run) => iso(run, zone))).toEqual(next)
  })
})

/**
 * Input Quartz accepts but reads otherwise than written: refused here with the reason, so that no one saves a
 * schedule that fires at other times than it says (each reading was checked against Quartz 2.3.2).
 */
// prettier-ignore
const MISREAD: Array<[expression: string, field: CronField | undefined, quartzReads: string]> = [
  ['0 0 12 * JANUARY ?', 'month', 'JAN (the rest of the name is ignored)'],
  ['0 0 12 ? * MON#1,WED', 'dayOfWeek', 'the first Monday only'],
  ['0 0 12 15W,20 * ?', 'dayOfMonth', '15W only'],
  ['0 0 12 ? * L-2', 'dayOfWeek', 'L (every Saturday)'],
  ['0 0 12 ? * MON/2', 'dayOfWeek', 'every Monday'],
  ['0 0 12 ? JAN-SEP/3 *', 'month', 'every month from January to September'],
  ['0 */0 12 * * ?', 'minute', 'every minute'],
  ['0 0-59/90 12 * * ?', 'minute', 'minute 0 only'],
  ['0 0 12 * * ? 2026 extra', undefined, 'the eighth field is ignored'],
  ['0 0 12 * * ? 2100', 'year', 'a year beyond the platform’s 2099'],
  ['0 0 12 * * ? 1800', 'year', 'never fires'],
]

describe('what Quartz misreads is refused, naming the field', () => {
  test.each(MISREAD)('%s (Quartz reads %s)', (expression, field) => {
    const problem = quartzCronProblem(expression)
    expect(problem).toBeDefined()
    expect(problem?.field).toBe(field)
  })
})

describe('messages name the field, the wrong part and a fix', () => {
  test('five fields: the Quartz form is suggested with Quartz weekday names', () => {
    expect(quartzCronProblem('0 9 * * 1-5')?.message).toBe(
      'Quartz needs 6 or 7 fields (seconds first): did you mean `0 0 9 ? * MON-FRI`?',
    )
    expect(fromFiveFields(['*/5', '*', '*', '*', '*'])).toBe('0 */5 * * * ?')
    expect(fromFiveFields(['0', '2', '1', '*', '0,6'])).toBe('0 0 2 ? * SUN,SAT')
  })

  test.each([
    [
      '0 0 12 ? * 8',
      'dayOfWeek',
      '8',
      /day-of-week: '8' is not a day of the week: Quartz numbers them 1 \(SUN\) to 7 \(SAT\)/,
    ],
    ['? 0 12 * * ?', 'second', '?', /seconds: '\?' is allowed only in day-of-month or day-of-week/],
    ['0 0 12 15 * MON', 'dayOfWeek', '15 MON', /`0 0 12 15 \* \?` or `0 0 12 \? \* MON`/],
    ['0 0 12 * * *', 'dayOfWeek', '* *', /did you mean `0 0 12 \? \* \*`/],
    ['0 0 12 ? * ?', 'dayOfWeek', '?', /both '\?'/],
    ['0 0 24 * * ?', 'hour', '24', /hours: '24' is outside 0–23/],
    ['0 0 12 L-31 * ?', 'dayOfMonth', 'L-31', /30 or less/],
    ['0 0 12 ? AUG-5 *', 'month', 'AUG-5', /mixes a name and a number/],
  ] as const)('%s → %s', (expression, field, part, message) => {
    const problem = quartzCronProblem(expression)
    expect(problem).toMatchObject({ field, part })
    expect(problem?.message).toMatch(message)
  })
})

describe('time zones', () => {
  test('the platform’s fixed offsets and IANA names; unknown names are refused', () => {
    const from = Date.parse('2026-01-01T00:00:00Z')
    expect(nextFireTimes('0 0 9 * * ?', from, 1, 'GMT+8')[0]?.toISOString()).toBe('2026-01-01T01:00:00.000Z')
    expect(nextFireTimes('0 0 9 * * ?', from, 1, 'GMT-3:30')[0]?.toISOString()).toBe(
      '2026-01-01T12:30:00.000Z',
    )
    expect(zoneOf('Mars/Olympus')).toBeUndefined()
    expect(() => nextFireTimes('0 0 9 * * ?', from, 1, 'Mars/Olympus')).toThrow(/Unknown time zone/)
  })
})
