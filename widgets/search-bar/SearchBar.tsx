import { FormLayout } from '@formily/antd-v5/esm/form-layout'
import { createForm } from '@formily/core'
import { FormProvider } from '@formily/react'
import { Button, Space } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import {
  compileSearchForm,
  markSchema,
  searchParams,
  useDesignMode,
  usePageContext,
  type CompilablePage,
} from '../../renderer/index'
import { useCompileContext } from '../shared/use-compile-context'
import { useSchemaField } from '../shared/use-schema-field'

export interface SearchBarProps {
  page: CompilablePage
  /** Called with the non-empty conditions after the form validated (ranges as <name>From / <name>To). */
  onSearch(filters: Record<string, unknown>): void
  initialValues?: Record<string, unknown>
}

/**
 * Search conditions: `columns` per row (default 7), `rows` rows while collapsed (default 1), the rest behind
 * "More". Validates before searching and before resetting (CORE-TBL-09).
 */
export function SearchBar({ page, onSearch, initialValues }: SearchBarProps) {
  const { t } = usePageContext()
  const context = useCompileContext()
  const compiled = compileSearchForm(page, context)
  const names = useMemo(() => page.search?.fields ?? [], [page.search])
  // In the page designer each field carries the pointer of its entry in search.fields (design-marks.ts).
  const design = useDesignMode()
  const schema = useMemo(
    () => (design ? markSchema(compiled, ([name]) => `/search/fields/${names.indexOf(name!)}`) : compiled),
    [design, compiled, names],
  )
  const SchemaField = useSchemaField(schema)
  const form = useMemo(() => createForm({ initialValues }), [initialValues])
  const [expanded, setExpanded] = useState(false)
  const columns = page.search?.columns ?? 7
  const shown = columns * (page.search?.rows ?? 1)
  const collapsible = names.length > shown

  useEffect(() => {
    // Hidden, not removed: a collapsed condition keeps its value and still filters.
    names.forEach((name, index) =>
      form.setFieldState(name, (state) => {
        state.display = expanded || index < shown ? 'visible' : 'hidden'
      }),
    )
  }, [form, names, expanded, shown])

  const search = () =>
    form.validate().then(
      () => onSearch(searchParams(page.fields, { ...form.values })),
      () => undefined,
    )
  const reset = () =>
    form.validate().then(
      () => {
        // back to the values the page opened with (defaults, and a filter named in the address): the boxes and
        // the query agree
        form.reset()
        onSearch(searchParams(page.fields, { ...form.values }))
      },
      () => undefined,
    )
  if (!names.length) return null
  return (
    <FormProvider form={form}>
      <form
        role="search"
        className="wms-search-bar"
        style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault()
          void search()
        }}
      >
        <FormLayout layout="vertical" colon={false}>
          <div
            style={{
              flex: 1,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              columnGap: 12,
            }}
          >
            <SchemaField schema={schema} />
          </div>
        </FormLayout>
        <Space style={{ paddingTop: 30 }}>
          {collapsible ? (
            <Button type="link" onClick={() => setExpanded(!expanded)}>
              {t(expanded ? 'common.action.collapse' : 'common.action.more')}
            </Button>
          ) : null}
          <Button onClick={() => void reset()}>{t('common.action.reset')}</Button>
          <Button type="primary" htmlType="submit">
            {t('common.action.search')}
          </Button>
        </Space>
      </form>
    </FormProvider>
  )
}
