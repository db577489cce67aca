import { FormLayout } from '@formily/antd-v5/esm/form-layout'
import type { Form } from '@formily/core'
import { FormProvider } from '@formily/react'
import { useMemo } from 'react'
import {
  compileEditForm,
  defaultWarehouseValues,
  markSchema,
  useDesignMode,
  useRendererEnv,
  type CompilablePage,
  type FormMode,
} from '../../renderer/index'
import { useCompileContext } from '../shared/use-compile-context'
import { useSchemaField } from '../shared/use-schema-field'

export interface FormBodyProps {
  page: CompilablePage
  form: Form
  mode: Exclude<FormMode, 'search'>
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/**
 * The page's form sections compiled to Formily and rendered with the registry's widgets. A create form starts
 * with the user's default warehouse in its warehouse picker (compile/default-warehouse.ts), unless the value is
 * already there (e.g. a copied row).
 */
export function FormBody({ page, form, mode }: FormBodyProps) {
  const { user } = useRendererEnv()
  // Before the fields render, once per form: the values become the form's initial values, so a reset keeps them.
  useMemo(() => {
    if (mode !== 'create') return
    for (const [path, value] of Object.entries(defaultWarehouseValues(page, user.defaultWarehouse))) {
      if (!isEmpty(form.getValuesIn(path))) continue
      form.setInitialValuesIn(path, value)
      form.setValuesIn(path, value)
    }
  }, [form, mode, page, user.defaultWarehouse])
  const context = useCompileContext()
  const compiled = compileEditForm(page, { ...context, mode })
  // In the page designer each section and field carries the pointer of its entry in form.sections.
  const design = useDesignMode()
  const schema = useMemo(
    () => (design ? markSchema(compiled, (path) => formPointer(page, path)) : compiled),
    [design, compiled, page],
  )
  const SchemaField = useSchemaField(schema)
  return (
    <FormProvider form={form}>
      <FormLayout layout="vertical" colon={false}>
        <SchemaField schema={schema} />
      </FormLayout>
    </FormProvider>
  )
}

/** The pointer of a compiled form node (['section1'] or ['section1', 'code']) in the page's form.sections. */
function formPointer(page: CompilablePage, [section, field]: string[]): string | undefined {
  const index = Number(section?.replace(/^section/, ''))
  const fields = page.form?.sections[index]?.fields
  if (!fields) return undefined
  if (field === undefined) return `/form/sections/${index}`
  const at = fields.indexOf(field)
  return at >= 0 ? `/form/sections/${index}/fields/${at}` : undefined
}
