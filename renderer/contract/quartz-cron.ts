/**
 * Quartz cron expressions (org.quartz.CronExpression 2.3) for the browser and the server alike: one parser,
 * one validator with messages that name the field, the wrong part and a fix, and the next fire times in a
 * named time zone. The cron editor offers only what `parseQuartzCron` accepts, the server refuses on save what
 * it refuses, and the scheduler fires when `nextFireTimes` says (server/README.md, "Cron and time zones").
 *
 * Fields: second minute hour day-of-month month day-of-week [year]. Exactly one of day-of-month and
 * day-of-week is `?`; `?` nowhere else. Day-of-week 1–7 = SUN–SAT. Ranges wrap (`FRI-MON`, `NOV-FEB`, `22-2`).
 * Day-of-month: `L`, `L-n` (n ≤ 30), `LW`, `L-nW`, `nW`; day-of-week: `L` (= 7, Saturday), `nL`, `n#k` (k 1–5).
 *
 * Where Quartz accepts input that it then reads in a surprising way, this module refuses it instead and says
 * why (each is a test row): an eighth field (Quartz ignores it), names longer than three letters (`JANUARY`:
 * Quartz reads `JAN`), `W`, `nL` or `n#k` inside a list (Quartz keeps only the first value), `L-n` in
 * day-of-week (Quartz reads `L`), a step of 0 or larger than the field (Quartz fires once), years outside
 * 1970–2099 (Quartz accepts and never fires, or fires in a year no one meant).
 *
 * Time zones: an IANA name (`Europe/Berlin`) or the platform's fixed offsets (`GMT+8`, `GMT-3:30`, `UTC`).
 * DST as Quartz resolves wall times with java.util.GregorianCalendar: a wall time that does not exist (the
 * spring-forward gap) is skipped; a wall time that exists twice (fall back) fires once, at its later instant.
 */

export type CronField = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year'

/** How the message names each field. */
export const CRON_FIELD_LABELS: Record<CronField, string> = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  dayOfMonth: 'day-of-month',
  month: 'month',
  dayOfWeek: 'day-of-week',
  year: 'year',
}

const FIELDS: CronField[] = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek', 'year']

export interface CronProblemDetail {
  /** The field at fault (absent when the whole expression is: its field count). */
  field?: CronField
  /** The wrong part as written. */
  part: string
  /** One sentence: what is wrong, in which field, and what to write instead. */
  message: string
}

/** Days of a month: a set, the last day (minus an offset, or its nearest weekday) or a day's nearest weekday. */
export type DayOfMonthRule =
  | { kind: 'days'; days: number[] }
  | { kind: 'last'; offset: number; weekday: boolean }
  | { kind: 'nearestWeekday'; day: number }

/** Days of the week (1 = SUN … 7 = SAT): a set, the last given weekday, or the k-th given weekday. */
export type DayOfWeekRule =
  | { kind: 'weekdays'; weekdays: number[] }
  | { kind: 'lastWeekday'; weekday: number }
  | { kind: 'nth'; weekday: number; nth: number }

export interface QuartzCron {
  expression: string
  seconds: number[]
  minutes: number[]
  hours: number[]
  months: number[]
  years: number[]
  /** Exactly one of the two is given (the other field is `?`). */
  dayOfMonth?: DayOfMonthRule
  dayOfWeek?: DayOfWeekRule
}

export type QuartzParse = { ok: true; cron: QuartzCron } | { ok: false; problem: CronProblemDetail }

export const MIN_YEAR = 1970
export const MAX_YEAR = 2099
export const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const
export const MONTH_NAMES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const

interface Bounds {
  min: number
  max: number
  /** Values per cycle, for ranges that wrap (`FRI-MON`); 0 = no wrap (years). */
  cycle: number
  names?: readonly string[]
  hint: string
}

const BOUNDS: Record<Exclude<CronField, never>, Bounds> = {
  second: { min: 0, max: 59, cycle: 60, hint: '0–59' },
  minute: { min: 0, max: 59, cycle: 60, hint: '0–59' },
  hour: { min: 0, max: 23, cycle: 24, hint: '0–23' },
  dayOfMonth: { min: 1, max: 31, cycle: 31, hint: '1–31' },
  month: { min: 1, max: 12, cycle: 12, names: MONTH_NAMES, hint: '1–12 or JAN–DEC' },
  dayOfWeek: { min: 1, max: 7, cycle: 7, names: WEEKDAY_NAMES, hint: '1–7 (1 = SUN) or SUN–SAT' },
  year: { min: MIN_YEAR, max: MAX_YEAR, cycle: 0, hint: `${MIN_YEAR}–${MAX_YEAR}` },
}

