import { connect, mapReadPretty, observer, useForm } from '@formily/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { dataHierarchyApi, useRendererEnv } from '../../renderer/index'
import { useTexts } from '../shared/use-texts'
import { LevelSelect } from './LevelSelect'

export interface DataHierarchySelectProps {
  value?: string | null
  onChange?(value: string | null): void
  /** The level whose values are offered, e.g. `WAREHOUSE`. */
  dataHierarchyCode: string
  /**
   * The form field holding the level above (e.g. `invOrgCode`): its value narrows the options, and changing
   * it clears this field. Without it, the options follow the user's current choice in the header.
   */
  parentField?: string
  disabled?: boolean
  placeholder?: string
  'aria-label'?: string
}

const useApi = () => {
  const env = useRendererEnv()
  return useMemo(() => dataHierarchyApi(env.request, env.user), [env])
}

const parentOf = (values: unknown, parentField?: string) => {
  if (!parentField) return undefined
  const parent = (values as Record<string, unknown> | undefined)?.[parentField]
  return parent === null || parent === undefined || parent === '' ? undefined : String(parent)
}

/** A form field that picks a value of one data hierarchy level (CORE-USR), optionally under another field. */
export const DataHierarchySelectField = observer(function DataHierarchySelectField(
  props: DataHierarchySelectProps,
) {
  const { value, onChange, dataHierarchyCode, parentField } = props
  const t = useTexts()
  const api = useApi()
  const form = useForm()
  const parentValue = parentOf(form?.values, parentField)
  const previousParent = useRef(parentValue)
  useEffect(() => {
    // A new parent makes the old child value meaningless: clear it rather than keep a mismatched pair.
    if (previousParent.current !== parentValue && value) onChange?.(null)
    previousParent.current = parentValue
  }, [parentValue, value, onChange])
  const waiting = Boolean(parentField) && parentValue === undefined
  return (
    <LevelSelect
      api={api}
      aria-label={props['aria-label']}
      dataHierarchyCode={dataHierarchyCode}
      parentValue={parentValue}
      value={value ?? undefined}
      disabled={props.disabled || waiting}
      placeholder={waiting ? t('dataHierarchy.chooseParentFirst') : props.placeholder}
      allowClear
      loadFailedText={t('dataHierarchy.loadFailed')}
      onChange={(option) => onChange?.(option?.value ?? null)}
    />
  )
})

/** Props of the read-only form: from Formily (the widget's props) or a table cell ({value, spec, record}). */
export interface DataHierarchyPrettyProps extends Partial<Omit<DataHierarchySelectProps, 'value'>> {
  value?: unknown
  spec?: { props?: Record<string, unknown> }
  record?: Record<string, unknown>
}

/** Read-only: the value's meaning in the user's language (the value itself until it is known). */
export function DataHierarchyPretty(props: DataHierarchyPrettyProps) {
  const { spec, record } = props
  const value = props.value === null || props.value === undefined ? '' : String(props.value)
  const code = props.dataHierarchyCode ?? (spec?.props?.dataHierarchyCode as string | undefined)
  const parentField = props.parentField ?? (spec?.props?.parentField as string | undefined)
  const api = useApi()
  const form = useForm() as ReturnType<typeof useForm> | undefined
  const parentValue = parentOf(record ?? form?.values, parentField)
  const [meaning, setMeaning] = useState<string>()
  useEffect(() => {
    if (!value || !code) return
    let live = true
    api
      .options(code, parentValue)
      .then((options) => live && setMeaning(options.find((o) => o.value === value)?.meaning))
      .catch(() => undefined) // the value itself stays shown; the client has reported the failure
    return () => {
      live = false
    }
  }, [api, code, parentValue, value])
  return <span className="wms-read-pretty">{value ? (meaning ?? value) : ''}</span>
}

export const DataHierarchySelect = connect(DataHierarchySelectField, mapReadPretty(DataHierarchyPretty))
