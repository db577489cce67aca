import { Alert, Button, Card, Col, Input, Row, Select, Skeleton, Space, Tag, Typography } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useEffect, useRef, useState } from 'react'
import { fillPath, readPage, useRendererEnv, type Language, type PageWidgetProps } from '../../renderer/index'

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

const WORDS: Record<string, [string, string, string]> = {
  save: ['保存', 'Save', '保存'],
  saved: ['已保存', 'Saved', '已保存'],
  dataSet: ['预览数据集', 'Preview data set', '預覽數據集'],
  preview: ['预览(前 3 行)', 'Preview (first 3 rows)', '預覽(前 3 行)'],
  placeholders: ['点击插入占位符', 'Click to insert a placeholder', '點擊插入佔位符'],
  hint: [
    '模板文本中的 ${列名} 在报表中按每行数据替换；HTML 模板也只作为文本显示。',
    "Each ${column} in the text is replaced by the row's value in TEMPLATE reports; HTML is shown as text, never run.",
    '模板文本中的 ${列名} 在報表中按每行數據替換；HTML 模板也只作為文本顯示。',
  ],
  unavailable: ['模板不可用', 'The template is not available', '模板不可用'],
}
const word = (language: Language, key: string) =>
  WORDS[key]?.[{ zh_CN: 0, en_US: 1, zh_TW: 2 }[language]] ?? key

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
  const language = env.user.language
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
      env.notify.success(word(language, 'saved'))
    } catch {
      // shown by env.request (409 when someone else saved first: the text stays here)
    }
  }

  if (problem)
    return <Alert type="error" showIcon message={word(language, 'unavailable')} description={problem} />
  if (!template) return <Skeleton active />
  return (
    <Row gutter={16}>
      <Col span={14}>
        <Card
          title={`${template.templateName} (${template.templateCode})`}
          extra={
            <Button type="primary" onClick={() => void save()}>
              {word(language, 'save')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{word(language, 'hint')}</Typography.Paragraph>
          <Input.TextArea
            ref={area}
            aria-label="template"
            value={content}
            onChange={(event) => setContent(event.target.value)}
            autoSize={{ minRows: 18, maxRows: 40 }}
            maxLength={100000}
            style={{ fontFamily: 'monospace' }}
          />
        </Card>
      </Col>
      <Col span={10}>
        <Card title={word(language, 'preview')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select
              placeholder={word(language, 'dataSet')}
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
                <Typography.Text type="secondary">{word(language, 'placeholders')}: </Typography.Text>
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
