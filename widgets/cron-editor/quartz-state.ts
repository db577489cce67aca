/**
 * The cron editor's state (PLAT-CRON-02…04, field names as the spec gives them) and its bounds
 * (PLAT-CRON-10…17). Pure data: no React, no cron library.
 */

/** One time unit: which option is chosen (cronEvery) and the values of every option, kept while switching. */
export interface UnitState {
  cronEvery: number
  incrementStart: number
  incrementIncrement: number
  rangeStart: number
  rangeEnd: number
  specificSpecific: number[]
}

/** Day of month: the unit values plus the day extras (PLAT-CRON-03). Its cronEvery is a DAY_CHOICE. */
export interface DayState extends UnitState {
  /** Weekday (1 = Sunday … 7 = Saturday) of "the last <weekday> of the month" (`6L`). */
  cronLastSpecificDomDay: number
  /** N of "N days before the end of the month" (`L-N`). */
  cronDaysBeforeEomMinus: number
  /** Day of month whose nearest weekday is meant (`15W`). */
  cronDaysNearestWeekday: number
}

/** Day of week values (Quartz: 1 = Sunday … 7 = Saturday) plus the week extras (PLAT-CRON-04). */
export interface WeekState extends Omit<UnitState, 'cronEvery'> {
  cronNthDayDay: number
  cronNthDayNth: number
}

export interface CronState {
  second: UnitState
  minute: UnitState
  hour: UnitState
  /** The days tab: day.cronEvery chooses between day-of-month and day-of-week options. */
  day: DayState
  week: WeekState
  month: UnitState
  year: UnitState
  /** Write weekdays / months as names (MON, JAN) in lists and ranges: kept from a parsed expression. */
  names: { week: boolean; month: boolean }
}

export type PlainUnit = 'second' | 'minute' | 'hour' | 'month' | 'year'

/** Options of seconds, minutes, hours, months and years (PLAT-CRON-05). */
export const UNIT_CHOICE = { every: 1, increment: 2, specific: 3, range: 4 } as const

/**
 * Options of the days tab (PLAT-CRON-05, the classic Quartz editor's 1…11); 12 and 13 (day and weekday
 * ranges, e.g. `1-15` and `MON-FRI`) go beyond the old platform so that common expressions open in the tabs.
 */
export const DAY_CHOICE = {
  every: 1,
  weekdayIncrement: 2,
  dayIncrement: 3,
  specificWeekdays: 4,
  specificDays: 5,
  lastDay: 6,
  lastWeekday: 7,
  lastGivenWeekday: 8,
  daysBeforeEnd: 9,
  nearestWeekday: 10,
  nthWeekday: 11,
  dayRange: 12,
  weekdayRange: 13,
} as const

export type Bound = readonly [min: number, max: number]
export interface UnitBounds {
  start: Bound
  step: Bound
  value: Bound
}

/**
 * The spec's bounds (platform §5) narrowed to what Quartz accepts, so the tabs offer nothing a save refuses
 * (quartz.property.test.ts): a seconds/minutes step of at most 59 (the spec's 60), at most 30 days before the
 * month end (the spec's 31), years up to 2099 (the spec's 2119). X-26 readings: hours 0-23 for start, range
 * and values, step 1-23; months "0-12 for interval" read as the step, and a step of 0 repeats nothing, so
 * 1-12; start 1-12.
 */
export const CRON_BOUNDS: Record<PlainUnit | 'day' | 'week', UnitBounds> & {
  nth: Bound
  daysBeforeEnd: Bound
} = {
  second: { start: [0, 59], step: [1, 59], value: [0, 59] },
  minute: { start: [0, 59], step: [1, 59], value: [0, 59] },
  hour: { start: [0, 23], step: [1, 23], value: [0, 23] },
  day: { start: [1, 31], step: [1, 31], value: [1, 31] },
  week: { start: [1, 7], step: [1, 7], value: [1, 7] },
  month: { start: [1, 12], step: [1, 12], value: [1, 12] },
  year: { start: [2019, 2099], step: [1, 80], value: [2019, 2099] },
  nth: [1, 5],
  daysBeforeEnd: [1, 30],
}

function unitDefaults(unit: PlainUnit | 'day', step: number): UnitState {
  const [min, max] = CRON_BOUNDS[unit].value
  return {
    cronEvery: UNIT_CHOICE.every,
    incrementStart: min,
    incrementIncrement: step,
    rangeStart: min,
    rangeEnd: Math.min(max, min + 1),
    specificSpecific: [min],
  }
}

/** PLAT-CRON-07: every second, minute and hour, every day (week "?"), every month, every year. */
export function defaultCronState(): CronState {
  return {
    second: unitDefaults('second', 5),
    minute: unitDefaults('minute', 5),
    hour: unitDefaults('hour', 1),
    day: {
      ...unitDefaults('day', 1),
      cronEvery: DAY_CHOICE.every,
      cronLastSpecificDomDay: 6,
      cronDaysBeforeEomMinus: 1,
      cronDaysNearestWeekday: 1,
    },
    week: {
      incrementStart: 1,
      incrementIncrement: 1,
      rangeStart: 2,
      rangeEnd: 6,
      specificSpecific: [2],
      cronNthDayDay: 2,
      cronNthDayNth: 1,
    },
    month: unitDefaults('month', 1),
    year: unitDefaults('year', 1),
    names: { week: false, month: false },
  }
}

// Quartz's names, from the module the server checks with.
export { MONTH_NAMES, WEEKDAY_NAMES } from '../../renderer/index'
