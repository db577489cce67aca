/**
 * Lov and MulLov in edit mode: an inline dropdown searching remotely as the user types (800 ms pause,
 * CORE-LOV-01/02) and a button opening the popup (LovModal). A single-choice picker opened empty whose query
 * finds exactly one row picks it without the popup (CORE-LOV-08). A choice fills the mapping's fields.
 */
import { SearchOutlined } from '@ant-design/icons'
import { useField } from '@formily/react'
import type { Field } from '@formily/core'
import { Button, Select, Space, Tooltip } from 'antd'
import { useRef, useState } from 'react'
import {
  queryLov,
  useLovNames,
  useLovView,
  useRendererEnv,
  type LovRow,
  type PageResult,
} from '../../renderer/index'
import { choiceValues, keyOf, labelOf, lovFields, paramValues, type LovMapping } from './lov-choice'
import { LovModal } from './LovModal'
import { useTrailingDebounce } from './use-trailing-debounce'
import { useWidgetTexts } from './use-lov-texts'
import { useClearOnParamChange } from './use-clear-on-param-change'

/** Inline remote search waits for an 800 ms pause in typing (CORE-LOV-02). */
export const LOV_INLINE_DEBOUNCE_MS = 800
const INLINE_SIZE = 10

export interface LovPickerProps {
  value?: unknown
  onChange?: (value: unknown) => void
  lovCode?: string
  lovMapping?: LovMapping
  multiple?: boolean
  disabled?: boolean
  placeholder?: string
  /** Values added to every query (e.g. a parent field's value). */
  extra?: Record<string, unknown>
  'aria-label'?: string
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)
const asList = (v: unknown): string[] =>
  isEmpty(v) ? [] : Array.isArray(v) ? v.map(String) : multipleText(v).map((part) => part.trim())
const multipleText = (v: unknown) => String(v).split(',')

