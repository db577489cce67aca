import dayjs from 'dayjs'
import { describe, expect, test } from 'vitest'
import { localZoneName } from '../../renderer/index'
import { describeCron, nextRuns, quartzErrors } from './cron-reading'
import {
  buildCron,
  CRON_BOUNDS,
  DAY_CHOICE,
  defaultCronState,
  parseCron,
  UNIT_CHOICE,
  type CronState,
} from './quartz'

/** 30 s after midnight on Thursday 1 January 2026, local time (the runs are computed and shown in it). */
const FROM = new Date(2026, 0, 1, 0, 0, 30)
const runs = (expression: string) =>
  nextRuns(expression, 2, localZoneName(), FROM)?.map((date) => dayjs(date).format('YYYY-MM-DD HH:mm:ss'))

function parsed(expression: string): CronState {
  const result = parseCron(expression)
  if (!result.ok) throw new Error(`${expression}: ${result.problem.key}`)
  return result.state
}

interface Case {
  expression: string
  /** What the tabs must show (a part of the state). */
  tabs: (state: CronState) => unknown
  expectedTabs: unknown
  /** cronstrue's English reading and the next two runs by the shared Quartz module. */
  english: string
  next: string[]
}

// PLAT-CRON-06/-08/-09: each expression opens in the tabs, is written back unchanged, and the independent
// readers agree with what the tabs say it is.
const cases: Case[] = [
  {
    expression: '0 0/5 * * * ? *',
    tabs: (s) => s.minute,
    expectedTabs: { cronEvery: UNIT_CHOICE.increment, incrementStart: 0, incrementIncrement: 5 },
    english: 'Every 5 minutes',
    next: ['2026-01-01 00:05:00', '2026-01-01 00:10:00'],
  },
  {
    expression: '0 15 10 ? * 6L 2022-2030',
    tabs: (s) => [s.day.cronEvery, s.day.cronLastSpecificDomDay, s.year.rangeStart, s.year.rangeEnd],
    expectedTabs: [DAY_CHOICE.lastGivenWeekday, 6, 2022, 2030],
    english: 'At 10:15 AM, on the last Friday of the month, 2022 through 2030',
    next: ['2026-01-30 10:15:00', '2026-02-27 10:15:00'],
  },
  {
    expression: '0 0 12 L * ? *',
    tabs: (s) => s.day.cronEvery,
    expectedTabs: DAY_CHOICE.lastDay,
    english: 'At 12:00 PM, on the last day of the month',
    next: ['2026-01-31 12:00:00', '2026-02-28 12:00:00'],
  },
  {
    expression: '0 0 12 LW * ? *',
    tabs: (s) => s.day.cronEvery,
    expectedTabs: DAY_CHOICE.lastWeekday,
    english: 'At 12:00 PM, on the last weekday of the month',
    next: ['2026-01-30 12:00:00', '2026-02-27 12:00:00'],
  },
  {
    expression: '0 0 12 L-3 * ? *',
    tabs: (s) => [s.day.cronEvery, s.day.cronDaysBeforeEomMinus],
    expectedTabs: [DAY_CHOICE.daysBeforeEnd, 3],
    english: 'At 12:00 PM, 3 days before the last day of the month',
    next: ['2026-01-28 12:00:00', '2026-02-25 12:00:00'],
  },
  {
    expression: '0 0 12 15W * ? *',
    tabs: (s) => [s.day.cronEvery, s.day.cronDaysNearestWeekday],
    expectedTabs: [DAY_CHOICE.nearestWeekday, 15],
    english: 'At 12:00 PM, on the weekday nearest day 15 of the month',
    next: ['2026-01-15 12:00:00', '2026-02-16 12:00:00'],
  },
  {
    expression: '0 0 12 ? * 6#3 *',
    tabs: (s) => [s.day.cronEvery, s.week.cronNthDayDay, s.week.cronNthDayNth],
    expectedTabs: [DAY_CHOICE.nthWeekday, 6, 3],
    english: 'At 12:00 PM, on the third Friday of the month',
    next: ['2026-01-16 12:00:00', '2026-02-20 12:00:00'],
  },
  {
    expression: '0 0 9-17 ? * MON-FRI *',
    tabs: (s) => [
      s.hour.cronEvery,
      s.hour.rangeStart,
      s.hour.rangeEnd,
      s.day.cronEvery,
      s.week.rangeStart,
      s.week.rangeEnd,
    ],
    expectedTabs: [UNIT_CHOICE.range, 9, 17, DAY_CHOICE.weekdayRange, 2, 6],
    english: 'Every hour, between 09:00 AM and 05:00 PM, Monday through Friday',
    next: ['2026-01-01 09:00:00', '2026-01-01 10:00:00'],
  },
  {
    expression: '0 0,30 8-18 ? * 2,3,4,5,6 *',
    tabs: (s) => [s.minute.specificSpecific, s.day.cronEvery, s.week.specificSpecific],
    expectedTabs: [[0, 30], DAY_CHOICE.specificWeekdays, [2, 3, 4, 5, 6]],
    english:
      'At 0 and 30 minutes past the hour, between 08:00 AM and 06:59 PM, only on Monday, Tuesday, Wednesday, Thursday, and Friday',
    next: ['2026-01-01 08:00:00', '2026-01-01 08:30:00'],
  },
  {
    expression: '0 0 0 1/5 * ? *',
    tabs: (s) => [s.day.cronEvery, s.day.incrementStart, s.day.incrementIncrement],
    expectedTabs: [DAY_CHOICE.dayIncrement, 1, 5],
    english: 'At 12:00 AM, every 5 days in a month',
    next: ['2026-01-06 00:00:00', '2026-01-11 00:00:00'],
  },
  {
    expression: '30 10 * * 1,3,5 ? 2030',
    tabs: (s) => [s.second.specificSpecific, s.month.specificSpecific, s.year.specificSpecific],
    expectedTabs: [[30], [1, 3, 5], [2030]],
    english:
      'At 30 seconds past the minute, at 10 minutes past the hour, only in January, March, and May, only in 2030',
    next: ['2030-01-01 00:10:30', '2030-01-01 01:10:30'],
  },
  {
    expression: '0 0 12 1-15 * ? *',
    tabs: (s) => [s.day.cronEvery, s.day.rangeStart, s.day.rangeEnd],
    expectedTabs: [DAY_CHOICE.dayRange, 1, 15],
    english: 'At 12:00 PM, between day 1 and 15 of the month',
    next: ['2026-01-01 12:00:00', '2026-01-02 12:00:00'],
  },
  {
    expression: '0 0 6 ? * 2/2 *',
    tabs: (s) => [s.day.cronEvery, s.week.incrementStart, s.week.incrementIncrement],
    expectedTabs: [DAY_CHOICE.weekdayIncrement, 2, 2],
    english: 'At 06:00 AM, every 2 days of the week, Monday through Saturday',
    next: ['2026-01-02 06:00:00', '2026-01-05 06:00:00'],
  },
  {
    expression: '0 0 0 1 JAN-MAR ? *',
    tabs: (s) => [s.day.specificSpecific, s.month.rangeStart, s.month.rangeEnd],
    expectedTabs: [[1], 1, 3],
    english: 'At 12:00 AM, on day 1 of the month, January through March',
    next: ['2026-02-01 00:00:00', '2026-03-01 00:00:00'],
  },
  {
    expression: '15,45 * * * * ? *',
    tabs: (s) => [s.second.cronEvery, s.minute.cronEvery],
    expectedTabs: [UNIT_CHOICE.specific, UNIT_CHOICE.every],
    english: 'At 15 and 45 seconds past the minute',
    next: ['2026-01-01 00:00:45', '2026-01-01 00:01:15'],
  },
  {
    expression: '0 0 2 ? * 1 2027/2',
    tabs: (s) => [s.week.specificSpecific, s.year.incrementStart, s.year.incrementIncrement],
    expectedTabs: [[1], 2027, 2],
    english: 'At 02:00 AM, only on Sunday, every 2 years, 2027 through 9999',
    next: ['2027-01-03 02:00:00', '2027-01-10 02:00:00'],
  },
]

