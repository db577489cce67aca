import { Alert, Form, Input, InputNumber, Select, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import { usePageContext, type SchemaIssue } from '../../renderer/index'
import type { PropertyInfo } from './property-schema'

export interface PropertyPanelProps {
  /** Heading: the element being edited (e.g. "Column warehouseName"). */
  title: string
  /** JSON pointer of the element in the file (e.g. /table/columns/1). */
  pointer: string
  /** Its properties as the page language declares them (property-schema.ts). */
  properties: PropertyInfo[]
  /** Its current value (the object at `pointer`). */
  value: Record<string, unknown>
  /** Problems the page check finds in this element (pointer at or under `pointer`). */
  issues: SchemaIssue[]
  /** Sets one property; `undefined` removes it from the file. */
  onSet(property: string, value: unknown): void
}

/**
 * The property panel of the selected element: every property the page language has for it, with its
 * description, its choices, and the check's problems under the property they concern. A change is one edit
 * (one undo step): text and numbers commit when the field is left or Enter is pressed.
 */
export function PropertyPanel({ title, pointer, properties, value, issues, onSet }: PropertyPanelProps) {
  const { t } = usePageContext()
  const own = issues.filter(
    (issue) => !properties.some((p) => issue.pointer.startsWith(`${pointer}/${p.name}`)),
  )
  return (
    <section aria-label={t('hpfm.designer.properties')} data-pointer={pointer}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {own.map((issue) => (
        <Alert
          key={`${issue.pointer}:${issue.message}`}
          type={issue.severity === 'error' ? 'error' : 'warning'}
          showIcon
          message={issue.message}
          description={issue.suggestion}
          style={{ marginBottom: 8 }}
        />
      ))}
      <Form layout="vertical" size="small" component="div">
        {properties.map((property) => {
          const problems = issues.filter((issue) => issue.pointer.startsWith(`${pointer}/${property.name}`))
          return (
            <Form.Item
              key={property.name}
              label={<code>{property.name}</code>}
              required={property.required}
              tooltip={property.description}
              validateStatus={
                problems.some((p) => p.severity === 'error') ? 'error' : problems.length ? 'warning' : ''
              }
              help={
                problems.length
                  ? problems.map((p) => `${p.message}${p.suggestion ? ` (${p.suggestion})` : ''}`).join('; ')
                  : property.description
              }
              style={{ marginBottom: 10 }}
            >
              <PropertyInput
                property={property}
                value={value[property.name]}
                onSet={(next) => onSet(property.name, next)}
              />
            </Form.Item>
          )
        })}
      </Form>
    </section>
  )
}

function PropertyInput({
  property,
  value,
  onSet,
}: {
  property: PropertyInfo
  value: unknown
  onSet(value: unknown): void
}) {
  const { t } = usePageContext()
  const { control, name } = property
  const unset = { value: '', label: t('hpfm.designer.unset') }
  switch (control.kind) {
    case 'choice':
    case 'boolean': {
      const options = control.kind === 'boolean' ? [true, false] : control.options
      return (
        <Select
          aria-label={name}
          showSearch
          value={value === undefined ? '' : JSON.stringify(value)}
          options={[
            ...(property.required ? [] : [unset]),
            ...options.map((option) => ({ value: JSON.stringify(option), label: String(option) })),
          ]}
          onChange={(next: string) => onSet(next === '' ? undefined : JSON.parse(next))}
        />
      )
    }
    case 'number':
      return (
        <CommitOnLeave
          key={String(value)}
          initial={value === undefined ? '' : String(value)}
          render={(text, setText, commit) => (
            <InputNumber
              aria-label={name}
              style={{ width: '100%' }}
              value={text === '' ? null : Number(text)}
              min={control.min}
              max={control.max}
              precision={control.integer ? 0 : undefined}
              onChange={(next) => setText(next === null ? '' : String(next))}
              onBlur={commit}
              onPressEnter={commit}
            />
          )}
          onCommit={(text) => onSet(text === '' ? undefined : Number(text))}
        />
      )
    case 'text':
      return (
        <CommitOnLeave
          key={String(value)}
          initial={typeof value === 'string' ? value : ''}
          render={(text, setText, commit) => (
            <Input
              aria-label={name}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={commit}
              onPressEnter={commit}
            />
          )}
          onCommit={(text) => onSet(text === '' ? undefined : text)}
        />
      )
    case 'json':
      return <JsonInput key={JSON.stringify(value) ?? ''} name={name} value={value} onSet={onSet} />
  }
}

/** Holds what is typed until the field is left, so a change is one edit, not one per keystroke. */
function CommitOnLeave({
  initial,
  render,
  onCommit,
}: {
  initial: string
  render(text: string, setText: (text: string) => void, commit: () => void): ReactNode
  onCommit(text: string): void
}) {
  const [text, setText] = useState(initial)
  return <>{render(text, setText, () => text !== initial && onCommit(text))}</>
}

/** Objects and lists (linkage, props, options…) as JSON; committed when it parses. */
function JsonInput({ name, value, onSet }: { name: string; value: unknown; onSet(value: unknown): void }) {
  const { t } = usePageContext()
  const initial = value === undefined ? '' : JSON.stringify(value, null, 2)
  const [text, setText] = useState(initial)
  const [error, setError] = useState<string>()
  const commit = () => {
    if (text === initial) return
    if (text.trim() === '') return onSet(undefined)
    try {
      onSet(JSON.parse(text))
      setError(undefined)
    } catch (failure) {
      setError(t('hpfm.designer.jsonInvalid', { message: (failure as Error).message }))
    }
  }
  return (
    <>
      <Input.TextArea
        aria-label={name}
        autoSize={{ minRows: 1, maxRows: 8 }}
        value={text}
        status={error ? 'error' : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </>
  )
}
