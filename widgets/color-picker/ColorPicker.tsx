import type { Field } from '@formily/core'
import { connect, mapReadPretty, useField } from '@formily/react'
import { ColorPicker as AntColorPicker, Input } from 'antd'
import { useState } from 'react'
import { useTexts } from '../shared/use-texts'
import { isColorText } from './color-text'

export interface ColorInputProps {
  value?: string | null
  onChange?(value: string | null): void
  disabled?: boolean
  placeholder?: string
  'aria-label'?: string
}

/**
 * A colour typed as text or picked from a palette. Text that is not a colour (CORE-VAL-01) stays in the box
 * and marks the field invalid, so the form cannot be saved with it.
 */
export function ColorInput({ value, onChange, disabled, placeholder, ...rest }: ColorInputProps) {
  const t = useTexts()
  const field = useField<Field>()
  const [invalid, setInvalid] = useState(false)
  const change = (text: string) => {
    const bad = text !== '' && !isColorText(text)
    setInvalid(bad)
    field?.setSelfErrors?.(bad ? [t('fields.color.invalid')] : [])
    onChange?.(text || null)
  }
  const swatch = value && isColorText(value) ? value : undefined
  return (
    <Input
      value={value ?? ''}
      disabled={disabled}
      placeholder={placeholder ?? '#1890ff'}
      status={invalid ? 'error' : undefined}
      aria-label={rest['aria-label']}
      aria-invalid={invalid}
      onChange={(event) => change(event.target.value)}
      addonBefore={
        <AntColorPicker
          size="small"
          disabled={disabled}
          value={swatch}
          // Full opacity as #rrggbb, translucent as rgba(): both are colours CORE-VAL-01 accepts (#rrggbbaa is not).
          onChangeComplete={(color) =>
            change(color.toRgb().a < 1 ? color.toRgbString() : color.toHexString())
          }
        />
      }
    />
  )
}

/** Read-only: a swatch and the text. */
export function ColorPretty({ value }: { value?: unknown }) {
  const text = typeof value === 'string' ? value : ''
  return (
    <span className="wms-read-pretty" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {isColorText(text) ? (
        <span
          aria-hidden
          data-testid="color-swatch"
          style={{ width: 14, height: 14, borderRadius: 2, background: text, border: '1px solid #d9d9d9' }}
        />
      ) : null}
      {text}
    </span>
  )
}

export const ColorPicker = connect(ColorInput, mapReadPretty(ColorPretty))
