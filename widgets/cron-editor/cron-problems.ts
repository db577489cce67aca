/** What keeps OK disabled: empty lists in the tabs, and what Quartz refuses in the expression (the save's rules). */
import { quartzErrors } from './cron-reading'
import { DAY_CHOICE, UNIT_CHOICE, type CronProblem, type CronState, type PlainUnit } from './quartz'

const PLAIN_UNITS: PlainUnit[] = ['second', 'minute', 'hour', 'month', 'year']

export function stateProblems(state: CronState): CronProblem[] {
  const problems: CronProblem[] = []
  for (const unit of PLAIN_UNITS) {
    const { cronEvery, specificSpecific } = state[unit]
    if (cronEvery === UNIT_CHOICE.specific && !specificSpecific.length)
      problems.push({ key: 'cron.problem.emptySpecific', params: { tab: unit } })
  }
  const { day, week } = state
  if (
    (day.cronEvery === DAY_CHOICE.specificDays && !day.specificSpecific.length) ||
    (day.cronEvery === DAY_CHOICE.specificWeekdays && !week.specificSpecific.length)
  )
    problems.push({ key: 'cron.problem.emptySpecific', params: { tab: 'day' } })
  return problems
}

/** Problems of the state, else Quartz's verdict on the expression (the shared module's message, in English). */
export function expressionProblems(state: CronState, expression: string): CronProblem[] {
  const own = stateProblems(state)
  if (own.length) return own
  const errors = quartzErrors(expression)
  return errors.length ? [{ key: 'cron.reading.invalid', params: { errors: errors.join('; ') } }] : []
}
