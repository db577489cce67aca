import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Select } from 'antd'
import { operatorsFor, usePageContext, type FilterFieldConfig, type FilterRow } from '../../renderer/index'
import { emptyRow } from './filter-rows'
import { FilterValueInput } from './FilterValueInput'

export interface FilterRowsEditorProps {
  rows: FilterRow[]
  fields: FilterFieldConfig[]
  /** Edit mode off: rows are read-only (CORE-FLT-04). */
  editing: boolean
  onChange(rows: FilterRow[]): void
}

/** Rows of field / operator / value (CORE-FLT-01); changing a row's field resets its value (CORE-FLT-09). */
export function FilterRowsEditor({ rows, fields, editing, onChange }: FilterRowsEditorProps) {
  const { t } = usePageContext()
  const update = (index: number, change: Partial<FilterRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)))
  const changeField = (index: number, fieldCode: string | undefined) => {
    const field = fields.find((f) => f.fieldCode === fieldCode)
    const operator = rows[index]?.operateCode
    const keepOperator =
      field && operator && operatorsFor(field.widgetType, field.fieldType).includes(operator as never)
    update(index, { fieldCode, operateCode: keepOperator ? operator : undefined, fieldValue: undefined })
  }
  return (
    <div role="list" aria-label={t('filter.title')} style={{ display: 'grid', gap: 8 }}>
      {rows.map((row, index) => {
        const field = fields.find((f) => f.fieldCode === row.fieldCode)
        const operators = field ? operatorsFor(field.widgetType, field.fieldType) : []
        return (
          <div
            role="listitem"
            key={index}
            style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 2fr 32px', gap: 8 }}
          >
            <Select
              aria-label={t('filter.field')}
              placeholder={t('filter.field')}
              disabled={!editing}
              showSearch
              optionFilterProp="label"
              value={row.fieldCode}
              options={fields.map((f) => ({ value: f.fieldCode, label: f.fieldLabel }))}
              onChange={(value: string) => changeField(index, value)}
            />
            <Select
              aria-label={t('filter.operator')}
              placeholder={t('filter.operator')}
              disabled={!editing || !field}
              value={row.operateCode}
              options={operators.map((code) => ({ value: code, label: t(`filter.operator.${code}`) }))}
              onChange={(value: string) => update(index, { operateCode: value })}
            />
            <FilterValueInput
              field={field}
              disabled={!editing}
              value={row.fieldValue}
              onChange={(fieldValue) => update(index, { fieldValue })}
            />
            <Button
              type="text"
              aria-label={t('filter.removeRow')}
              icon={<DeleteOutlined />}
              disabled={!editing}
              onClick={() => onChange(rows.length > 1 ? rows.filter((_, i) => i !== index) : [emptyRow()])}
            />
          </div>
        )
      })}
      {editing ? (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange([...rows, emptyRow()])}
          style={{ justifySelf: 'start' }}
        >
          {t('filter.addRow')}
        </Button>
      ) : null}
    </div>
  )
}
