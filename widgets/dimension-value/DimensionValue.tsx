/**
 * The value of a data permission rule (/hpfm/permission), offered through the data dimension its field follows:
 * while an enabled dimension sourced from a Lov view (/hpfm/data-dimension-config, sourceType LOV) follows the
 * field the rule names, the value is picked in that Lov — several rows for IN / NOT IN, kept comma-separated as
 * the rule stores them — else it is typed. The server checks the values all the same
 * (server/modules/hpfm-admin/dimension-lovs.ts); the picker only offers what the check accepts.
 */
import { connect, mapReadPretty, observer, useForm } from '@formily/react'
import { Input } from 'antd'
import { useEffect, useState } from 'react'
import { tenantPath, useRendererEnv, type Page } from '../../renderer/index'
import { LovPicker } from '../lov/LovPicker'

export interface DimensionValueProps {
  value?: string | null
  onChange?(value: string | null): void
  /** The form field naming the rule's field (default `fieldName`). */
  fieldNameField?: string
  /** The form field holding the rule's operator (default `operator`). */
  operatorField?: string
  disabled?: boolean
  placeholder?: string
  'aria-label'?: string
}

const MULTIPLE = new Set(['IN', 'NOT_IN'])
const PICKED = new Set(['EQUAL', 'NOT_EQUAL', 'IN', 'NOT_IN'])

/** The Lov code of the enabled LOV dimension following `fieldName`, undefined while unknown or none. */
function useDimensionLov(fieldName: string | undefined): string | undefined {
  const env = useRendererEnv()
  const [found, setFound] = useState<{ fieldName: string; lovCode?: string }>()
  useEffect(() => {
    if (!fieldName) return
    let live = true
    env
      .request<Page<{ sourceCode: string }>>({
        method: 'GET',
        service: 'hpfm',
        path: tenantPath(env.user.roleLevel, env.user.tenantId, '/data-dimensions'),
        params: { fieldName, sourceType: 'LOV', enabledFlag: 1, page: 0, size: 1 },
        silent: true,
      })
      .then(
        (page) => live && setFound({ fieldName, lovCode: page.content[0]?.sourceCode }),
        // Without the dimension the value is typed, and the server still checks it.
        () => live && setFound({ fieldName }),
      )
    return () => {
      live = false
    }
  }, [env, fieldName])
  return found && found.fieldName === fieldName ? found.lovCode : undefined
}

export const DimensionValueInput = observer(function DimensionValueInput(props: DimensionValueProps) {
  const { value, onChange, fieldNameField = 'fieldName', operatorField = 'operator' } = props
  const values = (useForm()?.values ?? {}) as Record<string, unknown>
  const fieldName = values[fieldNameField] ? String(values[fieldNameField]) : undefined
  const operator = String(values[operatorField] ?? '')
  const lovCode = useDimensionLov(fieldName)
  if (lovCode && PICKED.has(operator)) {
    const multiple = MULTIPLE.has(operator)
    return (
      <LovPicker
        key={`${lovCode}:${multiple ? 'many' : 'one'}`}
        lovCode={lovCode}
        multiple={multiple}
        value={multiple ? value : value || undefined}
        disabled={props.disabled}
        placeholder={props.placeholder}
        aria-label={props['aria-label']}
        onChange={(picked) =>
          onChange?.(
            Array.isArray(picked)
              ? picked.map(String).join(',')
              : picked === null || picked === undefined
                ? null
                : String(picked),
          )
        }
      />
    )
  }
  return (
    <Input
      value={value ?? ''}
      disabled={props.disabled}
      placeholder={props.placeholder}
      aria-label={props['aria-label']}
      onChange={(event) => onChange?.(event.target.value)}
    />
  )
})

export function DimensionValuePretty(props: { value?: unknown }) {
  return <span>{props.value === null || props.value === undefined ? '' : String(props.value)}</span>
}

export const DimensionValue = connect(DimensionValueInput, mapReadPretty(DimensionValuePretty))
