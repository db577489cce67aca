/**
 * Quartz cron (7 fields: second minute hour day-of-month month day-of-week year) ⇄ the editor's tabs.
 * `buildCron(parseCron(x).state) === x` for every expression the tabs can show (PLAT-CRON-09); `*\/N` opens
 * as "every N starting at the lowest value" and is written back as `0/N` (the same schedule).
 * Pure: the editor adds descriptions (cronstrue) and next runs (renderer/contract/quartz-cron.ts) on top.
 */
import {
  CRON_BOUNDS,
  DAY_CHOICE,
  MONTH_NAMES,
  UNIT_CHOICE,
  WEEKDAY_NAMES,
  defaultCronState,
  type Bound,
  type CronState,
  type PlainUnit,
  type UnitState,
} from './quartz-state'

export * from './quartz-state'

/** Why an expression cannot be opened in the tabs: an i18n key of cron-editor.texts.json and its values. */
export interface CronProblem {
  key: string
  params?: Record<string, string | number>
}

export type ParseResult = { ok: true; state: CronState } | { ok: false; problem: CronProblem }

const list = (values: number[], names?: readonly string[]) =>
  values.map((value) => (names ? (names[value - 1] ?? String(value)) : String(value))).join(',')

function buildUnit(unit: UnitState, names?: readonly string[]): string {
  switch (unit.cronEvery) {
    case UNIT_CHOICE.increment:
      return `${unit.incrementStart}/${unit.incrementIncrement}`
    case UNIT_CHOICE.specific:
      return list(unit.specificSpecific, names)
    case UNIT_CHOICE.range:
      return `${list([unit.rangeStart], names)}-${list([unit.rangeEnd], names)}`
    default:
      return '*'
  }
}

/** [day-of-month, day-of-week] of the days tab. */
function buildDays(state: CronState): [string, string] {
  const { day, week } = state
  const weekNames = state.names.week ? WEEKDAY_NAMES : undefined
  switch (day.cronEvery) {
    case DAY_CHOICE.weekdayIncrement:
      return ['?', `${week.incrementStart}/${week.incrementIncrement}`]
    case DAY_CHOICE.dayIncrement:
      return [`${day.incrementStart}/${day.incrementIncrement}`, '?']
    case DAY_CHOICE.specificWeekdays:
      return ['?', list(week.specificSpecific, weekNames)]
    case DAY_CHOICE.specificDays:
      return [list(day.specificSpecific), '?']
    case DAY_CHOICE.lastDay:
      return ['L', '?']
    case DAY_CHOICE.lastWeekday:
      return ['LW', '?']
    case DAY_CHOICE.lastGivenWeekday:
      return ['?', `${day.cronLastSpecificDomDay}L`]
    case DAY_CHOICE.daysBeforeEnd:
      return [`L-${day.cronDaysBeforeEomMinus}`, '?']
    case DAY_CHOICE.nearestWeekday:
      return [`${day.cronDaysNearestWeekday}W`, '?']
    case DAY_CHOICE.nthWeekday:
      return ['?', `${week.cronNthDayDay}#${week.cronNthDayNth}`]
    case DAY_CHOICE.dayRange:
      return [`${day.rangeStart}-${day.rangeEnd}`, '?']
    case DAY_CHOICE.weekdayRange:
      return ['?', `${list([week.rangeStart], weekNames)}-${list([week.rangeEnd], weekNames)}`]
    default:
      return ['*', '?']
  }
}

/** PLAT-CRON-08: the seven-field expression of the tabs. */
export function buildCron(state: CronState): string {
  const [dayOfMonth, dayOfWeek] = buildDays(state)
  const monthNames = state.names.month ? MONTH_NAMES : undefined
  return [
    buildUnit(state.second),
    buildUnit(state.minute),
    buildUnit(state.hour),
    dayOfMonth,
    buildUnit(state.month, monthNames),
    dayOfWeek,
    buildUnit(state.year),
  ].join(' ')
}

class ParseError extends Error {
  constructor(readonly problem: CronProblem) {
    super(problem.key)
  }
}

type FieldName = PlainUnit | 'day' | 'week'

/** A number (or name) of a field, checked against the field's bound. */
function value(text: string, field: FieldName, bound: Bound, names?: readonly string[]): number {
  const byName = names?.indexOf(text.toUpperCase()) ?? -1
  const number = byName >= 0 ? byName + 1 : /^\d+$/.test(text) ? Number(text) : NaN
  if (Number.isNaN(number)) throw new ParseError({ key: 'cron.problem.unreadable', params: { field, text } })
  const [min, max] = bound
  if (number < min || number > max)
    throw new ParseError({ key: 'cron.problem.outOfRange', params: { field, text, min, max } })
  return number
}

const usesNames = (text: string) => /[A-Z]{3}/i.test(text)

/** Seconds, minutes, hours, months, years: `*`, `a/b`, `a-b`, `a,b,c`. */
function parseUnit(text: string, unit: PlainUnit, into: UnitState, names?: readonly string[]): void {
  const bounds = CRON_BOUNDS[unit]
  if (text === '*') {
    into.cronEvery = UNIT_CHOICE.every
  } else if (text.includes('/')) {
    const [start = '', step = ''] = text.split('/')
    into.cronEvery = UNIT_CHOICE.increment
    into.incrementStart = start === '*' ? bounds.start[0] : value(start, unit, bounds.start, names)
    into.incrementIncrement = value(step, unit, bounds.step)
  } else if (/^\w+-\w+$/.test(text)) {
    const [start = '', end = ''] = text.split('-')
    into.cronEvery = UNIT_CHOICE.range
    into.rangeStart = value(start, unit, bounds.value, names)
    into.rangeEnd = value(end, unit, bounds.value, names)
  } else if (/^\w+(,\w+)*$/.test(text)) {
    into.cronEvery = UNIT_CHOICE.specific
    into.specificSpecific = text.split(',').map((part) => value(part, unit, bounds.value, names))
  } else {
    throw new ParseError({ key: 'cron.problem.notInTabs', params: { field: unit, text } })
  }
}