class Refused extends Error {
  constructor(readonly problem: CronProblemDetail) {
    super(problem.message)
  }
}

const refuse = (field: CronField | undefined, part: string, why: string): never => {
  const where = field ? `${CRON_FIELD_LABELS[field]}: ` : ''
  throw new Refused({ ...(field ? { field } : {}), part, message: `${where}${why}` })
}

/** A number or (month, weekday) name of a field, within its bounds. */
function valueOf(text: string, field: CronField): number {
  const b = BOUNDS[field]
  if (/^\d+$/.test(text)) {
    const n = Number(text)
    if (n < b.min || n > b.max)
      refuse(
        field,
        text,
        field === 'dayOfWeek' && (n === 0 || n === 8)
          ? `'${text}' is not a day of the week: Quartz numbers them 1 (SUN) to 7 (SAT); write ${n === 0 ? '1' : '1'} or SUN for Sunday.`
          : `'${text}' is outside ${b.hint}.`,
      )
    return n
  }
  const index = b.names?.indexOf(text) ?? -1
  if (index >= 0) return index + 1
  if (b.names && /^[A-Z]+$/.test(text))
    refuse(field, text, `'${text}' is not a name of this field: use ${b.names.join(', ')}.`)
  return refuse(field, text, `'${text}' is not a value of this field: use ${b.hint}.`)
}

/** Every value of `start-end/step` (a range that ends before it starts wraps around, as in Quartz). */
function expand(field: CronField, start: number, end: number, step: number): number[] {
  const b = BOUNDS[field]
  let stop = end
  if (stop < start) {
    if (!b.cycle) refuse(field, `${start}-${end}`, `the range ${start}-${end} ends before it starts.`)
    stop += b.cycle
  }
  const values: number[] = []
  for (let v = start; v <= stop; v += step) {
    const wrapped = b.cycle && v > b.max ? ((v - b.min) % b.cycle) + b.min : v
    values.push(wrapped)
  }
  return values
}

/** The largest step Quartz takes per field (its checkIncrementRange); years: their span. */
const MAX_STEP: Record<CronField, number> = {
  second: 59,
  minute: 59,
  hour: 23,
  dayOfMonth: 31,
  month: 12,
  dayOfWeek: 7,
  year: MAX_YEAR - MIN_YEAR,
}

function stepOf(text: string, field: CronField): number {
  if (!/^\d+$/.test(text)) refuse(field, `/${text}`, `'/' must be followed by a whole number, e.g. */5.`)
  const step = Number(text)
  if (step < 1 || step > MAX_STEP[field])
    refuse(field, `/${text}`, `the step ${text} is outside 1–${MAX_STEP[field]}.`)
  return step
}

/** One comma-separated item of a plain field: `*`, `*\/n`, `a`, `a-b`, `a/n`, `a-b/n`. */
function item(text: string, field: CronField): number[] {
  const b = BOUNDS[field]
  const [range = '', step, extra] = text.split('/')
  if (extra !== undefined) refuse(field, text, `'${text}' has two '/': write start/step, e.g. 0/15.`)
  if (step !== undefined && /[A-Z]/.test(range))
    refuse(
      field,
      text,
      `Quartz ignores a step after a name ('${text}' fires on every value of the range): write numbers, e.g. ${field === 'month' ? '1-12/3' : '2-6/2'}.`,
    )
  const by = step === undefined ? 1 : stepOf(step, field)
  if (range === '*') return expand(field, b.min, b.max, by)
  if (range === '')
    refuse(field, text, `'${text}' has nothing before '/': write */${step ?? 1} or 0/${step ?? 1}.`)
  const bounds = range.split('-')
  if (bounds.length > 2) refuse(field, text, `'${text}' is not a range: write start-end, e.g. 1-5.`)
  const start = valueOf(bounds[0] ?? '', field)
  if (bounds.length === 2) {
    if (/^\d+$/.test(bounds[0] ?? '') !== /^\d+$/.test(bounds[1] ?? ''))
      refuse(field, text, `'${text}' mixes a name and a number: write both ends as names or both as numbers.`)
    return expand(field, start, valueOf(bounds[1] ?? '', field), by)
  }
  return step === undefined ? [start] : expand(field, start, b.max, by)
}

const sorted = (values: number[]) => [...new Set(values)].sort((x, y) => x - y)

