import { Alert, Card, Empty, Skeleton, Statistic } from 'antd'
import { lazy, Suspense, useMemo } from 'react'
import {
  formatNumber,
  useLookup,
  usePageContext,
  useRegistry,
  type DashboardCardSpec,
} from '../../renderer/index'
import { useAggregate } from './use-aggregate'

const EChart = lazy(() => import('./EChart'))

/** One card: a figure, a chart of groups, or a registered widget. */
export function DashboardCard({ card, params }: { card: DashboardCardSpec; params: Record<string, string> }) {
  const { t } = usePageContext()
  return (
    <Card
      title={t(card.title)}
      size="small"
      styles={{ body: { minHeight: card.type === 'figure' ? 64 : 260 } }}
    >
      {card.type === 'widget' ? <WidgetBody card={card} /> : <DataBody card={card} params={params} />}
    </Card>
  )
}

function WidgetBody({ card }: { card: DashboardCardSpec }) {
  const registry = useRegistry()
  const Widget = registry.get(card.widget ?? '').component
  return <Widget {...card.props} />
}

function DataBody({ card, params }: { card: DashboardCardSpec; params: Record<string, string> }) {
  const { t } = usePageContext()
  const state = useAggregate(card, params)
  const { values } = useLookup(card.lookupCode)
  const data = useMemo(() => {
    if (state.status !== 'ready') return []
    const meaning = new Map(values.map((v) => [v.value, v.meaning]))
    return state.rows.map((row) => ({
      name: row.key === null ? '—' : (meaning.get(String(row.key)) ?? String(row.key)),
      value: row.value,
    }))
  }, [state, values])
  if (state.status === 'loading') return <Skeleton active paragraph={{ rows: 2 }} />
  if (state.status === 'failed')
    return (
      <Alert type="error" showIcon message={t('common.dashboard.loadFailed', { message: state.message })} />
    )
  if (card.type === 'figure') {
    const value = data[0]?.value ?? 0
    return <Statistic value={formatNumber(value, card.precision ?? 0)} aria-label={t(card.title)} />
  }
  if (!data.length) return <Empty description={t('common.dashboard.empty')} />
  return (
    <Suspense fallback={<Skeleton active />}>
      <EChart kind={card.chart ?? 'bar'} data={data} label={t(card.title)} />
    </Suspense>
  )
}
