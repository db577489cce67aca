import { Form, Input, Modal, Switch } from 'antd'
import { useEffect } from 'react'
import { usePageContext, type QueryTemplate } from '../../renderer/index'

export interface SaveTemplateDialogProps {
  open: boolean
  /** The template being updated: its name is shown read-only (CORE-FLT-25). */
  current?: QueryTemplate
  onCancel(): void
  onSave(values: { templateName: string; isDefault: 0 | 1 }): Promise<void>
}

/** Name (required, CORE-FLT-24) and the default switch (CORE-FLT-30: at most one default per user and page). */
export function SaveTemplateDialog({ open, current, onCancel, onSave }: SaveTemplateDialogProps) {
  const { t } = usePageContext()
  const [form] = Form.useForm<{ templateName: string; isDefault: boolean }>()
  useEffect(() => {
    if (open)
      form.setFieldsValue({ templateName: current?.templateName ?? '', isDefault: current?.isDefault === 1 })
  }, [open, current, form])
  const submit = async () => {
    const values = await form.validateFields()
    await onSave({ templateName: values.templateName.trim(), isDefault: values.isDefault ? 1 : 0 })
  }
  return (
    <Modal
      open={open}
      title={t('filter.save.title')}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onCancel={onCancel}
      onOk={() => submit().catch(() => undefined)}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="templateName"
          label={t('filter.save.name')}
          extra={current ? t('filter.save.nameLocked') : undefined}
          rules={[{ required: true, whitespace: true, message: t('filter.save.nameRequired') }]}
        >
          <Input maxLength={120} readOnly={!!current} disabled={!!current} />
        </Form.Item>
        <Form.Item name="isDefault" label={t('filter.save.default')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}
