import fc from 'fast-check'
import { expect, test } from 'vitest'
import { quartzErrors } from './cron-reading'
import {
  buildCron,
  CRON_BOUNDS,
  DAY_CHOICE,
  defaultCronState,
  parseCron,
  UNIT_CHOICE,
  type Bound,
  type CronState,
  type PlainUnit,
  type UnitState,
} from './quartz'

const within = ([min, max]: Bound) => fc.integer({ min, max })
const sortedSet = (bound: Bound) =>
  fc
    .uniqueArray(within(bound), { minLength: 1, maxLength: 6 })
    .map((values) => [...values].sort((a, b) => a - b))

/** Any state the tabs can hold for a unit: one option chosen, every value within the spec's bounds. */
const unit = (name: PlainUnit): fc.Arbitrary<UnitState> => {
  const b = CRON_BOUNDS[name]
  return fc
    .record({
      cronEvery: fc.constantFrom(...Object.values(UNIT_CHOICE)),
      incrementStart: within(b.start),
      incrementIncrement: within(b.step),
      range: fc.tuple(within(b.value), within(b.value)).map(([x, y]) => [Math.min(x, y), Math.max(x, y)]),
      specificSpecific: sortedSet(b.value),
    })
    .map(({ range, ...rest }) => ({ ...rest, rangeStart: range[0]!, rangeEnd: range[1]! }))
}

const state: fc.Arbitrary<CronState> = fc
  .record({
    second: unit('second'),
    minute: unit('minute'),
    hour: unit('hour'),
    month: unit('month'),
    year: unit('year'),
    dayChoice: fc.constantFrom(...Object.values(DAY_CHOICE)),
    days: fc.record({
      start: within(CRON_BOUNDS.day.start),
      step: within(CRON_BOUNDS.day.step),
      list: sortedSet(CRON_BOUNDS.day.value),
    }),
    weekdays: fc.record({
      start: within(CRON_BOUNDS.week.value),
      step: within(CRON_BOUNDS.week.step),
      list: sortedSet(CRON_BOUNDS.week.value),
    }),
    nth: within(CRON_BOUNDS.nth),
    beforeEnd: within(CRON_BOUNDS.daysBeforeEnd),
  })
  .map((s) => {
    const base = defaultCronState()
    return {
      ...base,
      second: s.second,
      minute: s.minute,
      hour: s.hour,
      month: s.month,
      year: s.year,
      day: {
        ...base.day,
        cronEvery: s.dayChoice,
        incrementStart: s.days.start,
        incrementIncrement: s.days.step,
        specificSpecific: s.days.list,
        cronLastSpecificDomDay: s.weekdays.start,
        cronDaysBeforeEomMinus: s.beforeEnd,
        cronDaysNearestWeekday: s.days.start,
      },
      week: {
        ...base.week,
        incrementStart: s.weekdays.start,
        incrementIncrement: s.weekdays.step,
        specificSpecific: s.weekdays.list,
        cronNthDayDay: s.weekdays.start,
        cronNthDayNth: s.nth,
      },
    }
  })

// PLAT-CRON-09: composing then parsing any valid state gives the same expression back (open → OK unchanged).
test('PLAT-CRON-09: build → parse → build is the identity on every state the tabs can hold', () => {
  fc.assert(
    fc.property(state, (tabs) => {
      const expression = buildCron(tabs)
      const reopened = parseCron(expression)
      expect(reopened.ok).toBe(true)
      if (reopened.ok) expect(buildCron(reopened.state)).toBe(expression)
    }),
    { numRuns: 300 },
  )
})

/**
 * The editor offers only what a save accepts: every expression the tabs can build (every option, every value
 * within CRON_BOUNDS) is accepted by the shared Quartz module the server checks saves with.
 */
test('every expression the tabs build is valid Quartz by the module the server saves with', () => {
  fc.assert(
    fc.property(state, (tabs) => {
      expect(quartzErrors(buildCron(tabs))).toEqual([])
    }),
    { numRuns: 500 },
  )
})
