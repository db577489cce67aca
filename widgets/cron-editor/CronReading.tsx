/** The expression, its meaning in the user's language and its next runs (beyond the old platform). */
import { Alert, Descriptions, Typography } from 'antd'
import { useMemo } from 'react'
import { displayFormat, formatInZone, useRendererEnv, WIRE_DATETIME, zoneLabel } from '../../renderer/index'
import { describeCron, nextRuns } from './cron-reading'
import type { CronProblem } from './quartz'
import { useSchedulerZones } from './scheduler-zone'
import { useCronTexts } from './use-cron-texts'

export const NEXT_RUN_COUNT = 5

export interface CronReadingProps {
  expression: string
  problems: CronProblem[]
}

export function CronReading({ expression, problems }: CronReadingProps) {
  const { t, language } = useCronTexts()
  const { user } = useRendererEnv()
  const valid = problems.length === 0
  const meaning = useMemo(
    () => (valid ? describeCron(expression, language) : undefined),
    [expression, language, valid],
  )
  // Runs as the scheduler computes them in its zone, shown in the user's zone (users/self), both named.
  const zones = useSchedulerZones()
  const runs = useMemo(
    () => (valid && zones ? nextRuns(expression, NEXT_RUN_COUNT, zones.timeZone) : undefined),
    [expression, valid, zones],
  )
  const format = displayFormat(user.dateTimeFormat, WIRE_DATETIME)
  const userZone = user.timeZone
  return (
    <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }}>
      <Descriptions.Item label={t('cron.reading.expression')}>
        <Typography.Text code copyable data-testid="cron-expression">
          {expression}
        </Typography.Text>
      </Descriptions.Item>
      {valid ? (
        <>
          <Descriptions.Item label={t('cron.reading.meaning')}>
            <span data-testid="cron-meaning">{meaning ?? t('cron.reading.noMeaning')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('cron.reading.nextRuns')}>
            {runs === undefined ? (
              <Typography.Text type="warning" data-testid="cron-no-runs">
                {t('cron.reading.noNextRuns')}
              </Typography.Text>
            ) : runs.length === 0 ? (
              <span data-testid="cron-no-runs">{t('cron.reading.noRuns')}</span>
            ) : (
              <>
                <Typography.Text type="secondary" data-testid="cron-zone-note">
                  {t('cron.reading.zoneNote', {
                    scheduler: zoneLabel(zones?.timeZone ?? ''),
                    user: zoneLabel(userZone ?? zones?.timeZone ?? ''),
                  })}
                </Typography.Text>
                <ol data-testid="cron-next-runs" style={{ margin: 0, paddingInlineStart: 20 }}>
                  {runs.map((run) => (
                    <li key={run.getTime()}>{formatInZone(run, userZone ?? zones?.timeZone, format)}</li>
                  ))}
                </ol>
              </>
            )}
          </Descriptions.Item>
        </>
      ) : (
        <Descriptions.Item label={t('cron.reading.meaning')}>
          {problems.map((problem) => (
            <Alert key={problem.key} type="error" showIcon message={problemText(t, problem)} />
          ))}
        </Descriptions.Item>
      )}
    </Descriptions>
  )
}

/** A problem in the user's language; a field name in it is the tab's name. */
export function problemText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  problem: CronProblem,
) {
  const params = { ...problem.params }
  for (const name of ['field', 'tab'] as const) {
    const field = params[name]
    if (typeof field === 'string')
      params[name] = field === 'week' ? t('cron.field.week') : t(`cron.tab.${field}`)
  }
  return t(problem.key, params)
}
