/**
 * The cron modal (PLAT-CRON): tabs for seconds, minutes, hours, days, months and years; an existing expression
 * opens in the tabs (else the defaults, with the reason shown); OK emits the seven-field Quartz expression and
 * closes. Below the tabs: the expression, its meaning and its next runs.
 */
import { Alert, Modal, Tabs } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { expressionProblems } from './cron-problems'
import { CronReading, problemText } from './CronReading'
import { DaysPanel } from './DaysPanel'
import {
  buildCron,
  defaultCronState,
  parseCron,
  type CronProblem,
  type CronState,
  type PlainUnit,
} from './quartz'
import { UnitPanel } from './UnitPanel'
import { useCronTexts } from './use-cron-texts'

export interface CronEditorProps {
  open: boolean
  /** The expression to open (6 or 7 fields); empty opens the defaults. */
  value?: string
  onOk(expression: string): void
  onCancel(): void
  /** The tab shown first (seconds unless given). */
  defaultTab?: PlainUnit | 'day'
}

function opened(value: string | undefined): { state: CronState; problem?: CronProblem } {
  if (!value?.trim()) return { state: defaultCronState() }
  const result = parseCron(value)
  return result.ok ? { state: result.state } : { state: defaultCronState(), problem: result.problem }
}

export function CronEditor({ open, value, onOk, onCancel, defaultTab }: CronEditorProps) {
  const { t } = useCronTexts()
  const [{ state, problem }, setOpened] = useState(() => opened(value))
  const [current, setCurrent] = useState<CronState>(state)
  // Each opening reads the value afresh (PLAT-CRON-06).
  useEffect(() => {
    if (!open) return
    const next = opened(value)
    setOpened(next)
    setCurrent(next.state)
  }, [open, value])
  const expression = useMemo(() => buildCron(current), [current])
  const problems = useMemo(() => expressionProblems(current, expression), [current, expression])
  const unitTab = (unit: PlainUnit) => ({
    key: unit,
    label: t(`cron.tab.${unit}`),
    children: (
      <UnitPanel
        unit={unit}
        state={current[unit]}
        onChange={(next) => setCurrent({ ...current, [unit]: next })}
      />
    ),
  })
  const daysTab = {
    key: 'day',
    label: t('cron.tab.day'),
    children: (
      <DaysPanel
        day={current.day}
        week={current.week}
        onChange={(day, week) => setCurrent({ ...current, day, week })}
      />
    ),
  }
  return (
    <Modal
      open={open}
      title={t('cron.title')}
      width={760}
      okText={t('cron.ok')}
      cancelText={t('cron.cancel')}
      okButtonProps={{ disabled: problems.length > 0 }}
      onOk={() => onOk(expression)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {problem && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('cron.problem.opened', { expression: value ?? '', reason: problemText(t, problem) })}
        />
      )}
      <Tabs
        defaultActiveKey={defaultTab}
        items={[
          unitTab('second'),
          unitTab('minute'),
          unitTab('hour'),
          daysTab,
          unitTab('month'),
          unitTab('year'),
        ]}
      />
      <CronReading expression={expression} problems={problems} />
    </Modal>
  )
}
