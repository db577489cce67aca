import { FormLayout } from '@formily/antd-v5/esm/form-layout'
import type { Form } from '@formily/core'
import { FormProvider } from '@formily/react'
import { compileEditForm, type CompilablePage, type FormMode } from '../../renderer/index'
import { useCompileContext } from '../shared/use-compile-context'
import { useSchemaField } from '../shared/use-schema-field'

export interface FormBodyProps {
  page: CompilablePage
  form: Form
  mode: Exclude<FormMode, 'search'>
}

/** The page's form sections compiled to Formily and rendered with the registry's widgets. */
export function FormBody({ page, form, mode }: FormBodyProps) {
  const context = useCompileContext()
  const schema = compileEditForm(page, { ...context, mode })
  const SchemaField = useSchemaField(schema)
  return (
    <FormProvider form={form}>
      <FormLayout layout="vertical" colon={false}>
        <SchemaField schema={schema} />
      </FormLayout>
    </FormProvider>
  )
}
