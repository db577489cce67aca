/**
 * The days tab: day-of-month and day-of-week options in one list (DAY_CHOICE 1…13); the other field of the
 * pair is written as `?`. Values are kept while switching options; editing a value chooses its option.
 */
import { Checkbox, Radio, Select, Space } from 'antd'
import type { ReactNode } from 'react'
import { NumberBox } from './NumberBox'
import { CRON_BOUNDS, DAY_CHOICE, type DayState, type WeekState } from './quartz'
import { Sentence } from './Sentence'
import { useCronTexts } from './use-cron-texts'

export interface DaysPanelProps {
  day: DayState
  week: WeekState
  onChange(day: DayState, week: WeekState): void
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7]
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1)

export function DaysPanel({ day, week, onChange }: DaysPanelProps) {
  const { t } = useCronTexts()
  const choose = (cronEvery: number, dayPatch: Partial<DayState> = {}, weekPatch: Partial<WeekState> = {}) =>
    onChange({ ...day, ...dayPatch, cronEvery }, { ...week, ...weekPatch })
  const weekdayOptions = WEEKDAYS.map((value) => ({ value, label: t(`cron.weekday.${value}`) }))
  // Accessible names: the option's sentence with its blanks named, then the blank, e.g. "The last Day of week
  // of the month: Day of week".
  const blanks = {
    start: t('cron.input.start'),
    end: t('cron.input.rangeEnd'),
    step: t('cron.input.step'),
    weekday: t('cron.input.weekday'),
    n: t('cron.input.days'),
    day: t('cron.input.dayOfMonth'),
    nth: t('cron.input.nth'),
  }
  const aria = (option: string, blank: keyof typeof blanks) => `${t(option, blanks)}: ${blanks[blank]}`
  const weekdaySelect = (aria: string, value: number, onPick: (value: number) => void) => (
    <Select
      size="small"
      aria-label={aria}
      style={{ width: 110, marginInline: 4 }}
      options={weekdayOptions}
      value={value}
      onChange={onPick}
    />
  )
  const number = (
    aria: string,
    value: number,
    bound: readonly [number, number],
    onPick: (value: number) => void,
  ) => <NumberBox label={aria} value={value} bound={bound} onChange={onPick} />
  const b = CRON_BOUNDS
  const option = (choice: number, content: ReactNode) => (
    <Radio key={choice} value={choice}>
      {content}
    </Radio>
  )
  return (
    <Radio.Group value={day.cronEvery} onChange={(event) => choose(Number(event.target.value))}>
      <Space direction="vertical">
        {option(DAY_CHOICE.every, t('cron.day.every'))}
        {option(
          DAY_CHOICE.weekdayIncrement,
          <Sentence
            template={t('cron.day.weekdayIncrement')}
            parts={{
              start: weekdaySelect(
                aria('cron.day.weekdayIncrement', 'weekday'),
                week.incrementStart,
                (incrementStart) => choose(DAY_CHOICE.weekdayIncrement, {}, { incrementStart }),
              ),
              step: number(
                aria('cron.day.weekdayIncrement', 'step'),
                week.incrementIncrement,
                b.week.step,
                (incrementIncrement) => choose(DAY_CHOICE.weekdayIncrement, {}, { incrementIncrement }),
              ),
            }}
          />,
        )}
        {option(
          DAY_CHOICE.dayIncrement,
          <Sentence
            template={t('cron.day.dayIncrement')}
            parts={{
              start: number(
                aria('cron.day.dayIncrement', 'start'),
                day.incrementStart,
                b.day.start,
                (incrementStart) => choose(DAY_CHOICE.dayIncrement, { incrementStart }),
              ),
              step: number(
                aria('cron.day.dayIncrement', 'step'),
                day.incrementIncrement,
                b.day.step,
                (incrementIncrement) => choose(DAY_CHOICE.dayIncrement, { incrementIncrement }),
              ),
            }}
          />,
        )}
        {option(DAY_CHOICE.specificWeekdays, t('cron.day.specificWeekdays'))}
        <Checkbox.Group
          aria-label={t('cron.day.specificWeekdays')}
          style={{ marginInlineStart: 24 }}
          options={weekdayOptions}
          value={week.specificSpecific}
          onChange={(values) =>
            choose(
              DAY_CHOICE.specificWeekdays,
              {},
              { specificSpecific: values.map(Number).sort((x, y) => x - y) },
            )
          }
        />
        {option(DAY_CHOICE.specificDays, t('cron.day.specificDays'))}
        <Checkbox.Group
          aria-label={t('cron.day.specificDays')}
          style={{ marginInlineStart: 24, maxWidth: 560 }}
          options={DAYS.map((value) => ({ value, label: String(value).padStart(2, '0') }))}
          value={day.specificSpecific}
          onChange={(values) =>
            choose(DAY_CHOICE.specificDays, { specificSpecific: values.map(Number).sort((x, y) => x - y) })
          }
        />
        {option(DAY_CHOICE.lastDay, t('cron.day.lastDay'))}
        {option(DAY_CHOICE.lastWeekday, t('cron.day.lastWeekday'))}
        {option(
          DAY_CHOICE.lastGivenWeekday,
          <Sentence
            template={t('cron.day.lastGivenWeekday')}
            parts={{
              weekday: weekdaySelect(
                aria('cron.day.lastGivenWeekday', 'weekday'),
                day.cronLastSpecificDomDay,
                (value) => choose(DAY_CHOICE.lastGivenWeekday, { cronLastSpecificDomDay: value }),
              ),
            }}
          />,
        )}
        {option(
          DAY_CHOICE.daysBeforeEnd,
          <Sentence
            template={t('cron.day.daysBeforeEnd')}
            parts={{
              n: number(
                aria('cron.day.daysBeforeEnd', 'n'),
                day.cronDaysBeforeEomMinus,
                b.daysBeforeEnd,
                (value) => choose(DAY_CHOICE.daysBeforeEnd, { cronDaysBeforeEomMinus: value }),
              ),
            }}
          />,
        )}
        {option(
          DAY_CHOICE.nearestWeekday,
          <Sentence
            template={t('cron.day.nearestWeekday')}
            parts={{
              day: number(
                aria('cron.day.nearestWeekday', 'day'),
                day.cronDaysNearestWeekday,
                b.day.value,
                (value) => choose(DAY_CHOICE.nearestWeekday, { cronDaysNearestWeekday: value }),
              ),
            }}
          />,
        )}
        {option(
          DAY_CHOICE.nthWeekday,
          <Sentence
            template={t('cron.day.nthWeekday')}
            parts={{
              nth: number(aria('cron.day.nthWeekday', 'nth'), week.cronNthDayNth, b.nth, (cronNthDayNth) =>
                choose(DAY_CHOICE.nthWeekday, {}, { cronNthDayNth }),
              ),
              weekday: weekdaySelect(
                aria('cron.day.nthWeekday', 'weekday'),
                week.cronNthDayDay,
                (cronNthDayDay) => choose(DAY_CHOICE.nthWeekday, {}, { cronNthDayDay }),
              ),
            }}
          />,
        )}
        {option(
          DAY_CHOICE.dayRange,
          <Sentence
            template={t('cron.day.dayRange')}
            parts={{
              start: number(aria('cron.day.dayRange', 'start'), day.rangeStart, b.day.value, (rangeStart) =>
                choose(DAY_CHOICE.dayRange, { rangeStart }),
              ),
              end: number(aria('cron.day.dayRange', 'end'), day.rangeEnd, b.day.value, (rangeEnd) =>
                choose(DAY_CHOICE.dayRange, { rangeEnd }),
              ),
            }}
          />,
        )}
        {option(
          DAY_CHOICE.weekdayRange,
          <Sentence
            template={t('cron.day.weekdayRange')}
            parts={{
              start: weekdaySelect(aria('cron.day.weekdayRange', 'start'), week.rangeStart, (rangeStart) =>
                choose(DAY_CHOICE.weekdayRange, {}, { rangeStart }),
              ),
              end: weekdaySelect(aria('cron.day.weekdayRange', 'end'), week.rangeEnd, (rangeEnd) =>
                choose(DAY_CHOICE.weekdayRange, {}, { rangeEnd }),
              ),
            }}
          />,
        )}
      </Space>
    </Radio.Group>
  )
}
