import { Alert, Button, Card, Empty, Form, Input, Skeleton, Space, Table, Typography } from 'antd'
import { lazy, Suspense, useEffect, useState } from 'react'
import {
  fillPath,
  readPage,
  useRendererEnv,
  type DownloadResult,
  type Language,
  type PageWidgetProps,
} from '../../renderer/index'
import { saveFile } from '../shared/save-file'

const EChart = lazy(() => import('../dashboard-page/EChart'))

interface ReportParam {
  paramName: string
  paramLabel: string
  paramType: 'STRING' | 'NUMBER' | 'DATE'
  required: boolean
  defaultValue: string | null
}
interface ReportDefinition {
  reportCode: string
  reportName: string
  reportType: 'TABLE' | 'CHART' | 'TEMPLATE'
  chartType: 'bar' | 'line' | 'pie' | null
  categoryField: string | null
  valueField: string | null
  description: string | null
  params: ReportParam[]
}
interface ReportResult {
  columns: string[]
  rows: Array<Record<string, unknown>>
  truncated: boolean
  rendered: string | null
}

const WORDS: Record<string, [string, string, string]> = {
  run: ['查询', 'Run', '查詢'],
  export: ['导出 Excel', 'Export xlsx', '導出 Excel'],
  truncated: [
    '结果已截断到数据集的最大行数',
    "The result was cut at the data set's row limit",
    '結果已截斷到數據集的最大行數',
  ],
  empty: ['没有数据', 'No rows', '沒有數據'],
  unavailable: ['报表不可用', 'The report is not available', '報表不可用'],
  missing: ['没有这个报表', 'No report of this code', '沒有這個報表'],
}
const word = (language: Language, key: string) =>
  WORDS[key]?.[{ zh_CN: 0, en_US: 1, zh_TW: 2 }[language]] ?? key

/**
 * Runs a report (route {id}/{name} or {code}): its data set's parameters as a form, Run shows a table, a chart
 * or the filled template, Export downloads the rows as xlsx. Every run and export is a report request.
 */
export function ReportRunner({ params }: PageWidgetProps) {
  const env = useRendererEnv()
  const language = env.user.language
  const [report, setReport] = useState<ReportDefinition | undefined>()
  const [problem, setProblem] = useState<string | undefined>()
  const [result, setResult] = useState<ReportResult | undefined>()
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<Record<string, string>>()
  const path = (rest: string) => fillPath(`/v1/{tenantId}${rest}`, { user: env.user })

  useEffect(() => {
    // A missing report is an empty list answer (not a failed call): the page says so.
    const find = params.code
      ? env
          .request({
            method: 'GET',
            service: 'hrpt',
            path: path('/report-definitions'),
            params: { reportCode: params.code, size: 50 },
            silent: true,
          })
          .then(
            (body) =>
              readPage<{ reportId: number; reportCode: string }>(body, { page: 0, size: 50 }).rows.find(
                (r) => r.reportCode === params.code,
              )?.reportId,
          )
      : Promise.resolve(params.id)
    find
      .then((id) => {
        if (id === undefined) throw new Error(`${word(language, 'missing')}: ${params.code ?? ''}`)
        return env.request<ReportDefinition>({
          method: 'GET',
          service: 'hrpt',
          path: path(`/reports/by-id/${encodeURIComponent(String(id))}/definition`),
          silent: true,
        })
      })
      .then(
        (loaded) => {
          setReport(loaded)
          env.setTitle?.(loaded.reportName)
          form.setFieldsValue(
            Object.fromEntries(loaded.params.map((p) => [p.paramName, p.defaultValue ?? ''])),
          )
        },
        (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per report
  }, [env, params.code, params.id])

  const values = async () => form.validateFields()
  const run = async () => {
    if (!report) return
    const given = await values()
    setBusy(true)
    try {
      setResult(
        await env.request<ReportResult>({
          method: 'POST',
          service: 'hrpt',
          path: path(`/reports/${encodeURIComponent(report.reportCode)}/run`),
          data: { params: given },
        }),
      )
    } catch {
      // shown by env.request
    } finally {
      setBusy(false)
    }
  }
  const exportXlsx = async () => {
    if (!report) return
    const given = await values()
    const file = await env
      .request<DownloadResult>({
        method: 'POST',
        service: 'hrpt',
        path: path(`/reports/${encodeURIComponent(report.reportCode)}/export`),
        data: { params: given },
        responseType: 'download',
      })
      .catch(() => undefined)
    if (file?.kind === 'file') saveFile(file.blob, file.fileName)
  }

  if (problem)
    return <Alert type="error" showIcon message={word(language, 'unavailable')} description={problem} />
  if (!report) return <Skeleton active />
  const chartData =
    result && report.categoryField && report.valueField
      ? result.rows.map((row) => ({
          name: String(row[report.categoryField!] ?? ''),
          value: Number(row[report.valueField!] ?? 0),
        }))
      : []
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={`${report.reportName} (${report.reportCode})`}>
        {report.description && (
          <Typography.Paragraph type="secondary">{report.description}</Typography.Paragraph>
        )}
        <Form form={form} layout="inline" onFinish={() => void run()}>
          {report.params.map((p) => (
            <Form.Item
              key={p.paramName}
              name={p.paramName}
              label={p.paramLabel}
              rules={p.required ? [{ required: true, whitespace: true }] : []}
            >
              <Input
                type={p.paramType === 'DATE' ? 'date' : p.paramType === 'NUMBER' ? 'number' : 'text'}
                style={{ width: 180 }}
              />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {word(language, 'run')}
            </Button>
            <Button onClick={() => void exportXlsx()}>{word(language, 'export')}</Button>
          </Space>
        </Form>
      </Card>
      {result && (
        <Card>
          {result.truncated && (
            <Alert type="warning" message={word(language, 'truncated')} style={{ marginBottom: 12 }} />
          )}
          {report.reportType === 'TEMPLATE' && (
            <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
              {result.rendered || word(language, 'empty')}
            </pre>
          )}
          {report.reportType === 'CHART' &&
            (chartData.length ? (
              <Suspense fallback={<Skeleton active />}>
                <EChart
                  kind={report.chartType ?? 'bar'}
                  data={chartData}
                  label={report.reportName}
                  height={360}
                />
              </Suspense>
            ) : (
              <Empty description={word(language, 'empty')} />
            ))}
          {report.reportType !== 'TEMPLATE' && (
            <Table
              size="small"
              rowKey={(_row, index) => String(index)}
              dataSource={result.rows}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              columns={result.columns.map((column) => ({
                key: column,
                title: column,
                dataIndex: column,
                render: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
              }))}
            />
          )}
        </Card>
      )}
    </Space>
  )
}

export default ReportRunner
