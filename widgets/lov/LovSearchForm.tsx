import { Button, Col, Form, Input, InputNumber, Row, Space } from 'antd'
import type { LovQueryField } from '../../renderer/index'
import { LookupSelect } from '../select/Select'
import { useWidgetTexts } from './use-lov-texts'

export interface LovSearchFormProps {
  fields: LovQueryField[]
  /** Called with the form's values when the user searches (button, Enter) or resets. */
  onSearch(values: Record<string, unknown>): void
}

function control(field: LovQueryField) {
  const props = { 'aria-label': field.label, allowClear: true }
  switch (field.dataType) {
    case 'SELECT':
      return <LookupSelect lookupCode={field.sourceCode} {...props} />
    case 'INT':
    case 'NUMBER':
      return <InputNumber style={{ width: '100%' }} aria-label={field.label} />
    default:
      return <Input {...props} />
  }
}

/** The popup's search form, one control per query field of the view (CORE-LOV-09). */
export function LovSearchForm({ fields, onSearch }: LovSearchFormProps) {
  const t = useWidgetTexts()
  const [form] = Form.useForm<Record<string, unknown>>()
  if (!fields.length) return null
  return (
    <Form form={form} layout="vertical" onFinish={onSearch} className="wms-lov-search">
      <Row gutter={12}>
        {fields.map((field) => (
          <Col span={8} key={field.field}>
            <Form.Item name={field.field} label={field.label}>
              {control(field)}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit">
          {t('common.action.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
        >
          {t('common.action.reset')}
        </Button>
      </Space>
    </Form>
  )
}
