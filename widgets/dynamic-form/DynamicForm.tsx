import { FormLayout } from '@formily/antd-v5/esm/form-layout'
import { createForm, onFormValuesChange, type Field, type Form } from '@formily/core'
import { FormProvider, connect, mapReadPretty, useField } from '@formily/react'
import { toJS } from '@formily/reactive'
import { Alert, Spin } from 'antd'
import { useEffect, useMemo, useRef } from 'react'
import {
  compileEditForm,
  useDynamicForm,
  type CompilablePage,
  type DynamicFormDefinition,
  type DynamicFormItem,
  type FieldSpec,
} from '../../renderer/index'
import { useCompileContext } from '../shared/use-compile-context'
import { useSchemaField } from '../shared/use-schema-field'
import { useTexts } from '../shared/use-texts'

/** The value of a DynamicForm field: one JSON object, item code → value. */
export type DynamicFormValue = Record<string, unknown>

export interface DynamicFormProps {
  /** The record's JSON object (an object, or its JSON text). */
  value?: DynamicFormValue | string | null
  onChange?(value: DynamicFormValue): void
  /** The dynamic form to render, read from the server (GET dynamic-forms/{formCode}, once per session). */
  formCode?: string
  /** A definition given as it is, instead of read by formCode: the configurator's live preview of unsaved lines. */
  definition?: DynamicFormDefinition
  disabled?: boolean
  readOnly?: boolean
}

