import { createForm } from '@formily/core'
import { Alert, Button, Modal, Space } from 'antd'
import { useMemo, useRef, useState } from 'react'
import {
  ApiError,
  usePageContext,
  useRendererEnv,
  type ActionDialogSpec,
  type CompilablePage,
  type Row,
} from '../../renderer/index'
import { FormBody } from '../edit-form/FormBody'
import { useReturnFocus } from '../shared/use-return-focus'
import { stripArrayIndex } from '../shared/strip-array-index'
import { actionBody, dialogFieldOf, dialogListOf, initialValues } from './action-body'
import { ActionRowContext, DialogRefusalContext, type DialogRefusal } from './action-row'

export interface ActionDialogProps {
  /** The action's dialog (fields, sections, what it sends). */
  dialog: ActionDialogSpec
  /** Text key of the action's label: the title unless the dialog has its own, and the OK button. */
  label: string
  /** The row of a row action (its `send` fields go with the values, `fromRow` fills the fields). */
  row?: Row
  /** Sends the body (the action's POST); a rejection keeps the dialog open with the server's reason. */
  submit(body: Row): Promise<unknown>
  onClose(): void
  /** Called after the server accepted the body. */
  /** After the action went through, with the server's answer. */
  onDone(answer: unknown): void
}

/**
 * An action that asks first: the dialog's fields in a modal, checked in the browser (required, min/max,
 * patterns), then POSTed. The server's refusal is shown in the dialog — its message above the fields and each
 * of its field messages on the field — and the input is kept for the user to correct.
 */
export function ActionDialog({ dialog, label, row, submit, onClose, onDone }: ActionDialogProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState<string | undefined>()
  // the refusal's field messages, for field widgets placing them themselves (a line table on its rows)
  const [refused, setRefused] = useState<DialogRefusal | undefined>()
  useReturnFocus()
  const page: CompilablePage = useMemo(
    () => ({
      fields: dialog.fields,
      form: { sections: dialog.sections ?? [{ title: '', columns: 1, fields: Object.keys(dialog.fields) }] },
    }),
    [dialog],
  )
  const form = useMemo(() => createForm({ initialValues: initialValues(dialog, row) }), [dialog, row])
  // fields holding a message of the server's last refusal: cleared before the next try
  const refusedFields = useRef<string[]>([])

  const send = async () => {
    setRefusal(undefined)
    setRefused(undefined)
    for (const name of refusedFields.current) {
      const field = form.query(name).take()
      if (field && 'setSelfErrors' in field) field.setSelfErrors([])
    }
    refusedFields.current = []
    try {
      await form.validate()
    } catch {
      return // the fields say what is wrong
    }
    setSending(true)
    const body = actionBody(dialog, stripArrayIndex({ ...form.values }) as Row, row)
    try {
      const answer = await submit(body)
      setSending(false)
      onDone(answer)
    } catch (error) {
      setSending(false)
      const unplaced: string[] = []
      if (error instanceof ApiError && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) {
          const name = dialogFieldOf(dialog, key)
          const field = name ? form.query(name).take() : undefined
          if (name && field && 'setSelfErrors' in field) {
            field.setSelfErrors([message])
            refusedFields.current.push(name)
          } else if (!dialogListOf(dialog, key)) unplaced.push(message)
        }
        setRefused({ fields: error.fields, body })
      }
      const message = error instanceof Error ? error.message : String(error)
      setRefusal(
        unplaced.length && !message.includes(unplaced[0]!) ? `${message} (${unplaced.join('; ')})` : message,
      )
      if (!(error instanceof ApiError)) env.notify.error(message)
    }
  }

  return (
    <Modal
      open
      title={t(dialog.title ?? label)}
      width={dialog.width ?? 560}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" loading={sending} disabled={sending} onClick={() => void send()}>
            {t(label)}
          </Button>
        </Space>
      }
    >
      {refusal ? (
        <Alert
          role="alert"
          type="error"
          showIcon
          message={refusal}
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setRefusal(undefined)}
        />
      ) : null}
      <ActionRowContext.Provider value={row}>
        <DialogRefusalContext.Provider value={refused}>
          <FormBody page={page} form={form} mode="create" />
        </DialogRefusalContext.Provider>
      </ActionRowContext.Provider>
    </Modal>
  )
}
