import { FormLayout } from '@formily/antd-v5/esm/form-layout'
import { createForm } from '@formily/core'
import type { ISchema } from '@formily/json-schema'
import { FormProvider, FormConsumer, createSchemaField } from '@formily/react'
import { useMemo } from 'react'
import { useRegistry } from '../../renderer/index'

export interface FieldHarnessProps {
  /** The Formily schema of one field named `value`. */
  field: ISchema
  initialValue?: unknown
  readPretty?: boolean
}

/** Renders one field widget inside a Formily form (edit or read-pretty) and shows the form value below it. */
export function FieldHarness({ field, initialValue, readPretty }: FieldHarnessProps) {
  const registry = useRegistry()
  const SchemaField = useMemo(
    () => createSchemaField({ components: registry.components('field', 'decorator', 'part') }),
    [registry],
  )
  const form = useMemo(
    () => createForm({ initialValues: { value: initialValue }, readPretty }),
    [initialValue, readPretty],
  )
  return (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <SchemaField
          schema={{ type: 'object', properties: { value: { 'x-decorator': 'FormItem', ...field } } }}
        />
      </FormLayout>
      <FormConsumer>
        {() => (
          <>
            <output data-testid="form-value">{JSON.stringify(form.values.value ?? null)}</output>
            {/* Values a widget keeps beside its own (e.g. _tls of a multi-language field). */}
            <output data-testid="form-values" hidden>
              {JSON.stringify(form.values)}
            </output>
          </>
        )}
      </FormConsumer>
    </FormProvider>
  )
}