function plainField(text: string, field: CronField): number[] {
  if (text === '?')
    refuse(field, text, `'?' is allowed only in day-of-month or day-of-week: use '*' for every value.`)
  if (/[LW#]/.test(text) && field !== 'dayOfMonth' && field !== 'dayOfWeek' && !BOUNDS[field].names)
    refuse(field, text, `'L', 'W' and '#' belong to day-of-month and day-of-week only.`)
  return sorted(
    text.split(',').flatMap((part) => {
      if (part === '') refuse(field, text, `'${text}' has an empty item between commas.`)
      return item(part, field)
    }),
  )
}

function dayOfMonthRule(text: string): DayOfMonthRule {
  const field: CronField = 'dayOfMonth'
  let match: RegExpMatchArray | null
  if ((match = text.match(/^L(?:-(\d+))?(W?)$/))) {
    const offset = Number(match[1] ?? 0)
    if (offset > 30) refuse(field, text, `the offset from the last day must be 30 or less (L-30).`)
    return { kind: 'last', offset, weekday: match[2] === 'W' }
  }
  if ((match = text.match(/^(\d+)W$/))) {
    const day = Number(match[1])
    if (day < 1 || day > 31) refuse(field, text, `'${text}': the day before W must be 1–31, e.g. 15W.`)
    return { kind: 'nearestWeekday', day }
  }
  if (/[LW]/.test(text))
    refuse(
      field,
      text,
      text.includes(',')
        ? `'L' and 'W' cannot be combined with other days (Quartz reads only one): use L, L-n, LW, L-nW or nW alone.`
        : `'${text}' is not a day-of-month form: use L, L-2, LW, L-2W or 15W.`,
    )
  if (text.includes('#')) refuse(field, text, `'#' belongs to day-of-week (e.g. MON#2 in day-of-week).`)
  return { kind: 'days', days: plainField(text, field) }
}

function dayOfWeekRule(text: string): DayOfWeekRule {
  const field: CronField = 'dayOfWeek'
  let match: RegExpMatchArray | null
  if (text === 'L') return { kind: 'weekdays', weekdays: [7] }
  if ((match = text.match(/^([A-Z]+|\d+)L$/)))
    return { kind: 'lastWeekday', weekday: valueOf(match[1] ?? '', field) }
  if ((match = text.match(/^([A-Z]+|\d+)#(\d+)$/))) {
    const nth = Number(match[2])
    if (nth < 1 || nth > 5) refuse(field, text, `a number 1–5 must follow '#' (MON#1 … MON#5).`)
    return { kind: 'nth', weekday: valueOf(match[1] ?? '', field), nth }
  }
  if (/^L-/.test(text))
    refuse(field, text, `'L-n' belongs to day-of-month; in day-of-week use L (Saturday) or 6L (last Friday).`)
  if (/[L#]/.test(text))
    refuse(
      field,
      text,
      text.includes(',')
        ? `'L' and '#' cannot be combined with other weekdays (Quartz reads only one): use one of FRIL, FRI#3 alone.`
        : `'${text}' is not a day-of-week form: use 6L (last Friday) or 6#3 (third Friday).`,
    )
  if (/\dW/.test(text))
    refuse(field, text, `'W' belongs to day-of-month (e.g. 15W); '${text}' is not a day of the week.`)
  return { kind: 'weekdays', weekdays: plainField(text, field) }
}

/** The Quartz form of a five-field (Unix) cron, for the suggestion: `0 9 * * 1-5` → `0 0 9 ? * MON-FRI`. */
export function fromFiveFields(fields: string[]): string {
  const [minute = '*', hour = '*', dom = '*', month = '*', dow = '*'] = fields
  const unixDay = (n: string) => WEEKDAY_NAMES[Number(n) % 7] ?? n
  const week =
    dow === '*' || dow === '?'
      ? '?'
      : dow.replace(/(^|[,-])(\d+)/g, (_, sep: string, n: string) => sep + unixDay(n))
  const day = week === '?' ? (dom === '?' ? '*' : dom) : '?'
  return ['0', minute, hour, day, month, week].join(' ')
}

/**
 * Reads an expression with Quartz's rules. The result names the first problem found, or the parsed schedule.
 * @example parseQuartzCron('0 0 12 ? * FRI-MON').ok // true: Friday to Monday
 */
export function parseQuartzCron(input: string): QuartzParse {
  const expression = String(input).trim()
  const fields = expression
    .toUpperCase()
    .split(/[ \t]+/)
    .filter(Boolean)
  try {
    if (fields.length === 5)
      refuse(
        undefined,
        expression,
        `Quartz needs 6 or 7 fields (seconds first): did you mean \`${fromFiveFields(fields)}\`?`,
      )
    if (fields.length < 6 || fields.length > 7)
      refuse(
        undefined,
        expression,
        `Quartz needs 6 or 7 fields (seconds minutes hours day-of-month month day-of-week [year]), not ${fields.length}: e.g. \`0 0 2 * * ?\` for 02:00 every day.`,
      )
    const [second, minute, hour, dom, month, dow, year = '*'] = fields as string[]
    if (dom === '?' && dow === '?')
      refuse(
        'dayOfWeek',
        '?',
        `day-of-month and day-of-week are both '?': give one of them, e.g. \`${fields.slice(0, 3).join(' ')} * ${month} ?\`.`,
      )
    if (dom !== '?' && dow !== '?') {
      const head = fields.slice(0, 3).join(' ')
      refuse(
        'dayOfWeek',
        `${dom} ${dow}`,
        dom === '*' || dow === '*'
          ? `Quartz needs '?' in day-of-month or day-of-week: did you mean \`${head} ${dom === '*' ? '?' : dom} ${month} ${dom === '*' ? dow : '?'}\`?`
          : `day-of-month '${dom}' and day-of-week '${dow}' are both given; Quartz refuses that (it cannot mean "and" or "or"): write \`${head} ${dom} ${month} ?\` or \`${head} ? ${month} ${dow}\`.`,
      )
    }
    const cron: QuartzCron = {
      expression,
      seconds: plainField(second ?? '', 'second'),
      minutes: plainField(minute ?? '', 'minute'),
      hours: plainField(hour ?? '', 'hour'),
      months: plainField(month ?? '', 'month'),
      years: plainField(year, 'year'),
      ...(dom !== '?' ? { dayOfMonth: dayOfMonthRule(dom ?? '') } : {}),
      ...(dow !== '?' ? { dayOfWeek: dayOfWeekRule(dow ?? '') } : {}),
    }
    return { ok: true, cron }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem }
    throw error
  }
}

/** The message of what Quartz refuses in `expression`, or undefined when it is valid. */
export function quartzCronProblem(expression: string): CronProblemDetail | undefined {
  const parsed = parseQuartzCron(expression)
  return parsed.ok ? undefined : parsed.problem
}

export { FIELDS as CRON_FIELDS }

// ---------------------------------------------------------------------------------------------------------
// Time zones

export interface Zone {
  name: string
  /** Offset from UTC in milliseconds at an instant. */
  offsetAt(ms: number): number
}

const fixedOffset = (name: string): number | undefined => {
  if (name === 'UTC' || name === 'GMT') return 0
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(name)
  if (!match) return undefined
  const hours = Number(match[2])
  const minutes = Number(match[3] ?? 0)
  if (hours > 14 || minutes > 59) return undefined
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000
}

const zones = new Map<string, Zone>()

/** A zone by name (IANA or `GMT±h[:mm]`), or undefined when neither Intl nor the platform knows it. */
export function zoneOf(name: string): Zone | undefined {
  const known = zones.get(name)
  if (known) return known
  const fixed = fixedOffset(name)
  let zone: Zone
  if (fixed !== undefined) zone = { name, offsetAt: () => fixed }
  else {
    let format: Intl.DateTimeFormat
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
    } catch {
      return undefined
    }
    zone = {
      name,
      offsetAt(ms) {
        const at = Math.floor(ms / 1000) * 1000
        const part: Record<string, number> = {}
        for (const { type, value } of format.formatToParts(at)) part[type] = Number(value)
        const year = part.year ?? 1970
        const wall = Date.UTC(
          year,
          (part.month ?? 1) - 1,
          part.day ?? 1,
          part.hour ?? 0,
          part.minute ?? 0,
          part.second ?? 0,
        )
        // Date.UTC maps years 0–99 to 1900–1999; no fire time is that old.
        return wall - at
      },
    }
  }
  zones.set(name, zone)
  return zone
}

/** The zone of this process (the browser's or the server's), as Intl names it. */
export function localZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The wall clock of `zone` at an instant. */
export function wallTimeIn(ms: number, zone: Zone): WallTime {
  const d = new Date(ms + zone.offsetAt(ms))
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  }
}

/**
 * The instant of a wall time in `zone` as Quartz's calendar resolves it: undefined in a spring-forward gap,
 * the later instant when the wall time happens twice.
 */
export function instantOf(wall: WallTime, zone: Zone): number | undefined {
  const utc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  const day = 86_400_000
  const offsets = new Set([zone.offsetAt(utc - day), zone.offsetAt(utc), zone.offsetAt(utc + day)])
  let found: number | undefined
  for (const offset of offsets) {
    const at = utc - offset
    if (zone.offsetAt(at) === offset && (found === undefined || at > found)) found = at
  }
  return found
}

/** `GMT+08:00` of a zone at an instant. */
export function offsetLabel(ms: number, zone: Zone): string {
  const minutes = Math.round(zone.offsetAt(ms) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `GMT${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------------------
// Fire times

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
/** 1 = SUN … 7 = SAT, as Quartz numbers weekdays. */
const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1

/** The nearest weekday (Mon–Fri) to `day` within its month, as Quartz's `W` picks it. */
function nearestWeekday(year: number, month: number, day: number): number {
  const last = daysInMonth(year, month)
  const dow = weekdayOf(year, month, day)
  if (dow === 7) return day === 1 ? day + 2 : day - 1
  if (dow === 1) return day === last ? day - 2 : day + 1
  return day
}

/** The days of a month the expression fires on, ascending. */
function firingDays(cron: QuartzCron, year: number, month: number): number[] {
  const last = daysInMonth(year, month)
  const dom = cron.dayOfMonth
  const dow = cron.dayOfWeek
  if (dom?.kind === 'days') return dom.days.filter((d) => d <= last)
  if (dom?.kind === 'last') {
    const day = last - dom.offset
    if (day < 1) return []
    return [dom.weekday ? nearestWeekday(year, month, day) : day]
  }
  if (dom?.kind === 'nearestWeekday') return dom.day > last ? [] : [nearestWeekday(year, month, dom.day)]
  const firstDow = weekdayOf(year, month, 1)
  const dayOfWeekday = (weekday: number, nth: number) => 1 + ((weekday - firstDow + 7) % 7) + (nth - 1) * 7
  if (dow?.kind === 'lastWeekday') {
    let day = dayOfWeekday(dow.weekday, 1)
    while (day + 7 <= last) day += 7
    return [day]
  }
  if (dow?.kind === 'nth') {
    const day = dayOfWeekday(dow.weekday, dow.nth)
    return day <= last ? [day] : []
  }
  const weekdays = dow?.kind === 'weekdays' ? dow.weekdays : []
  const days: number[] = []
  for (let day = 1; day <= last; day++) if (weekdays.includes(weekdayOf(year, month, day))) days.push(day)
  return days
}

/** The first fire time strictly after `after` (ms), in `zone`, or undefined when there is none up to 2099. */
function nextAfter(cron: QuartzCron, after: number, zone: Zone): number | undefined {
  // Quartz: one second later, milliseconds dropped.
  const start = Math.floor((after + 1000) / 1000) * 1000
  const from = wallTimeIn(start, zone)
  for (const year of cron.years) {
    if (year < from.year) continue
    for (const month of cron.months) {
      if (year === from.year && month < from.month) continue
      for (const day of firingDays(cron, year, month)) {
        const today = year === from.year && month === from.month && day === from.day
        if (year === from.year && month === from.month && day < from.day) continue
        for (const hour of cron.hours) {
          if (today && hour < from.hour) continue
          const thisHour = today && hour === from.hour
          for (const minute of cron.minutes) {
            if (thisHour && minute < from.minute) continue
            const thisMinute = thisHour && minute === from.minute
            for (const second of cron.seconds) {
              if (thisMinute && second < from.second) continue
              const at = instantOf({ year, month, day, hour, minute, second }, zone)
              if (at !== undefined && at >= start) return at
            }
          }
        }
      }
    }
  }
  return undefined
}

/**
 * The next `count` fire times after `after`, computed in the named zone (fewer when the schedule ends).
 * Throws on an invalid expression or an unknown zone: validate first.
 * @example nextFireTimes('0 0 9 ? * MON-FRI', Date.UTC(2026, 0, 1), 3, 'Asia/Shanghai')
 */
export function nextFireTimes(
  expression: string | QuartzCron,
  after: number | Date,
  count: number,
  timeZone: string,
): Date[] {
  const cron = typeof expression === 'string' ? parsedOrThrow(expression) : expression
  const zone = zoneOf(timeZone)
  if (!zone)
    throw new Error(`Unknown time zone '${timeZone}': use an IANA name such as Asia/Shanghai, or GMT+8.`)
  const runs: Date[] = []
  let at = typeof after === 'number' ? after : after.getTime()
  while (runs.length < count) {
    const next = nextAfter(cron, at, zone)
    if (next === undefined) break
    runs.push(new Date(next))
    at = next
  }
  return runs
}

function parsedOrThrow(expression: string): QuartzCron {
  const parsed = parseQuartzCron(expression)
  if (!parsed.ok) throw new Error(parsed.problem.message)
  return parsed.cron
}
