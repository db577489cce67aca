import { connect, mapReadPretty, useForm } from '@formily/react'
import { Alert, Button, Input, Space, Tooltip } from 'antd'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { TextPretty } from '../shared/read-pretty'
import { useTexts } from '../shared/use-texts'

export interface DocumentEditorProps {
  value?: string | null
  onChange?(value: string): void
  disabled?: boolean
  /** 'html' and 'docx' (a Word document converted by the server) edit with formatting; anything else is plain text. */
  format?: string
  /** A field of the same form holding the format (e.g. the server's `format` of the loaded document). */
  formatField?: string
  /** What the loaded document has that saving will not keep (the server's list for a .docx). */
  dropped?: string[]
  /** A field of the same form holding that list (the server's `dropped`). */
  droppedField?: string
  'aria-label'?: string
}

interface Command {
  key: string
  label: string
  text: ReactNode
  run(): void
}

/**
 * The rich-text editor of HTML documents: an editable area with a toolbar (headings, bold, italic, underline,
 * strike, lists, quote, link, clear formatting) driven by the browser's editing commands, so no script is
 * loaded or evaluated (the app's CSP holds). The HTML it sends is sanitised again by the server on save.
 */
export function RichTextEditor({ value, onChange, disabled, ...rest }: DocumentEditorProps) {
  const t = useTexts()
  const area = useRef<HTMLDivElement>(null)
  const [link, setLink] = useState('')
  // The area owns its content while editing: it is replaced only when the value comes from elsewhere.
  useEffect(() => {
    const element = area.current
    if (element && element.innerHTML !== (value ?? '')) element.innerHTML = value ?? ''
  }, [value])
  const emit = () => onChange?.(area.current?.innerHTML ?? '')
  const exec = (command: string, argument?: string) => {
    area.current?.focus()
    document.execCommand(command, false, argument)
    emit()
  }
  const commands: Command[] = [
    { key: 'h2', label: t('fields.document.heading'), text: 'H2', run: () => exec('formatBlock', '<h2>') },
    { key: 'h3', label: t('fields.document.subheading'), text: 'H3', run: () => exec('formatBlock', '<h3>') },
    { key: 'p', label: t('fields.document.paragraph'), text: '¶', run: () => exec('formatBlock', '<p>') },
    { key: 'b', label: t('fields.document.bold'), text: <b>B</b>, run: () => exec('bold') },
    { key: 'i', label: t('fields.document.italic'), text: <i>I</i>, run: () => exec('italic') },
    { key: 'u', label: t('fields.document.underline'), text: <u>U</u>, run: () => exec('underline') },
    { key: 's', label: t('fields.document.strike'), text: <s>S</s>, run: () => exec('strikeThrough') },
    { key: 'ul', label: t('fields.document.bullets'), text: '•', run: () => exec('insertUnorderedList') },
    { key: 'ol', label: t('fields.document.numbers'), text: '1.', run: () => exec('insertOrderedList') },
    {
      key: 'q',
      label: t('fields.document.quote'),
      text: '❝',
      run: () => exec('formatBlock', '<blockquote>'),
    },
    { key: 'x', label: t('fields.document.clear'), text: '⌫', run: () => exec('removeFormat') },
  ]
  const safeLink = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(link.trim())
  return (
    <div className="wms-document-editor">
      <Space wrap size={4} role="toolbar" aria-label={t('fields.document.toolbar')}>
        {commands.map((command) => (
          <Tooltip key={command.key} title={command.label}>
            <Button
              size="small"
              // A button that shows letters or digits (H2, 1.) has them in its name too (WCAG 2.5.3, label in name).
              aria-label={
                typeof command.text === 'string' && /[A-Za-z0-9]/.test(command.text)
                  ? `${command.label} ${command.text}`
                  : command.label
              }
              disabled={disabled}
              // Keeps the selection in the text while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={command.run}
            >
              {command.text}
            </Button>
          </Tooltip>
        ))}
        <Input
          size="small"
          style={{ width: 220 }}
          aria-label={t('fields.document.linkAddress')}
          placeholder="https://"
          value={link}
          disabled={disabled}
          status={link && !safeLink ? 'error' : undefined}
          onChange={(event) => setLink(event.target.value)}
        />
        <Button
          size="small"
          disabled={disabled || !safeLink}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => exec('createLink', link.trim())}
        >
          {t('fields.document.link')}
        </Button>
        <Button
          size="small"
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => exec('unlink')}
        >
          {t('fields.document.unlink')}
        </Button>
      </Space>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={rest['aria-label'] ?? t('fields.document.content')}
        contentEditable={!disabled}
        suppressContentEditableWarning
        className="wms-document-editor-area"
        style={{
          minHeight: 320,
          maxHeight: 640,
          overflow: 'auto',
          marginTop: 8,
          padding: '8px 12px',
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: disabled ? '#f5f5f5' : '#fff',
        }}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  )
}

/** Plain text of every other editable type. */
function PlainEditor({ value, onChange, disabled, ...rest }: DocumentEditorProps) {
  const t = useTexts()
  return (
    <Input.TextArea
      aria-label={rest['aria-label'] ?? t('fields.document.content')}
      autoSize={{ minRows: 12, maxRows: 30 }}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange?.(event.target.value)}
    />
  )
}

/**
 * The warning above a converted Word document: saving writes a new .docx from what the editor holds, so
 * what the editor cannot show (the server's list) is gone from the new version.
 */
function DroppedWarning({ dropped }: { dropped: string[] }) {
  const t = useTexts()
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 8 }}
      message={t('fields.document.docxKeeps')}
      description={
        dropped.length ? t('fields.document.docxDropped', { items: dropped.join('; ') }) : undefined
      }
    />
  )
}

/** HTML and .docx documents with formatting, every other type as plain text; format from a prop or a form field. */
export function DocumentEditorInput({
  format,
  formatField,
  dropped,
  droppedField,
  ...rest
}: DocumentEditorProps) {
  const form = useForm()
  const values = (form?.values ?? {}) as Record<string, unknown>
  const chosen = format ?? (formatField ? values[formatField] : undefined)
  const lost = dropped ?? (droppedField && Array.isArray(values[droppedField]) ? values[droppedField] : [])
  if (chosen === 'docx')
    return (
      <>
        <DroppedWarning dropped={(lost as unknown[]).map(String)} />
        <RichTextEditor {...rest} />
      </>
    )
  return chosen === 'html' ? <RichTextEditor {...rest} /> : <PlainEditor {...rest} />
}

export const DocumentEditor = connect(DocumentEditorInput, mapReadPretty(TextPretty))
