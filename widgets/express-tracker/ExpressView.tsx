/**
 * The presentational parts of the express query, shared by the signed-in ExpressTracker widget and the public
 * /public/express page: the search box, the result cards with their timelines, the not-found list. They take
 * the texts and value-set labels as functions, so they need no renderer environment and no session.
 */
import { SearchOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Descriptions, Empty, Input, Space, Spin, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import type { TrackedShipment, TrackResult } from '../../renderer/index'

export type { TrackEvent, TrackedShipment, TrackResult } from '../../renderer/index'

export type Translate = (key: string, vars?: Record<string, string | number>) => string
/** Meaning of a value of ETS.CARRIER / ETS.SHIPMENT_STATUS / ETS.PROVINCE (the code when unknown). */
export type LabelOf = (lookupCode: string, value: string | null | undefined) => string

export const MAX_NUMBERS = 20

/** "SF1 SF2, SF3" → distinct numbers, as the server splits them. */
export function splitNumbers(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；]+/).filter(Boolean))]
}

/** A message for input the server would refuse before asking it, or undefined. */
export function checkNumbers(text: string, t: Translate): string | undefined {
  const numbers = splitNumbers(text)
  if (!numbers.length) return t('ets.express.required')
  if (numbers.length > MAX_NUMBERS) return t('ets.express.tooMany', { count: numbers.length })
  return undefined
}

const STATUS_COLOURS: Record<string, string> = {
  SHIPPED: 'blue',
  IN_TRANSIT: 'processing',
  DELIVERING: 'cyan',
  SIGNED: 'success',
  EXCEPTION: 'error',
  RETURNED: 'warning',
}

export type SearchState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'done'; result: TrackResult }

/** Search box + results; `onSearch` performs the call and resolves with the result or rejects with a message. */
export function ExpressSearch({
  initial,
  state,
  onSearch,
  t,
  labelOf,
}: {
  initial?: string
  state: SearchState
  onSearch: (text: string) => void
  t: Translate
  labelOf: LabelOf
}) {
  const [text, setText] = useState(initial ?? '')
  return (
    <div className="ets-express">
      <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
        <Input
          aria-label={t('ets.express.placeholder')}
          placeholder={t('ets.express.placeholder')}
          value={text}
          allowClear
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => onSearch(text)}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          loading={state.phase === 'loading'}
          onClick={() => onSearch(text)}
        >
          {t('ets.express.search')}
        </Button>
      </Space.Compact>
      <div style={{ marginTop: 16 }}>
        <ExpressResults state={state} t={t} labelOf={labelOf} />
      </div>
    </div>
  )
}

export function ExpressResults({
  state,
  t,
  labelOf,
}: {
  state: SearchState
  t: Translate
  labelOf: LabelOf
}) {
  if (state.phase === 'idle') return <Empty description={t('ets.express.empty')} />
  if (state.phase === 'loading') return <Spin />
  if (state.phase === 'error') return <Alert type="error" showIcon message={state.message} role="alert" />
  const { found, notFound } = state.result
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {notFound.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="ets-not-found"
          message={t('ets.express.notFound', { numbers: notFound.join(', ') })}
        />
      )}
      {!found.length && <Empty description={t('ets.express.noneFound')} />}
      {found.map((shipment) => (
        <ShipmentCard key={shipment.waybillNum} shipment={shipment} t={t} labelOf={labelOf} />
      ))}
    </Space>
  )
}

function ShipmentCard({
  shipment,
  t,
  labelOf,
}: {
  shipment: TrackedShipment
  t: Translate
  labelOf: LabelOf
}) {
  const region = [labelOf('ETS.PROVINCE', shipment.province), shipment.city].filter(Boolean).join(' ')
  const items = [
    {
      key: 'carrier',
      label: t('ets.express.carrier'),
      children: labelOf('ETS.CARRIER', shipment.carrierCode),
    },
    {
      key: 'status',
      label: t('ets.express.status'),
      children: (
        <Tag color={STATUS_COLOURS[shipment.shipmentStatus]} data-status={shipment.shipmentStatus}>
          {labelOf('ETS.SHIPMENT_STATUS', shipment.shipmentStatus)}
        </Tag>
      ),
    },
    { key: 'shippedAt', label: t('ets.express.shippedAt'), children: shipment.shippedAt },
    {
      key: 'signedAt',
      label: t('ets.express.signedAt'),
      children: shipment.signedAt ?? t('ets.express.notSigned'),
    },
    ...(shipment.orderNum !== undefined
      ? [{ key: 'orderNum', label: t('ets.express.orderNum'), children: shipment.orderNum ?? '' }]
      : []),
    ...(shipment.receiverName !== undefined
      ? [
          { key: 'receiver', label: t('ets.express.receiver'), children: shipment.receiverName },
          { key: 'region', label: t('ets.express.region'), children: region },
        ]
      : []),
  ]
  return (
    <Card
      size="small"
      data-waybill={shipment.waybillNum}
      title={
        <span>
          {t('ets.express.waybill')}: <Typography.Text copyable>{shipment.waybillNum}</Typography.Text>
        </span>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} items={items} />
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('ets.express.timeline')}
      </Typography.Title>
      {shipment.events.length ? (
        <Timeline
          items={shipment.events.map((event, i) => ({
            color: i === 0 ? (event.eventStatus === 'EXCEPTION' ? 'red' : 'green') : 'gray',
            children: (
              <div>
                <div>
                  <Typography.Text strong={i === 0}>{event.eventTime}</Typography.Text>{' '}
                  <Tag>{labelOf('ETS.SHIPMENT_STATUS', event.eventStatus)}</Tag>
                  {event.location && <Typography.Text type="secondary">{event.location}</Typography.Text>}
                </div>
                {event.description && <div>{event.description}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('ets.express.noEvents')}</Typography.Text>
      )}
    </Card>
  )
}