/** The days tab from the day-of-month and day-of-week fields; one of them must be `?`. */
function parseDays(dayText: string, weekText: string, state: CronState): void {
  const { day, week } = state
  const dayB = CRON_BOUNDS.day
  const weekB = CRON_BOUNDS.week
  const weekday = (text: string) => value(text, 'week', weekB.value, WEEKDAY_NAMES)
  let match: RegExpMatchArray | null
  if (dayText === '?' && weekText === '?') throw new ParseError({ key: 'cron.problem.bothBlank' })
  if (dayText !== '?' && weekText !== '?') throw new ParseError({ key: 'cron.problem.noBlankDay' })
  if (dayText === '?') {
    state.names.week = usesNames(weekText)
    if (weekText === '*') day.cronEvery = DAY_CHOICE.every
    else if ((match = weekText.match(/^(\w+)\/(\d+)$/))) {
      day.cronEvery = DAY_CHOICE.weekdayIncrement
      week.incrementStart = weekday(match[1] ?? '')
      week.incrementIncrement = value(match[2] ?? '', 'week', weekB.step)
    } else if ((match = weekText.match(/^(\w+)L$/))) {
      day.cronEvery = DAY_CHOICE.lastGivenWeekday
      day.cronLastSpecificDomDay = weekday(match[1] ?? '')
    } else if ((match = weekText.match(/^(\w+)#(\d+)$/))) {
      day.cronEvery = DAY_CHOICE.nthWeekday
      week.cronNthDayDay = weekday(match[1] ?? '')
      week.cronNthDayNth = value(match[2] ?? '', 'week', CRON_BOUNDS.nth)
    } else if ((match = weekText.match(/^(\w+)-(\w+)$/))) {
      day.cronEvery = DAY_CHOICE.weekdayRange
      week.rangeStart = weekday(match[1] ?? '')
      week.rangeEnd = weekday(match[2] ?? '')
    } else if (/^\w+(,\w+)*$/.test(weekText)) {
      day.cronEvery = DAY_CHOICE.specificWeekdays
      week.specificSpecific = weekText.split(',').map(weekday)
    } else throw new ParseError({ key: 'cron.problem.notInTabs', params: { field: 'week', text: weekText } })
    return
  }
  if (dayText === '*') day.cronEvery = DAY_CHOICE.every
  else if (dayText === 'L') day.cronEvery = DAY_CHOICE.lastDay
  else if (dayText === 'LW') day.cronEvery = DAY_CHOICE.lastWeekday
  else if ((match = dayText.match(/^L-(\d+)$/))) {
    day.cronEvery = DAY_CHOICE.daysBeforeEnd
    day.cronDaysBeforeEomMinus = value(match[1] ?? '', 'day', CRON_BOUNDS.daysBeforeEnd)
  } else if ((match = dayText.match(/^(\d+)W$/))) {
    day.cronEvery = DAY_CHOICE.nearestWeekday
    day.cronDaysNearestWeekday = value(match[1] ?? '', 'day', dayB.value)
  } else if ((match = dayText.match(/^(\d+|\*)\/(\d+)$/))) {
    day.cronEvery = DAY_CHOICE.dayIncrement
    day.incrementStart = match[1] === '*' ? dayB.start[0] : value(match[1] ?? '', 'day', dayB.start)
    day.incrementIncrement = value(match[2] ?? '', 'day', dayB.step)
  } else if ((match = dayText.match(/^(\d+)-(\d+)$/))) {
    day.cronEvery = DAY_CHOICE.dayRange
    day.rangeStart = value(match[1] ?? '', 'day', dayB.value)
    day.rangeEnd = value(match[2] ?? '', 'day', dayB.value)
  } else if (/^\d+(,\d+)*$/.test(dayText)) {
    day.cronEvery = DAY_CHOICE.specificDays
    day.specificSpecific = dayText.split(',').map((part) => value(part, 'day', dayB.value))
  } else throw new ParseError({ key: 'cron.problem.notInTabs', params: { field: 'day', text: dayText } })
}

/**
 * PLAT-CRON-06: an expression back into the tabs (6 fields: the year is every year). Values not chosen keep
 * their defaults, so switching an option shows sensible numbers.
 * @example parseCron('0 0/5 * * * ? *') // minute: { cronEvery: 2, incrementStart: 0, incrementIncrement: 5 }
 */
export function parseCron(expression: string): ParseResult {
  const fields = expression.trim().split(/\s+/).filter(Boolean)
  if (fields.length === 6) fields.push('*')
  if (fields.length !== 7)
    return { ok: false, problem: { key: 'cron.problem.fieldCount', params: { count: fields.length } } }
  const [second, minute, hour, dayOfMonth, month, dayOfWeek, year] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  const state = defaultCronState()
  try {
    parseUnit(second, 'second', state.second)
    parseUnit(minute, 'minute', state.minute)
    parseUnit(hour, 'hour', state.hour)
    parseDays(dayOfMonth, dayOfWeek, state)
    state.names.month = usesNames(month)
    parseUnit(month, 'month', state.month, MONTH_NAMES)
    parseUnit(year, 'year', state.year)
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, problem: error.problem }
    throw error
  }
  return { ok: true, state }
}
