import { GlobalOutlined } from '@ant-design/icons'
import type { Field, Form } from '@formily/core'
import { connect, mapReadPretty, useField, useForm } from '@formily/react'
import { Button, Form as AntForm, Input, Modal } from 'antd'
import { useContext, useState } from 'react'
import { LANGUAGES, PageContext, useRendererEnv, type Language } from '../../renderer/index'
import { TextPretty } from '../shared/read-pretty'
import { useTexts } from '../shared/use-texts'
import { blankValues, loadTranslations, type LanguageValues } from './translations'

export interface MultiLangInputProps {
  value?: string | null
  onChange?(value: string | null): void
  disabled?: boolean
  placeholder?: string
  maxLength?: number
  /** The record as `<service>/<entity>:<id>`; by default the page's model and the form's primary key. */
  recordToken?: string
  'aria-label'?: string
}

/** The record token of the form's row, from the page's data source (undefined for a new row). */
function useRecordToken(form: Form | undefined, explicit?: string): string | undefined {
  const page = useContext(PageContext)?.page as
    { dataSource?: { model?: string; primaryKey?: string } } | undefined
  if (explicit) return explicit
  const source = page?.dataSource
  const id = source?.primaryKey
    ? (form?.values as Record<string, unknown> | undefined)?.[source.primaryKey]
    : undefined
  return source?.model && id !== undefined && id !== null ? `${source.model}:${String(id)}` : undefined
}

/**
 * Text in the user's language, with a dialog for every language (PLAT-I18N-04/05): the field keeps the value
 * of the current language; all values go in the form's `_tls.<field>`, which the server keeps per language.
 */
export function MultiLangInput({ value, onChange, recordToken, ...rest }: MultiLangInputProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const field = useField<Field>()
  const form = useForm()
  const name = String(field?.props.name ?? '')
  const token = useRecordToken(form, recordToken)
  const language = env.user.language
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(false)
  const [draft, setDraft] = useState<LanguageValues>(blankValues)
  // Languages whose stored value could not be read: their blank box is not a value, so it is never sent.
  const [unread, setUnread] = useState<ReadonlySet<Language>>(new Set())
  const tlsPath = `_tls.${name}`
  const kept = () => form?.getValuesIn(tlsPath) as LanguageValues | undefined

  const type = (text: string) => {
    onChange?.(text || null)
    if (kept()) form?.setValuesIn(`${tlsPath}.${language}`, text)
  }
  const openDialog = async () => {
    setOpen(true)
    let values = kept() ? { ...blankValues(), ...kept() } : undefined
    let failed = false
    if (!values && token) {
      setLoading(true)
      const loaded = await loadTranslations(env, token, name)
      setLoading(false)
      if (loaded.failed) env.notify.warning(t('fields.multiLang.loadFailed'))
      failed = loaded.failed
      values = loaded.values
    }
    setUnread(new Set(failed ? LANGUAGES.filter((code) => code !== language) : []))
    setDraft({ ...(values ?? blankValues()), [language]: value ?? '' })
  }
  const confirm = () => {
    // Lose nothing: a language that could not be read and was not typed keeps what the server has.
    const sent = Object.fromEntries(Object.entries(draft).filter(([code]) => !unread.has(code as Language)))
    form?.setValuesIn(tlsPath, sent)
    onChange?.(draft[language] || null)
    setOpen(false)
  }
  const typeIn = (code: Language, text: string) => {
    setDraft((current) => ({ ...current, [code]: text }))
    setUnread((current) => new Set([...current].filter((other) => other !== code)))
  }

  return (
    <>
      <Input
        {...rest}
        value={value ?? ''}
        onChange={(event) => type(event.target.value)}
        suffix={
          <Button
            type="text"
            size="small"
            icon={<GlobalOutlined />}
            disabled={rest.disabled}
            aria-label={t('fields.multiLang.open')}
            title={t('fields.multiLang.open')}
            onClick={() => void openDialog()}
          />
        }
      />
      <Modal
        open={open}
        title={t('fields.multiLang.title')}
        okText={t('fields.action.ok')}
        cancelText={t('common.action.cancel')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        confirmLoading={loading}
        destroyOnHidden
      >
        <AntForm layout="vertical">
          {LANGUAGES.map((code) => (
            <AntForm.Item key={code} label={t(`fields.multiLang.${code}`)} htmlFor={`${name}-tls-${code}`}>
              <Input
                id={`${name}-tls-${code}`}
                value={draft[code] ?? ''}
                maxLength={rest.maxLength}
                disabled={loading}
                placeholder={unread.has(code) ? t('fields.multiLang.unread') : undefined}
                onChange={(event) => typeIn(code, event.target.value)}
              />
            </AntForm.Item>
          ))}
        </AntForm>
      </Modal>
    </>
  )
}

export const MultiLanguageInput = connect(MultiLangInput, mapReadPretty(TextPretty))
