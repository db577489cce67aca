import { Input, InputNumber, Select } from 'antd'
import { useLookup, usePageContext, type FilterFieldConfig } from '../../renderer/index'
import { WireDatePicker } from '../date-picker/DatePicker'
import { DECIMALS } from './filter-rows'

export interface FilterValueInputProps {
  field?: FilterFieldConfig
  value: unknown
  onChange(value: unknown): void
  disabled?: boolean
}

const asText = (value: unknown) => (value === undefined || value === null ? undefined : String(value))
const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : value === undefined || value === null || value === ''
      ? []
      : [String(value)]

/**
 * The value control of a filter row, chosen by widgetType (CORE-FLT-11). Values are kept in wire form:
 * dates as text, multiple choices as arrays. Lov fields take the picked values typed in (comma- or
 * enter-separated) because the value-list picker is a widget of its own; what is sent is the same.
 */
export function FilterValueInput({ field, value, onChange, disabled }: FilterValueInputProps) {
  const { t } = usePageContext()
  const { values, loading } = useLookup(
    field && (field.widgetType === 'Select' || field.widgetType === 'MulSelect') ? field.content : undefined,
  )
  const label = t('filter.value')
  const common = { 'aria-label': label, disabled, style: { width: '100%' } }
  if (!field) return <Input {...common} disabled />
  switch (field.widgetType) {
    case 'InputNumber': {
      const decimals = field.fieldType === 'FLOAT' ? DECIMALS.FLOAT : DECIMALS.INTEGER
      return (
        <InputNumber
          {...common}
          precision={decimals}
          step={decimals ? 0.001 : 1}
          value={value === undefined || value === null || value === '' ? null : Number(value)}
          onChange={(next) => onChange(next ?? undefined)}
        />
      )
    }
    case 'DatePicker':
    case 'DatetimePicker':
      return (
        <div aria-label={label}>
          <WireDatePicker
            disabled={disabled}
            withTime={field.widgetType === 'DatetimePicker'}
            value={asText(value) ?? null}
            onChange={(next) => onChange(next ?? undefined)}
          />
        </div>
      )
    case 'Select':
    case 'MulSelect': {
      const multiple = field.widgetType === 'MulSelect'
      return (
        <Select
          {...common}
          allowClear
          showSearch
          optionFilterProp="label"
          loading={loading}
          mode={multiple ? 'multiple' : undefined}
          options={values.map((v) => ({ value: v.value, label: v.meaning }))}
          value={multiple ? asList(value) : asText(value)}
          onChange={(next: unknown) => onChange(next)}
        />
      )
    }
    case 'Lov':
    case 'MulLov':
      return (
        <Select
          {...common}
          mode="tags"
          tokenSeparators={[',']}
          maxCount={field.widgetType === 'Lov' ? 1 : undefined}
          open={false}
          value={asList(value)}
          onChange={(next: string[]) => onChange(field.widgetType === 'Lov' ? next[0] : next)}
        />
      )
    default:
      return (
        <Input {...common} value={asText(value) ?? ''} onChange={(event) => onChange(event.target.value)} />
      )
  }
}
