import { Input, Tag, Typography } from 'antd'
import { useState } from 'react'
import { usePageContext } from '../../renderer/index'
import { LANGUAGES, type Language } from '../../renderer/page-document/index'

export type PageTextEntries = Record<string, Partial<Record<Language, string>>>

export interface TextsPanelProps {
  /** The text keys shown (those of the selected element, or every key of the page). */
  keys: string[]
  /** The page's `texts`. */
  texts: PageTextEntries
  onSetText(key: string, language: Language, text: string): void
}

/** Why a text needs attention: missing in a language, or a Chinese text still equal to the English one. */
export function translationState(entry: Partial<Record<Language, string>> | undefined, language: Language) {
  const text = entry?.[language]
  if (!text?.trim()) return 'missing' as const
  if (language !== 'en_US' && text === entry?.en_US && /[A-Za-z]/.test(text)) return 'untranslated' as const
  return 'ok' as const
}

/**
 * The texts of the selected element in zh_CN, en_US and zh_TW side by side. A missing translation is flagged
 * (and a Chinese text identical to the English one, as a field added from the model starts); each language
 * commits when its field is left, as one edit.
 */
export function TextsPanel({ keys, texts, onSetText }: TextsPanelProps) {
  const { t } = usePageContext()
  return (
    <section aria-label={t('hpfm.designer.texts')}>
      <Typography.Title level={5}>{t('hpfm.designer.texts')}</Typography.Title>
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
        <thead>
          <tr>
            {LANGUAGES.map((language) => (
              <th key={language} style={{ textAlign: 'left', fontWeight: 500, padding: 4 }}>
                {language}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <TextRow key={key} textKey={key} entry={texts[key]} onSetText={onSetText} />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function TextRow({
  textKey,
  entry,
  onSetText,
}: {
  textKey: string
  entry: Partial<Record<Language, string>> | undefined
  onSetText: TextsPanelProps['onSetText']
}) {
  const { t } = usePageContext()
  return (
    <>
      <tr>
        <td colSpan={3} style={{ padding: '8px 4px 0' }}>
          <Typography.Text code>{textKey}</Typography.Text>
        </td>
      </tr>
      <tr>
        {LANGUAGES.map((language) => {
          const state = translationState(entry, language)
          return (
            <td key={language} style={{ padding: 4, verticalAlign: 'top' }}>
              <TextCell
                key={entry?.[language] ?? ''}
                label={`${textKey} ${language}`}
                initial={entry?.[language] ?? ''}
                state={state}
                onCommit={(text) => onSetText(textKey, language, text)}
              />
              {state === 'missing' ? (
                <Tag color="error" style={{ marginTop: 2 }}>
                  {t('hpfm.designer.missing')}
                </Tag>
              ) : state === 'untranslated' ? (
                <Tag color="warning" style={{ marginTop: 2 }}>
                  {t('hpfm.designer.untranslated')}
                </Tag>
              ) : null}
            </td>
          )
        })}
      </tr>
    </>
  )
}

function TextCell(props: {
  label: string
  initial: string
  state: ReturnType<typeof translationState>
  onCommit(text: string): void
}) {
  const [text, setText] = useState(props.initial)
  const commit = () => text !== props.initial && props.onCommit(text)
  return (
    <Input
      aria-label={props.label}
      aria-invalid={props.state === 'missing'}
      status={props.state === 'missing' ? 'error' : props.state === 'untranslated' ? 'warning' : undefined}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  )
}