export function LovPicker(props: LovPickerProps) {
  const { value, onChange, lovCode, lovMapping, multiple = false, disabled } = props
  const env = useRendererEnv()
  const t = useWidgetTexts()
  const field = useField<Field>()
  const form = field?.form
  // Values of other fields narrowing the list (lovMapping.params), read when a query is made: the picker does
  // not re-render when another field changes.
  const extraNow = () => ({
    ...paramValues(lovMapping, form?.values as Record<string, unknown> | undefined),
    ...props.extra,
  })
  const { view, loading: viewLoading, failed } = useLovView(lovCode)
  const fields = lovFields(view, lovMapping)
  const [options, setOptions] = useState<LovRow[]>([])
  const [searching, setSearching] = useState(false)
  const [chosen, setChosen] = useState<LovRow[]>([])
  const [popup, setPopup] = useState<{ firstPage?: PageResult<LovRow> }>()

  // What the control shows for the current value: the rows just chosen, else the text field kept in the form,
  // else the name the view gives the id (a page without a text field: one batched call per view).
  // Read on every render (not memoised): the form is observed, so a reset or reload shows its text at once.
  const keys = multiple ? asList(value) : isEmpty(value) ? [] : [String(value)]
  const kept = lovMapping?.textField ? asList(form?.values?.[lovMapping.textField]) : []
  // The user's default warehouse (pre-filled on create forms) is known by name even with no text field kept.
  const byDefault = env.user.defaultWarehouse as Record<string, unknown> | undefined
  const knownLabel = (key: string) =>
    byDefault && String(byDefault[fields.valueField]) === key && byDefault[fields.displayField] !== undefined
      ? String(byDefault[fields.displayField])
      : undefined
  const unnamed = keys.filter(
    (key, i) =>
      kept[multiple ? i : 0] === undefined &&
      knownLabel(key) === undefined &&
      !chosen.some((r) => keyOf(r, fields) === key),
  )
  const names = useLovNames(unnamed.length ? lovCode : undefined, unnamed)
  const current = keys.map((key, i) => {
    const row = chosen.find((r) => keyOf(r, fields) === key)
    const label = row
      ? labelOf(row, fields)
      : (kept[multiple ? i : 0] ?? knownLabel(key) ?? names.get(key) ?? key)
    return { value: key, label, row }
  })

  const choose = (rows: LovRow[]) => {
    setChosen(rows)
    setPopup(undefined)
    const values = choiceValues(rows, fields, lovMapping, multiple)
    for (const [path, v] of Object.entries(values)) form?.setValuesIn(path, v)
    const keys = rows.map((row) => row[fields.valueField])
    onChange?.(multiple ? keys : (keys[0] ?? null))
  }
  // A change of a field narrowing this picker (lovMapping.params) by the user empties it and its text field.
  useClearOnParamChange(field, lovMapping, () => choose([]))

  // The typed text: an SQL view searches it in all its keyword fields (code, name, barcode …), prefix matches
  // first (lovs/data `keyword`); another view is searched by its display field, as its endpoint understands.
  // Empty text asks for the first page, so an opened picker lists rows before anything is typed.
  const inlineQuery = (text: string) => {
    if (!view) return
    const param =
      view.queryFields.find((q) => q.field === fields.displayField)?.field ?? view.queryFields[0]?.field
    const search = !text
      ? {}
      : view.lovTypeCode === 'SQL'
        ? { keyword: text }
        : param
          ? { [param]: text }
          : {}
    setSearching(true)
    queryLov(env, view, { page: 0, size: INLINE_SIZE, search, extra: extraNow() }).then(
      (page) => {
        setOptions(page.rows)
        setSearching(false)
      },
      (error: unknown) => {
        setSearching(false)
        env.notify.error(
          t('lov.queryFailed', { message: error instanceof Error ? error.message : String(error) }),
        )
      },
    )
  }
  const searchInline = useTrailingDebounce(inlineQuery, LOV_INLINE_DEBOUNCE_MS)
  // Opening the dropdown shows the first page at once (not "No data" until something is typed).
  // (a ref: the dropdown opens in the same event as the first keystroke, which then searches on its own)
  const typed = useRef('')
  const onOpenChange = (opened: boolean) => {
    if (opened && !typed.current) inlineQuery('')
  }

  const open = async () => {
    if (!view) return
    if (multiple || !isEmpty(value)) return setPopup({})
    try {
      const first = await queryLov(env, view, { page: 0, size: view.pageSize, extra: extraNow() })
      if (first.total === 1 && first.rows[0]) return choose([first.rows[0]])
      setPopup({ firstPage: first })
    } catch {
      setPopup({}) // the popup queries again and shows the failure where the user looks
    }
  }

  // The open button names its field ("Choose Ship-from warehouse"): a form with two pickers has two buttons
  // a screen reader (and a test) can tell apart. The field's title, else the control's own name.
  const title = typeof field?.title === 'string' && field.title ? field.title : props['aria-label']
  const openLabel = title ? t('lov.openFor', { field: title }) : t('lov.open')

  const known = [...chosen, ...options]
  const rowOf = (key: string) =>
    known.find((row) => keyOf(row, fields) === key) ?? current.find((c) => c.value === key)?.row
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label={props['aria-label']}
        mode={multiple ? 'multiple' : undefined}
        showSearch
        allowClear
        labelInValue
        filterOption={false}
        disabled={disabled || failed}
        loading={viewLoading || searching}
        placeholder={failed ? t('lov.unavailable') : (props.placeholder ?? t('lov.search.placeholder'))}
        value={multiple ? current : current[0]}
        options={options.map((row) => ({ value: keyOf(row, fields), label: labelOf(row, fields) }))}
        onSearch={(text) => {
          typed.current = text
          searchInline(text)
        }}
        onOpenChange={onOpenChange}
        onChange={(next: { value: string } | { value: string }[] | undefined) => {
          const list = next === undefined ? [] : Array.isArray(next) ? next : [next]
          choose(list.map((item) => rowOf(item.value)).filter((row): row is LovRow => row !== undefined))
        }}
        style={{ width: '100%' }}
      />
      <Tooltip title={openLabel}>
        <Button
          aria-label={openLabel}
          icon={<SearchOutlined />}
          disabled={disabled || !view}
          onClick={() => void open()}
        />
      </Tooltip>
      {popup && view ? (
        <LovModal
          view={view}
          fields={fields}
          multiple={multiple}
          chosen={current.map(
            (c) => c.row ?? { [fields.valueField]: c.value, [fields.displayField]: c.label },
          )}
          firstPage={popup.firstPage}
          extra={extraNow()}
          onConfirm={choose}
          onCancel={() => setPopup(undefined)}
        />
      ) : null}
    </Space.Compact>
  )
}
