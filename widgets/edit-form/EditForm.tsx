import { createForm } from '@formily/core'
import { Button, Drawer, Modal, Space } from 'antd'
import { useMemo, useState } from 'react'
import {
  usePageContext,
  useRendererEnv,
  type CompilablePage,
  type DataSource,
  type Row,
} from '../../renderer/index'
import { useReturnFocus } from '../shared/use-return-focus'
import { FormBody } from './FormBody'
import { saveRecord } from './save-record'

export type EditMode = 'create' | 'edit' | 'view'

export interface EditFormProps {
  page: CompilablePage & { title: string }
  mode: EditMode
  /** The row being edited or viewed. */
  record?: Row
  dataSource: DataSource
  onClose(): void
  onSaved(row: Row | undefined): void
}

/** Create / edit / view a row in a drawer (or a modal when page.form.mode says so). */
export function EditForm({ page, mode, record, dataSource, onClose, onSaved }: EditFormProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const [saving, setSaving] = useState(false)
  useReturnFocus()
  const form = useMemo(
    () => createForm({ initialValues: mode === 'create' ? {} : { ...record }, readPretty: mode === 'view' }),
    [mode, record],
  )
  const title = t(`common.form.${mode}`, { title: t(page.title) })
  const save = async () => {
    setSaving(true)
    const saved = await saveRecord({
      form,
      mode: mode === 'create' ? 'create' : 'edit',
      record,
      dataSource,
      env,
      t,
    })
    setSaving(false)
    if (saved !== undefined) onSaved(saved)
  }
  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{t('common.action.cancel')}</Button>
      {mode === 'view' ? null : (
        <Button type="primary" disabled={saving} onClick={() => void save()}>
          {t('common.action.save')}
        </Button>
      )}
    </Space>
  )
  const body = <FormBody page={page} form={form} mode={mode} />
  const width = page.form?.width ?? 720
  if (page.form?.mode === 'modal') {
    return (
      <Modal open title={title} width={width} onCancel={onClose} footer={footer} destroyOnHidden>
        {body}
      </Modal>
    )
  }
  return (
    <Drawer open title={title} width={width} onClose={onClose} footer={footer} destroyOnHidden>
      {body}
    </Drawer>
  )
}