describe.each(cases)('$expression', ({ expression, tabs, expectedTabs, english, next }) => {
  test('opens in the tabs and OK writes the same expression back', () => {
    const state = parsed(expression)
    expect(tabs(state)).toMatchObject(expectedTabs as object)
    expect(buildCron(state)).toBe(expression)
    expect(buildCron(state).split(' ')).toHaveLength(7)
  })
  test('is valid Quartz and the independent readers agree', () => {
    expect(quartzErrors(expression)).toEqual([])
    expect(describeCron(buildCron(parsed(expression)), 'en_US')).toBe(english)
    expect(runs(buildCron(parsed(expression)))).toEqual(next)
  })
})

describe('defaults and normalising (PLAT-CRON-07)', () => {
  test('defaults are every second/minute/hour, every day with week ?, every month and year', () => {
    expect(buildCron(defaultCronState())).toBe('* * * * * ? *')
  })
  test('*/N opens as every N from the lowest value; 6 fields get every year', () => {
    expect(buildCron(parsed('*/10 * * * * ?'))).toBe('0/10 * * * * ? *')
  })
  test('describes in Chinese with the 24-hour clock', () => {
    expect(describeCron('0 0 12 ? * 6#3 *', 'zh_CN')).toBe('在12:00, 限每月的第三个 星期五')
    expect(describeCron('0 0 12 L * ? *', 'zh_TW')).toContain('最後一天')
  })
})

describe('what cannot be opened says why', () => {
  test.each([
    ['0 0 12 * *', 'cron.problem.fieldCount'],
    ['0 0 12 * * * *', 'cron.problem.noBlankDay'],
    ['0 0 12 ? * ? *', 'cron.problem.bothBlank'],
    ['0 61 * * * ? *', 'cron.problem.outOfRange'],
    ['0 0 24 * * ? *', 'cron.problem.outOfRange'],
    ['0 0 0 ? * 6#6 *', 'cron.problem.outOfRange'],
    ['0 0 0 * * ? 2200', 'cron.problem.outOfRange'],
    ['0 1-5,9 * * * ? *', 'cron.problem.notInTabs'],
    ['0 x * * * ? *', 'cron.problem.unreadable'],
  ])('%s → %s', (expression, key) => {
    const result = parseCron(expression)
    expect(result.ok ? undefined : result.problem.key).toBe(key)
  })
  test('the spec bounds (PLAT-CRON-10…17), narrowed to what Quartz accepts', () => {
    expect(CRON_BOUNDS.second).toEqual({ start: [0, 59], step: [1, 59], value: [0, 59] })
    expect(CRON_BOUNDS.day.step).toEqual([1, 31])
    expect(CRON_BOUNDS.week.step).toEqual([1, 7])
    expect(CRON_BOUNDS.year).toEqual({ start: [2019, 2099], step: [1, 80], value: [2019, 2099] })
    expect(CRON_BOUNDS.nth).toEqual([1, 5])
    expect(CRON_BOUNDS.daysBeforeEnd).toEqual([1, 30])
  })
})
