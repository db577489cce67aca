/**
 * "New model field…" of the designer's "add a field from the model" (issue 22): a small form (name, type, length
 * of a string, the label in three languages) posted to POST /api/hpfm/v1/page-designer/model-field, which adds
 * the field to the model file and applies it (server/modules/lowcode/routes-model-field.ts). On success the
 * designer adds it to the list the user was adding to, with the labels as its texts (`withNewField`, one undo
 * step); undo takes it off the page, not out of the model (the form says so). The server's refusal (name taken,
 * bad name, a required field on rows…) is shown in the form with its fix.
 */
import { Alert, Form, Input, InputNumber, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { ApiError, usePageContext, type RendererEnv } from '../../renderer/index'
import {
  applyPageEdit,
  LANGUAGES,
  type Language,
  type ModelField,
  type ModelSchema,
  type PageEdit,
} from '../../renderer/page-document/index'

export const NEW_FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
] as const

export interface NewFieldValues {
  name: string
  type: (typeof NEW_FIELD_TYPES)[number]
  maxLength?: number
  labels: Partial<Record<Language, string>>
}

export interface NewFieldAnswer {
  file: string
  model: { key: string; fields: ModelField[] }
  field: ModelField
  version: number
  diff: string[]
}

/** Posts the field to the server; the model's English label is the en_US label, else the name. */
export const postModelField = (env: RendererEnv, model: string, values: NewFieldValues) =>
  env.request<NewFieldAnswer>({
    method: 'POST',
    service: 'hpfm',
    path: '/v1/page-designer/model-field',
    data: {
      model,
      field: {
        name: values.name,
        type: values.type,
        ...(values.type === 'string' ? { maxLength: values.maxLength ?? 60 } : {}),
        label: values.labels.en_US?.trim() || values.name,
      },
    },
    silent: true,
  })

/**
 * The page text with the new model field added to `add` (a search field, a column or a form field) and its
 * label texts set in each language given: one text, so one undo step.
 */
export function withNewField(
  text: string,
  add: PageEdit,
  field: string,
  labels: Partial<Record<Language, string>>,
  model: Pick<ModelSchema, 'fields'>,
): string {
  let next = applyPageEdit(text, add, { model: model as ModelSchema })
  const label = (JSON.parse(next) as { fields?: Record<string, { label?: string }> }).fields?.[field]?.label
  if (!label) return next
  for (const language of LANGUAGES) {
    const value = labels[language]?.trim()
    if (value) next = applyPageEdit(next, { op: 'setText', key: label, language, text: value })
  }
  return next
}

export function NewModelFieldForm(props: {
  open: boolean
  /** The model key (`wms/warehouse`). */
  model: string
  onCancel(): void
  /** Posts the values; a rejection (ApiError) is shown in the form. */
  onSubmit(values: NewFieldValues): Promise<void>
}) {
  const { t } = usePageContext()
  const [form] = Form.useForm<
    { name: string; type: NewFieldValues['type']; maxLength?: number } & Record<Language, string>
  >()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ message: string; problems: string[] }>()
  const type = Form.useWatch('type', form)
  const submit = async () => {
    const values = await form.validateFields()
    setBusy(true)
    setError(undefined)
    try {
      await props.onSubmit({
        name: values.name.trim(),
        type: values.type,
        ...(values.type === 'string' && values.maxLength ? { maxLength: values.maxLength } : {}),
        labels: Object.fromEntries(LANGUAGES.map((l) => [l, values[l] ?? ''])),
      })
      form.resetFields()
    } catch (failure) {
      setError({
        message: failure instanceof Error ? failure.message : String(failure),
        problems:
          failure instanceof ApiError && failure.fields
            ? Object.values(failure.fields).filter((p) => !(failure.message ?? '').includes(p))
            : [],
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={props.open}
      title={t('hpfm.designer.newField.title', { model: props.model })}
      okText={t('hpfm.designer.newField.add')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('hpfm.designer.newField.note')}</Typography.Paragraph>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={t('hpfm.designer.newField.failed', { message: error.message })}
          description={
            error.problems.length ? (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {error.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ type: 'string', maxLength: 60 }}>
        <Form.Item
          name="name"
          label={t('hpfm.designer.newField.name')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input placeholder="dockCount" autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('hpfm.designer.newField.type')} rules={[{ required: true }]}>
          <Select options={NEW_FIELD_TYPES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        {type === 'string' ? (
          <Form.Item name="maxLength" label={t('hpfm.designer.newField.length')}>
            <InputNumber min={1} max={10000} precision={0} />
          </Form.Item>
        ) : null}
        {LANGUAGES.map((language) => (
          <Form.Item key={language} name={language} label={t('hpfm.designer.newField.label', { language })}>
            <Input />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  )
}
