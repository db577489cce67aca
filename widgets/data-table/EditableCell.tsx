import { Input, InputNumber, Select } from 'antd'
import { useState } from 'react'
import {
  resolvePrecision,
  stepFor,
  useLookup,
  usePageContext,
  useRendererEnv,
  type ColumnModel,
} from '../../renderer/index'
import { cellError } from './editable-cell'

export interface EditableCellProps {
  column: ColumnModel
  value: unknown
  /** True once the table was validated (e.g. a save was attempted): untouched empty cells show their message. */
  validated: boolean
  onChange(value: unknown): void
}

/**
 * One editable cell: a text box, a number box, or a select of the field's value set; a required cell left empty
 * shows 'Please enter {name}' / 'Please select {name}' under it once touched or validated (CORE-TBL-13/14).
 */
export function EditableCell({ column, value, validated, onChange }: EditableCellProps) {
  const { t } = usePageContext()
  const { user } = useRendererEnv()
  const precision = resolvePrecision(column.spec.precision, user.quantityPrecision)
  const [touched, setTouched] = useState(false)
  const lookupCode = column.spec.lookupCode
  const { values: options } = useLookup(lookupCode)
  const error = touched || validated ? cellError(column, value, t) : undefined
  const common = {
    'aria-label': column.title,
    'aria-invalid': error ? true : undefined,
    status: error ? ('error' as const) : undefined,
    onBlur: () => setTouched(true),
    style: { width: '100%' },
  }
  let control
  if (lookupCode)
    control = (
      <Select
        {...common}
        allowClear
        value={value ?? undefined}
        options={options.map((o) => ({ value: o.value, label: o.meaning }))}
        onChange={(next: unknown) => {
          setTouched(true)
          onChange(next ?? null)
        }}
      />
    )
  else if (column.widget === 'InputNumber')
    control = (
      <InputNumber
        {...common}
        precision={precision}
        step={stepFor(precision)}
        value={typeof value === 'number' || typeof value === 'string' ? value : null}
        onChange={(next) => onChange(next)}
      />
    )
  else
    control = (
      <Input
        {...common}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    )
  return (
    <div className="wms-editable-cell">
      {control}
      {error ? (
        <div role="alert" className="ant-form-item-explain-error" style={{ fontSize: 12 }}>
          {error}
        </div>
      ) : null}
    </div>
  )
}
