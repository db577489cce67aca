import { Button, Input, Segmented, Space, Tag } from 'antd'
import { useState } from 'react'
import {
  columnFilterModes,
  usePageContext,
  type ColumnFilterMode,
  type ColumnFilterValue,
  type FilterFieldType,
} from '../../renderer/index'

export interface ColumnFilterProps {
  title: string
  fieldType: FilterFieldType
  value: ColumnFilterValue | undefined
  /** Applies the filter (undefined clears it) and closes the dropdown. */
  onApply(value: ColumnFilterValue | undefined): void
}

/**
 * The dropdown of a column header filter (CORE-TBL-07): mode fuzzy (1) / exact (2) / exclude (3), then one
 * text (fuzzy) or several values, each entered whole and confirmed with Enter (exact, exclude), so commas and spaces stay in a value.
 */
export function ColumnFilter({ title, fieldType, value, onApply }: ColumnFilterProps) {
  const { t } = usePageContext()
  const modes = columnFilterModes(fieldType)
  const [mode, setMode] = useState<ColumnFilterMode>(value?.mode ?? modes[0] ?? 2)
  const [values, setValues] = useState<string[]>(value?.values ?? [])
  // A typed value not yet confirmed with Enter still counts when the user presses "Filter".
  const [draft, setDraft] = useState('')
  const withDraft = () =>
    draft.trim() && !values.includes(draft.trim()) ? [...values, draft.trim()] : values
  const apply = () => {
    const chosen = mode === 1 ? values.slice(0, 1) : withDraft()
    onApply(chosen.some((v) => v.trim()) ? { mode, values: chosen } : undefined)
  }
  return (
    <div
      className="wms-column-filter"
      role="group"
      aria-label={t('table.filter.label', { name: title })}
      style={{ padding: 8, width: 260 }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<ColumnFilterMode>
          block
          aria-label={t('table.filter.mode')}
          value={mode}
          options={modes.map((m) => ({ value: m, label: t(`table.filter.mode.${m}`) }))}
          onChange={setMode}
        />
        {mode === 1 ? (
          <Input
            aria-label={t('table.filter.value')}
            placeholder={t('table.filter.value')}
            value={values[0] ?? ''}
            onChange={(event) => setValues([event.target.value])}
            onPressEnter={apply}
          />
        ) : (
          <>
            <Input
              aria-label={t('table.filter.values')}
              placeholder={t('table.filter.values')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={() => {
                setValues(withDraft())
                setDraft('')
              }}
            />
            <div>
              {values.map((v) => (
                <Tag key={v} closable onClose={() => setValues(values.filter((x) => x !== v))}>
                  {v}
                </Tag>
              ))}
            </div>
          </>
        )}
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button
            size="small"
            onClick={() => {
              setValues([])
              onApply(undefined)
            }}
          >
            {t('common.action.reset')}
          </Button>
          <Button size="small" type="primary" onClick={apply}>
            {t('table.filter.apply')}
          </Button>
        </Space>
      </Space>
    </div>
  )
}