const ITEM_TYPES = new Set(['Input', 'TextArea', 'InputNumber', 'Select', 'Lov', 'Switch', 'DatePicker'])
const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/** The value as an object: a JSON text is read, anything else that is not an object is none. */
export function valueObject(value: unknown): DynamicFormValue {
  if (typeof value === 'string') {
    try {
      return valueObject(JSON.parse(value))
    } catch {
      return {}
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as DynamicFormValue) : {}
}

/** A line's default (text on the wire) typed as its widget keeps values. */
function typedDefault(item: DynamicFormItem): unknown {
  if (isEmpty(item.defaultValue)) return undefined
  const text = String(item.defaultValue)
  if (item.itemType === 'InputNumber' || item.itemType === 'Switch') {
    const number = Number(text)
    return Number.isFinite(number) ? number : undefined
  }
  return text
}

/** Why a line cannot be rendered (an unknown type, a Select without value set, a Lov without view), if it cannot. */
function problemOf(item: DynamicFormItem): string | undefined {
  if (!ITEM_TYPES.has(item.itemType)) return `${item.itemCode} (${item.itemType})`
  if (item.itemType === 'Select' && !item.lookupCode) return `${item.itemCode} (Select, no value set)`
  if (item.itemType === 'Lov' && !item.lovCode) return `${item.itemCode} (Lov, no Lov view)`
  if (!/^[a-z][A-Za-z0-9]*$/.test(item.itemCode)) return item.itemCode
  return undefined
}

export interface RenderedForm {
  page: CompilablePage
  items: DynamicFormItem[]
  /** Lines left out because they cannot be rendered, described. */
  problems: string[]
}

/** The enabled lines of a definition as a page's fields, in order (what the server also checks). */
export function renderedForm(definition: DynamicFormDefinition): RenderedForm {
  const lines = [...definition.lines]
    .filter((line) => (line.enabledFlag ?? 1) === 1 && line.itemCode)
    .sort((a, b) => (a.orderSeq ?? 0) - (b.orderSeq ?? 0))
  const problems: string[] = []
  const items: DynamicFormItem[] = []
  const fields: Record<string, FieldSpec> = {}
  for (const line of lines) {
    const problem = problemOf(line)
    if (problem) {
      problems.push(problem)
      continue
    }
    items.push(line)
    fields[line.itemCode] = {
      label: line.itemName || line.itemCode,
      widget: line.itemType,
      ...(line.requiredFlag === 1 ? { required: true } : {}),
      ...(line.itemType === 'Select' ? { lookupCode: line.lookupCode! } : {}),
      ...(line.itemType === 'Lov' ? { lovCode: line.lovCode!, defaultWarehouse: false } : {}),
      ...(line.helpText ? { help: line.helpText } : {}),
    }
  }
  const page: CompilablePage = {
    fields,
    form: { sections: [{ title: '', columns: 2, fields: items.map((item) => item.itemCode) }] },
  }
  return { page, items, problems }
}

/** The items' values worth keeping: empty ones left out, so the object holds what was filled in. */
function kept(items: DynamicFormItem[], values: DynamicFormValue): DynamicFormValue {
  const result: DynamicFormValue = {}
  for (const item of items) {
    const value = values[item.itemCode]
    if (!isEmpty(value)) result[item.itemCode] = value
  }
  return result
}

interface BodyProps extends Omit<DynamicFormProps, 'formCode' | 'definition'> {
  definition: DynamicFormDefinition
}

/** The definition's items in a form of their own, its values kept in the outer field as one object. */
function DynamicFormBody({ definition, value, onChange, disabled, readOnly }: BodyProps) {
  const t = useTexts()
  const rendered = useMemo(() => renderedForm(definition), [definition])
  const given = valueObject(value)
  const emitted = useRef<string>(JSON.stringify(given))
  const change = useRef(onChange)
  change.current = onChange
  const form: Form = useMemo(() => {
    // An item the value does not have yet starts with its default.
    const start: DynamicFormValue = { ...given }
    for (const item of rendered.items)
      if (start[item.itemCode] === undefined && typedDefault(item) !== undefined)
        start[item.itemCode] = typedDefault(item)
    return createForm({
      initialValues: start,
      readPretty: readOnly,
      disabled,
      effects() {
        onFormValuesChange((inner) => {
          const next = kept(rendered.items, toJS(inner.values) as DynamicFormValue)
          const text = JSON.stringify(next)
          if (text === emitted.current) return
          emitted.current = text
          change.current?.(next)
        })
      },
    })
    // The form is made once per definition; later values reach it through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rendered, readOnly, disabled])
  // Defaults filled in at the start belong to the record too.
  useEffect(() => {
    if (readOnly) return
    const next = kept(rendered.items, toJS(form.values) as DynamicFormValue)
    const text = JSON.stringify(next)
    if (text !== JSON.stringify(valueObject(value))) {
      emitted.current = text
      change.current?.(next)
    }
    // Once per form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form])
  // A value set from outside (a record loaded, a reset) replaces what the items show; the value this field
  // wrote itself comes back as the same text and changes nothing.
  const givenText = JSON.stringify(given)
  const previous = useRef(givenText)
  useEffect(() => {
    if (givenText === previous.current) return
    previous.current = givenText
    if (givenText === emitted.current) return
    emitted.current = givenText
    form.setValues(JSON.parse(givenText) as DynamicFormValue, 'overwrite')
  }, [form, givenText])

  // The outer field is not valid while a required item is empty: its message names them, and the items show theirs.
  const outer = useField() as Field | undefined
  useEffect(() => {
    if (!outer || typeof outer.setValidator !== 'function' || readOnly) return
    const required = rendered.items.filter((item) => item.requiredFlag === 1)
    if (!required.length) return
    const check = (current: unknown) => {
      const values = valueObject(current)
      const missing = required.filter((item) => isEmpty(values[item.itemCode]))
      if (!missing.length) return ''
      void form.validate().catch(() => undefined)
      return t('dynamicForm.required', { items: missing.map((item) => t(item.itemName)).join(', ') })
    }
    const before = outer.validator
    outer.setValidator(before ? [...(Array.isArray(before) ? before : [before]), check] : check)
    return () => outer.setValidator(before)
  }, [outer, rendered, form, readOnly, t])

  const context = useCompileContext()
  const schema = compileEditForm(rendered.page, { ...context, mode: 'edit' })
  const SchemaField = useSchemaField(schema)
  return (
    <div className="wms-dynamic-form" data-form-code={definition.formCode}>
      {rendered.problems.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('dynamicForm.badItems', { items: rendered.problems.join(', ') })}
        />
      ) : null}
      {!rendered.items.length && !rendered.problems.length ? (
        <span className="wms-read-pretty">{t('dynamicForm.empty', { formCode: definition.formCode })}</span>
      ) : (
        <FormProvider form={form}>
          <FormLayout layout="vertical" colon={false}>
            <SchemaField schema={schema} />
          </FormLayout>
        </FormProvider>
      )}
    </div>
  )
}

/** Reads the definition (or takes the one given) and renders it; an unknown form says so in place. */
export function DynamicFormField(props: DynamicFormProps) {
  const t = useTexts()
  const { formCode, definition: given } = props
  const loaded = useDynamicForm(given ? undefined : formCode)
  const definition = given ?? loaded.definition
  if (!given && !formCode)
    return <Alert type="error" showIcon role="alert" message={t('dynamicForm.noFormCode')} />
  if (!definition && loaded.error)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={t('dynamicForm.loadFailed', { formCode: formCode ?? '', message: loaded.error })}
      />
    )
  if (!definition) return <Spin size="small" aria-label={t('dynamicForm.loading')} />
  if (definition.enabledFlag !== 1)
    return (
      <span className="wms-read-pretty">{t('dynamicForm.disabled', { formCode: definition.formCode })}</span>
    )
  return <DynamicFormBody {...props} definition={definition} />
}

/** Props of the read-only form: from Formily (the widget's props) or a table cell ({value, spec, record}). */
export interface DynamicFormPrettyProps extends Omit<DynamicFormProps, 'value'> {
  value?: unknown
  spec?: { props?: Record<string, unknown> }
  record?: Record<string, unknown>
}

/**
 * Read-only: in a form, the same items each showing its value as its widget does read-only; in a table cell,
 * the values as "code: value" pairs (a cell has no room for a form).
 */
export function DynamicFormPretty(props: DynamicFormPrettyProps) {
  if (props.spec) {
    const text = Object.entries(valueObject(props.value))
      .map(([code, value]) => `${code}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
      .join('; ')
    return <span className="wms-read-pretty">{text}</span>
  }
  const value = valueObject(props.value)
  return <DynamicFormField {...props} value={value} readOnly />
}

export const DynamicForm = connect(DynamicFormField, mapReadPretty(DynamicFormPretty))
