import { Alert, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useRendererEnv, type PageWidgetProps } from '../../renderer/index'
import { labelByCode, labelData, labelExists, recordLabelPrint, type LabelTemplate } from './label-calls'
import { readElements } from './label-elements'
import { LabelView } from './LabelView'
import { useTexts } from '../shared/use-texts'

/** While printing, only the labels are on the page (the shell, menus and this page's form are hidden). */
const PRINT_CSS = `@media print { body * { visibility: hidden !important; } .hrpt-label-sheet, .hrpt-label-sheet * { visibility: visible !important; } .hrpt-label-sheet { position: absolute; left: 0; top: 0; } .hrpt-label { border: none !important; page-break-after: always; } }`

/**
 * Label printing (route {templateCode}/{tenantId}): the template's data set runs with the parameters (form, or
 * the address query), one label per row is drawn at its size in mm, and Print records the print on the server
 * (template, parameters, labels, user, time: /winv/print-record) and then opens window.print; a print the server
 * refuses to record is not printed.
 */
export function LabelPrint({ params, search }: PageWidgetProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const [label, setLabel] = useState<LabelTemplate | undefined>()
  const [problem, setProblem] = useState<string | undefined>()
  const [rows, setRows] = useState<Array<Record<string, unknown>> | undefined>()
  const [form] = Form.useForm<Record<string, string>>()
  const wrongTenant = params.tenantId && Number(params.tenantId) !== env.user.tenantId

  const print = async (code: string) => {
    try {
      await recordLabelPrint(env, code, form.getFieldsValue(), rows?.length ?? 0)
    } catch {
      return // shown by env.request
    }
    window.print()
  }
  const load = async (code: string) => {
    const values = form.getFieldsValue()
    try {
      setRows((await labelData(env, code, values)).rows)
    } catch {
      // shown by env.request
    }
  }
  useEffect(() => {
    const code = params.templateCode ?? ''
    labelExists(env, code)
      .then((exists) => {
        if (!exists) throw new Error(`${t('hrpt.label.missing')}: ${code}`)
        return labelByCode(env, code)
      })
      .then(
        (loaded) => {
          setLabel(loaded)
          const initial = Object.fromEntries(
            (loaded.params ?? []).map((p) => [p.paramName, search?.get(p.paramName) ?? p.defaultValue ?? '']),
          )
          form.setFieldsValue(initial)
          void load(loaded.templateCode)
        },
        (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per template
  }, [env, params.templateCode])

  if (wrongTenant)
    return (
      <Alert
        type="error"
        showIcon
        message={t('hrpt.label.unavailable')}
        description={`tenant ${params.tenantId} ≠ ${env.user.tenantId}`}
      />
    )
  if (problem)
    return <Alert type="error" showIcon message={t('hrpt.label.unavailable')} description={problem} />
  if (!label) return <Skeleton active />
  const elements = readElements(label.elementsJson)
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <style>{PRINT_CSS}</style>
      <Card
        title={`${label.templateName} (${label.templateCode}) · ${label.templateWidth} × ${label.templateHigh} mm`}
      >
        <Form form={form} layout="inline" onFinish={() => void load(label.templateCode)}>
          {(label.params ?? []).map((p) => (
            <Form.Item
              key={p.paramName}
              name={p.paramName}
              label={p.paramLabel}
              rules={p.required ? [{ required: true }] : []}
            >
              <Input style={{ width: 160 }} />
            </Form.Item>
          ))}
          <Space>
            <Button htmlType="submit">{t('hrpt.label.load')}</Button>
            <Button type="primary" disabled={!rows?.length} onClick={() => void print(label.templateCode)}>
              {t('hrpt.label.print')}
            </Button>
            <Typography.Text type="secondary">
              {rows ? `${rows.length} ${t('hrpt.label.labels')}` : ''}
            </Typography.Text>
          </Space>
        </Form>
      </Card>
      <div className="hrpt-label-sheet" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {(rows ?? []).map((row, index) => (
          <LabelView
            key={index}
            width={label.templateWidth}
            height={label.templateHigh}
            elements={elements}
            row={row}
          />
        ))}
      </div>
    </Space>
  )
}

export default LabelPrint
