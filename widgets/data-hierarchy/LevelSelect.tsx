import { Select } from 'antd'
import { useEffect, useState, type CSSProperties } from 'react'
import type { DataHierarchyApi, DataHierarchyOption } from '../../renderer/index'

export interface LevelSelectProps {
  api: DataHierarchyApi
  dataHierarchyCode: string
  /** The chosen value of the level above: narrows the options (undefined: the server's default). */
  parentValue?: string
  value?: string
  /** Shown for `value` before the options are loaded. */
  meaning?: string
  onChange(option: DataHierarchyOption | undefined): void
  placeholder?: string
  disabled?: boolean
  allowClear?: boolean
  loadFailedText: string
  style?: CSSProperties
  'aria-label'?: string
  /** Mounts open with the focus in it (the header mounts it on the user's first click). */
  openOnMount?: boolean
}

/**
 * One level of a data hierarchy as a searchable select, used by the header switcher and the form widget.
 * Options load when the dropdown first opens (or at once for a value whose meaning is unknown) and again
 * after the parent changes.
 */
export function LevelSelect(props: LevelSelectProps) {
  const { api, dataHierarchyCode, parentValue, value, meaning, onChange, loadFailedText } = props
  const [options, setOptions] = useState<DataHierarchyOption[]>()
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => setOptions(undefined), [api, dataHierarchyCode, parentValue])

  const load = async () => {
    if (options || loading) return
    setLoading(true)
    setFailed(false)
    try {
      setOptions(await api.options(dataHierarchyCode, parentValue))
    } catch {
      setFailed(true) // the HTTP client has shown the server's message; the dropdown says it too
    } finally {
      setLoading(false)
    }
  }
  useEffect(() => {
    if (props.openOnMount) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [])
  // A chosen value without its meaning (a form field) loads the options once to show the meaning.
  useEffect(() => {
    if (value && meaning === undefined && !options && !failed) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads the same state; re-run only on these
  }, [value, meaning, options, failed])
  const shown = options ?? (value ? [{ value, meaning: meaning ?? value }] : [])
  return (
    <Select
      aria-label={props['aria-label']}
      style={props.style}
      value={value ?? undefined}
      placeholder={props.placeholder}
      disabled={props.disabled}
      allowClear={props.allowClear}
      loading={loading}
      autoFocus={props.openOnMount}
      defaultOpen={props.openOnMount}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      notFoundContent={failed ? loadFailedText : undefined}
      options={shown.map((o) => ({ value: o.value, label: o.meaning }))}
      onOpenChange={(open) => {
        if (open) void load()
      }}
      onChange={(next?: string) => onChange(options?.find((o) => o.value === next))}
    />
  )
}
