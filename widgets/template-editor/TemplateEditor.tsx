import { Alert, Button, Card, Col, Input, Row, Select, Skeleton, Space, Tag, Typography } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useEffect, useRef, useState } from 'react'
import { fillPath, readPage, useRendererEnv, type PageWidgetProps } from '../../renderer/index'
import { useTexts } from '../shared/use-texts'

interface ReportTemplate {
  templateId: number
  objectVersionNumber: number
  templateCode: string
  templateName: string
  templateType: string
  content: string | null
}
interface DataSetRow {
  datasetCode: string
  datasetName: string
}

/** Fills ${column} placeholders from a row (the server does the same for TEMPLATE reports). */
export const fill = (content: string, row: Record<string, unknown>) =>
  content.replace(/\$\{(\w+)\}/g, (_w, name: string) =>
    row[name] === null || row[name] === undefined ? '' : String(row[name]),
  )

/**
 * The document editor of a report template (route {fileId} = template id): the text, placeholders of a data
 * set's columns inserted at the cursor, a preview filled with its first rows, saved with the template's version.
 */
export function TemplateEditor({ params }: PageWidgetProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const path = (rest: string) => fillPath(`/v1/{tenantId}${rest}`, { user: env.user })
  const [template, setTemplate] = useState<ReportTemplate | undefined>()
  const [problem, setProblem] = useState<string | undefined>()
  const [content, setContent] = useState('')
  const [dataSets, setDataSets] = useState<DataSetRow[]>([])
  const [dataSet, setDataSet] = useState<string | undefined>()
  const [sample, setSample] = useState<{ columns: string[]; rows: Array<Record<string, unknown>> }>({
    columns: [],
    rows: [],
  })
  const area = useRef<TextAreaRef>(null)

  useEffect(() => {
    env
      .request<ReportTemplate>({
        method: 'GET',
        service: 'hrpt',
        path: path(`/report-templates/${encodeURIComponent(params.fileId ?? '')}`),
        silent: true,
      })
      .then(
        (loaded) => {
          setTemplate(loaded)
          setContent(loaded.content ?? '')
        },
        (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
      )
    env
      .request({
        method: 'GET',
        service: 'hrpt',
        path: path('/data-sets'),
        params: { page: 0, size: 100, enabledFlag: 1 },
      })
      .then(
        (body) => setDataSets(readPage<DataSetRow>(body, { page: 0, size: 100 }).rows),
        () => undefined,
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per template
  }, [env, params.fileId])

  const choose = async (code: string) => {
    setDataSet(code)
    try {
      const result = await env.request<{ columns: string[]; rows: Array<Record<string, unknown>> }>({
        method: 'POST',
        service: 'hrpt',
        path: path(`/data-set-preview/${encodeURIComponent(code)}`),
        data: { params: {} },
      })
      setSample({ columns: result.columns, rows: result.rows.slice(0, 3) })
    } catch {
      setSample({ columns: [], rows: [] })
    }
  }
  const insert = (column: string) => {
    const element = area.current?.resizableTextArea?.textArea
    const at = element?.selectionStart ?? content.length
    setContent(`${content.slice(0, at)}\${${column}}${content.slice(at)}`)
  }
  const save = async () => {
    if (!template) return
    try {
      const saved = await env.request<ReportTemplate>({
        method: 'PUT',
        service: 'hrpt',
        path: path('/report-templates'),
        data: { templateId: template.templateId, objectVersionNumber: template.objectVersionNumber, content },
      })
      setTemplate(saved)
      env.notify.success(t('hrpt.template.saved'))
    } catch {
      // shown by env.request (409 when someone else saved first: the text stays here)
    }
  }

  if (problem)
    return <Alert type="error" showIcon message={t('hrpt.template.unavailable')} description={problem} />
  if (!template) return <Skeleton active />
  return (
    <Row gutter={16}>
      <Col span={14}>
        <Card
          title={`${template.templateName} (${template.templateCode})`}
          extra={
            <Button type="primary" onClick={() => void save()}>
              {t('hrpt.template.save')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('hrpt.template.hint')}</Typography.Paragraph>
          <Input.TextArea
            ref={area}
            aria-label={template.templateName}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            autoSize={{ minRows: 18, maxRows: 40 }}
            maxLength={100000}
            style={{ fontFamily: 'monospace' }}
          />
        </Card>
      </Col>
      <Col span={10}>
        <Card title={t('hrpt.template.preview')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select
              aria-label={t('hrpt.template.dataSet')}
              placeholder={t('hrpt.template.dataSet')}
              style={{ width: '100%' }}
              value={dataSet}
              onChange={(code) => void choose(code)}
              options={dataSets.map((d) => ({
                value: d.datasetCode,
                label: `${d.datasetName} (${d.datasetCode})`,
              }))}
            />
            {sample.columns.length > 0 && (
              <div>
                <Typography.Text type="secondary">{t('hrpt.template.placeholders')}: </Typography.Text>
                {sample.columns.map((c) => (
                  <Tag key={c} style={{ cursor: 'pointer' }} onClick={() => insert(c)}>{`\${${c}}`}</Tag>
                ))}
              </div>
            )}
            {sample.rows.map((row, index) => (
              <pre
                key={index}
                style={{ whiteSpace: 'pre-wrap', background: '#fafafa', padding: 8, margin: 0 }}
              >
                {fill(content, row)}
              </pre>
            ))}
          </Space>
        </Card>
      </Col>
    </Row>
  )
}

export default TemplateEditor
