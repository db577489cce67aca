/**
 * /public/winv/stockQuery — the public stock query (no sign-in): type a goods code or barcode and see the
 * goods and the quantity available per warehouse, and apart from it what is in quarantine (QC: never available). Served by GET /api/wms/v1/pub/{tenantId}/stock-query
 * (server/modules/winv/routes-public.ts, under the public rate limit); the tenant is `?tenant=` (default 1).
 * Only non-sensitive fields come back: no owner, location, batch, price or document.
 */
import { Alert, Button, Card, Empty, Input, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

interface Found {
  goodsCode: string
  goodsName: string
  barcode: string | null
  specification: string | null
  uomCode: string
  available: number
  /** In quarantine (a QC area): on hand, never available. */
  inQc: number
  warehouses: Array<{ warehouseName: string; available: number; inQc: number }>
}

const TEXTS = {
  zh_CN: {
    title: '库存查询',
    hint: '输入物料编码或条码',
    search: '查询',
    required: '请输入物料编码或条码',
    warehouse: '仓库',
    available: '可用数量',
    total: '合计可用',
    inQc: '质检中（不可用）',
    none: '暂无可用库存',
  },
  en_US: {
    title: 'Stock query',
    hint: 'Goods code or barcode',
    search: 'Search',
    required: 'Enter a goods code or barcode',
    warehouse: 'Warehouse',
    available: 'Available',
    total: 'Available in total',
    inQc: 'In QC (not available)',
    none: 'None available',
  },
  zh_TW: {
    title: '庫存查詢',
    hint: '輸入物料編碼或條碼',
    search: '查詢',
    required: '請輸入物料編碼或條碼',
    warehouse: '倉庫',
    available: '可用數量',
    total: '合計可用',
    inQc: '質檢中（不可用）',
    none: '暫無可用庫存',
  },
}

export default function PublicStockQuery() {
  const { i18n } = useTranslation()
  const text =
    TEXTS[(i18n.language as keyof typeof TEXTS) in TEXTS ? (i18n.language as keyof typeof TEXTS) : 'zh_CN']
  const [code, setCode] = useState('')
  const [found, setFound] = useState<Found[]>()
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(false)

  const search = async () => {
    const value = code.trim()
    if (!value) {
      setError(text.required)
      return
    }
    const tenant = Number(new URLSearchParams(window.location.search).get('tenant') ?? 1) || 1
    setLoading(true)
    setError(undefined)
    try {
      const response = await fetch(
        `/api/wms/v1/pub/${tenant}/stock-query?code=${encodeURIComponent(value)}`,
        { headers: { accept: 'application/json' } },
      )
      const body = (await response.json().catch(() => ({}))) as Found[] & { message?: string }
      if (!response.ok) {
        setFound(undefined)
        setError(body.message ?? `${response.status} ${response.statusText}`)
      } else setFound(body)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setLoading(false)
    }
  }

  return (
    <div style={{ maxWidth: 720, margin: '48px auto', padding: 16 }}>
      <Typography.Title level={3}>{text.title}</Typography.Title>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          aria-label={text.hint}
          placeholder={text.hint}
          value={code}
          maxLength={60}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => void search()}
        />
        <Button type="primary" loading={loading} onClick={() => void search()}>
          {text.search}
        </Button>
      </Space.Compact>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {found?.map((goods) => (
        <Card
          key={goods.goodsCode}
          title={`${goods.goodsCode} ${goods.goodsName}`}
          extra={`${text.total}: ${goods.available} ${goods.uomCode}`}
          style={{ marginBottom: 16 }}
        >
          {goods.specification || goods.barcode ? (
            <Typography.Paragraph type="secondary">
              {[goods.specification, goods.barcode].filter(Boolean).join(' · ')}
            </Typography.Paragraph>
          ) : null}
          {goods.warehouses.length ? (
            <Table
              size="small"
              pagination={false}
              rowKey="warehouseName"
              dataSource={goods.warehouses}
              columns={[
                { title: text.warehouse, dataIndex: 'warehouseName' },
                { title: text.available, dataIndex: 'available', align: 'right' },
                { title: text.inQc, dataIndex: 'inQc', align: 'right' },
              ]}
            />
          ) : (
            <Empty description={text.none} />
          )}
        </Card>
      ))}
    </div>
  )
}
