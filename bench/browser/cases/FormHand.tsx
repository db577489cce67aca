import { FormGrid, FormItem, FormLayout, Input, NumberPicker, Select } from '@formily/antd-v5'
import { createForm } from '@formily/core'
import { Field, FormProvider } from '@formily/react'
import { Card, Flex } from 'antd'
import { useEffect, useMemo } from 'react'
import { FORM_FIELDS, rows, typeMeaning } from '../fixtures'
import { markTarget, publish, whenPainted } from '../measure'
import { SchemaProviders } from './Providers'

const typeOptions = [...typeMeaning].map(([value, label]) => ({ value, label }))

/**
 * Measure 2, baseline: the same 300 fields written by hand with Formily and its antd components, in the same app
 * providers as the schema form (as measures 1 and 3 compare): a form written by hand in this app renders inside
 * them too, so the ratio is the schema path's own cost.
 */
export default function FormHand() {
  const form = useMemo(() => createForm(), [])
  useEffect(
    () =>
      whenPainted('.ant-formily-item', 300, (ms) => {
        publish({ painted: ms })
        markTarget('.ant-formily-item input.ant-input', 150)
      }),
    [],
  )
  return (
    <SchemaProviders data={rows(1)}>
      <FormProvider form={form}>
        <FormLayout layout="vertical">
          <Flex vertical gap={16} style={{ padding: 16 }}>
            {Array.from({ length: 10 }, (_, s) => (
              <Card key={s} title="Section">
                <FormGrid maxColumns={3} minColumns={3}>
                  {FORM_FIELDS.slice(s * 30, s * 30 + 30).map((f) => (
                    <Field
                      key={f.name}
                      name={f.name}
                      title={f.label}
                      decorator={[FormItem]}
                      component={
                        f.widget === 'Select'
                          ? [Select, { options: typeOptions, allowClear: true }]
                          : f.widget === 'InputNumber'
                            ? [NumberPicker]
                            : [Input, { allowClear: true }]
                      }
                    />
                  ))}
                </FormGrid>
              </Card>
            ))}
          </Flex>
        </FormLayout>
      </FormProvider>
    </SchemaProviders>
  )
}
