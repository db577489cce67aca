import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Select, Space, Spin, Tag, Typography } from 'antd'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  ApiError,
  fillPath,
  loadPageSource,
  SchemaPage,
  useLookup,
  usePageContext,
  useRendererEnv,
  type PageSource,
  type PageWidgetProps,
} from '../../renderer/index'
import { PROVINCE_GRID, UNSERVED_COLOUR, WAREHOUSE_COLOURS } from './province-grid'

export interface AreaMapData {
  warehouses: Array<{ warehouseCode: string; warehouseName: string; province: string }>
  areas: Array<{ warehouseCode: string; province: string; shipperCode: string | null; promisedHours: number }>
}

const TILE = 56
const GAP = 4
const COLS = 10
const ROWS = 9
const AREA_LIST_ROUTE = '/ets/delivery-area'

/**
 * The delivery area map (/ets/shipping-area): a tile-grid map of China in SVG, each province coloured by the
 * warehouse serving it (several: the first one's colour and "+N"), details on hover or focus, a warehouse chosen
 * in the Select or the legend highlights its provinces. The delivery area list page is embedded below.
 */
export function DeliveryAreaMap({ params, search }: PageWidgetProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const provinces = useLookup('ETS.PROVINCE').values
  const [data, setData] = useState<{ map?: AreaMapData; error?: string; loading: boolean }>({ loading: true })
  const [selected, setSelected] = useState<string | undefined>()
  const [active, setActive] = useState<string | undefined>()
  const [list, setList] = useState<{ loaded?: PageSource; error?: string }>({})

  const load = useCallback(() => {
    setData((d) => ({ ...d, loading: true }))
    env
      .request<AreaMapData>({
        method: 'GET',
        service: 'ets',
        path: fillPath('/v1/{tenantId}/delivery-area-map', { user: env.user }),
        silent: true,
      })
      .then(
        (map) => setData({ map, loading: false }),
        (error: unknown) =>
          setData({ loading: false, error: error instanceof Error ? error.message : String(error) }),
      )
  }, [env])
  useEffect(load, [load])

  useEffect(() => {
    let live = true
    loadPageSource(env, AREA_LIST_ROUTE).then(
      (loaded) => live && setList({ loaded }),
      (error: unknown) =>
        live &&
        setList({
          error: error instanceof ApiError || error instanceof Error ? error.message : String(error),
        }),
    )
    return () => {
      live = false
    }
  }, [env])

  const provinceName = (code: string) => provinces.find((p) => p.value === code)?.meaning ?? code
  const warehouses = useMemo(() => {
    const map = data.map
    if (!map) return []
    const codes = [
      ...new Set([...map.warehouses.map((w) => w.warehouseCode), ...map.areas.map((a) => a.warehouseCode)]),
    ]
    return codes.map((code, i) => ({
      code,
      name: map.warehouses.find((w) => w.warehouseCode === code)?.warehouseName ?? code,
      colour: WAREHOUSE_COLOURS[i % WAREHOUSE_COLOURS.length] as string,
    }))
  }, [data.map])
  const warehouseOf = (code: string) => warehouses.find((w) => w.code === code)
  const areasOf = (province: string) => (data.map?.areas ?? []).filter((a) => a.province === province)
  const describe = (province: string) => {
    const areas = areasOf(province)
    if (!areas.length) return t('ets.areaMap.notServed')
    return areas
      .map((a) =>
        t('ets.areaMap.servedBy', {
          warehouse: warehouseOf(a.warehouseCode)?.name ?? a.warehouseCode,
          method: a.shipperCode ?? t('ets.areaMap.anyMethod'),
          hours: a.promisedHours,
        }),
      )
      .join('; ')
  }

  const mapCard = () => {
    if (data.error)
      return <Alert type="error" showIcon message={t('ets.areaMap.loadFailed', { message: data.error })} />
    if (!data.map) return <Spin />
    return (
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <svg
          role="group"
          aria-label={t('ets.areaMap.mapTitle')}
          viewBox={`0 0 ${COLS * (TILE + GAP)} ${ROWS * (TILE + GAP)}`}
          style={{ width: '100%', maxWidth: COLS * (TILE + GAP), flex: '1 1 420px' }}
        >
          {PROVINCE_GRID.map(({ code, col, row }) => {
            const areas = areasOf(code)
            const first = areas[0] && warehouseOf(areas[0].warehouseCode)
            const servedBySelected = !!selected && areas.some((a) => a.warehouseCode === selected)
            const dimmed = !!selected && !servedBySelected
            const x = col * (TILE + GAP)
            const y = row * (TILE + GAP)
            const name = provinceName(code)
            // a long name shows as its code on the tile; the tile's name then starts with that code (WCAG 2.5.3)
            const shown = name.length > 9 ? code : name
            const province = shown === name ? name : `${code} ${name}`
            return (
              <g
                key={code}
                tabIndex={0}
                role="button"
                data-province={code}
                data-warehouse={first?.code ?? ''}
                data-highlighted={servedBySelected ? 'true' : undefined}
                aria-label={t('ets.areaMap.tileLabel', { province, detail: describe(code) })}
                opacity={dimmed ? 0.3 : 1}
                onMouseEnter={() => setActive(code)}
                onFocus={() => setActive(code)}
                onClick={() => setActive(code)}
                style={{ cursor: 'pointer', outline: 'none' }}
              >
                <rect
                  x={x}
                  y={y}
                  width={TILE}
                  height={TILE}
                  rx={6}
                  fill={first?.colour ?? UNSERVED_COLOUR}
                  stroke={servedBySelected || active === code ? '#1d39c4' : '#d9d9d9'}
                  strokeWidth={servedBySelected || active === code ? 3 : 1}
                />
                <text
                  x={x + TILE / 2}
                  y={y + TILE / 2 + 4}
                  textAnchor="middle"
                  fontSize={name.length > 6 ? 9 : name.length > 3 ? 10 : 13}
                  fill="#262626"
                >
                  {shown}
                </text>
                {areas.length > 1 && (
                  <text x={x + TILE - 4} y={y + 12} textAnchor="end" fontSize={10} fill="#262626">
                    +{areas.length - 1}
                  </text>
                )}
              </g>
            )
          })}
        </svg>
        <div style={{ flex: '1 1 240px', minWidth: 240 }}>
          <Typography.Text strong>{t('ets.areaMap.legend')}</Typography.Text>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, margin: '8px 0 16px' }}>
            {warehouses.map((w) => (
              <Button
                key={w.code}
                size="small"
                type={selected === w.code ? 'primary' : 'text'}
                aria-pressed={selected === w.code}
                onClick={() => setSelected(selected === w.code ? undefined : w.code)}
                style={{ justifyContent: 'flex-start' }}
              >
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 14,
                    height: 14,
                    borderRadius: 3,
                    background: w.colour,
                  }}
                />
                {w.name}
              </Button>
            ))}
            <span>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 14,
                  height: 14,
                  borderRadius: 3,
                  background: UNSERVED_COLOUR,
                  border: '1px solid #d9d9d9',
                  marginRight: 8,
                  marginLeft: 7,
                }}
              />
              {t('ets.areaMap.unserved')}
            </span>
          </div>
          <div aria-live="polite" data-testid="ets-area-detail">
            {active ? (
              <Card size="small" title={provinceName(active)}>
                {areasOf(active).length ? (
                  areasOf(active).map((a) => (
                    <div key={`${a.warehouseCode}-${a.shipperCode ?? ''}`}>
                      <Tag color={warehouseOf(a.warehouseCode)?.colour}>
                        {warehouseOf(a.warehouseCode)?.name ?? a.warehouseCode}
                      </Tag>
                      {a.shipperCode ?? t('ets.areaMap.anyMethod')} · {a.promisedHours} h
                    </div>
                  ))
                ) : (
                  <Typography.Text type="secondary">{t('ets.areaMap.notServed')}</Typography.Text>
                )}
              </Card>
            ) : (
              <Typography.Text type="secondary">{t('ets.areaMap.hint')}</Typography.Text>
            )}
          </div>
        </div>
      </div>
    )
  }

  return (
    <div style={{ padding: 16 }}>
      <Card
        title={
          <Space wrap>
            <Select
              allowClear
              style={{ minWidth: 260 }}
              aria-label={t('ets.areaMap.warehouse')}
              placeholder={t('ets.areaMap.allWarehouses')}
              value={selected}
              onChange={(value: string | undefined) => setSelected(value)}
              options={warehouses.map((w) => ({ value: w.code, label: `${w.name} (${w.code})` }))}
            />
          </Space>
        }
        extra={
          <Button icon={<ReloadOutlined />} onClick={load} loading={data.loading && !!data.map}>
            {t('ets.areaMap.reload')}
          </Button>
        }
      >
        {mapCard()}
      </Card>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('ets.areaMap.areas')}
      </Typography.Title>
      {list.error ? (
        <Alert type="error" showIcon message={t('common.tabs.loadFailed', { message: list.error })} />
      ) : !list.loaded ? (
        <Spin />
      ) : list.loaded.parseError ? (
        <Alert
          type="error"
          showIcon
          message={`${list.loaded.file}: not valid JSON (${list.loaded.parseError})`}
        />
      ) : (
        <SchemaPage
          page={list.loaded.page}
          source={list.loaded.source}
          verdict={list.loaded.issues}
          file={list.loaded.file}
          params={params}
          search={search}
        />
      )}
    </div>
  )
}
