/** The tab of seconds, minutes, hours, months or years: every / every N from / specific values / range. */
import { Checkbox, Radio, Select, Space } from 'antd'
import { NumberBox } from './NumberBox'
import { CRON_BOUNDS, UNIT_CHOICE, type PlainUnit, type UnitState } from './quartz'
import { Sentence } from './Sentence'
import { useCronTexts } from './use-cron-texts'

export interface UnitPanelProps {
  unit: PlainUnit
  state: UnitState
  onChange(next: UnitState): void
}

const valuesOf = ([min, max]: readonly [number, number]) =>
  Array.from({ length: max - min + 1 }, (_, index) => min + index)

export function UnitPanel({ unit, state, onChange }: UnitPanelProps) {
  const { t } = useCronTexts()
  const bounds = CRON_BOUNDS[unit]
  const unitName = t(`cron.unitName.${unit}`)
  const tab = t(`cron.tab.${unit}`)
  // Editing the values of an option also chooses that option.
  const set = (cronEvery: number, patch: Partial<UnitState>) => onChange({ ...state, ...patch, cronEvery })
  const label = (key: string) => `${tab} ${t(key)}`
  const options = valuesOf(bounds.value).map((value) => ({
    value,
    label:
      unit === 'month' ? t(`cron.monthName.${value}`) : String(value).padStart(unit === 'year' ? 4 : 2, '0'),
  }))
  return (
    <Radio.Group value={state.cronEvery} onChange={(event) => set(Number(event.target.value), {})}>
      <Space direction="vertical">
        <Radio value={UNIT_CHOICE.every}>{t('cron.option.every', { unit: unitName })}</Radio>
        <Radio value={UNIT_CHOICE.increment}>
          <Sentence
            template={t('cron.option.increment', { unit: unitName })}
            parts={{
              start: (
                <NumberBox
                  label={label('cron.input.start')}
                  bound={bounds.start}
                  value={state.incrementStart}
                  onChange={(incrementStart) => set(UNIT_CHOICE.increment, { incrementStart })}
                />
              ),
              step: (
                <NumberBox
                  label={label('cron.input.step')}
                  bound={bounds.step}
                  value={state.incrementIncrement}
                  onChange={(incrementIncrement) => set(UNIT_CHOICE.increment, { incrementIncrement })}
                />
              ),
            }}
          />
        </Radio>
        <Radio value={UNIT_CHOICE.specific}>{t('cron.option.specific')}</Radio>
        {unit === 'year' ? (
          <Select
            mode="multiple"
            aria-label={label('cron.option.specific')}
            style={{ minWidth: 320, marginInlineStart: 24 }}
            options={options}
            value={state.specificSpecific}
            onChange={(values: number[]) =>
              set(UNIT_CHOICE.specific, { specificSpecific: [...values].sort((a, b) => a - b) })
            }
          />
        ) : (
          <Checkbox.Group
            aria-label={label('cron.option.specific')}
            style={{ marginInlineStart: 24, maxWidth: 560 }}
            options={options}
            value={state.specificSpecific}
            onChange={(values) =>
              set(UNIT_CHOICE.specific, { specificSpecific: values.map(Number).sort((a, b) => a - b) })
            }
          />
        )}
        <Radio value={UNIT_CHOICE.range}>
          <Sentence
            template={t('cron.option.range')}
            parts={{
              start: (
                <NumberBox
                  label={label('cron.input.rangeStart')}
                  bound={bounds.value}
                  value={state.rangeStart}
                  onChange={(rangeStart) => set(UNIT_CHOICE.range, { rangeStart })}
                />
              ),
              end: (
                <NumberBox
                  label={label('cron.input.rangeEnd')}
                  bound={bounds.value}
                  value={state.rangeEnd}
                  onChange={(rangeEnd) => set(UNIT_CHOICE.range, { rangeEnd })}
                />
              ),
            }}
          />
        </Radio>
      </Space>
    </Radio.Group>
  )
}
