import { FormLayout } from '@formily/antd-v5/esm/form-layout'
import { createForm } from '@formily/core'
import type { ISchema } from '@formily/json-schema'
import { FormConsumer, FormProvider, createSchemaField } from '@formily/react'
import { useMemo } from 'react'
import { useRegistry } from '../../renderer/index'

export interface FormHarnessProps {
  /** Formily schemas of the form's fields, by name. */
  fields: Record<string, ISchema>
  initialValues?: Record<string, unknown>
  readPretty?: boolean
}

/** Renders a small Formily form with the registry's widgets and shows all its values below (as JSON). */
export function FormHarness({ fields, initialValues, readPretty }: FormHarnessProps) {
  const registry = useRegistry()
  const SchemaField = useMemo(
    () => createSchemaField({ components: registry.components('field', 'decorator', 'part') }),
    [registry],
  )
  const form = useMemo(() => createForm({ initialValues, readPretty }), [initialValues, readPretty])
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, { 'x-decorator': 'FormItem', ...schema }]),
  )
  return (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <SchemaField schema={{ type: 'object', properties }} />
      </FormLayout>
      <FormConsumer>
        {() => <output data-testid="form-values">{JSON.stringify(form.values)}</output>}
      </FormConsumer>
    </FormProvider>
  )
}
