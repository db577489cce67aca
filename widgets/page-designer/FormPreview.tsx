import { createForm } from '@formily/core'
import { Typography } from 'antd'
import { useMemo } from 'react'
import {
  createTexts,
  PageContext,
  usePageContext,
  useRendererEnv,
  WidgetBoundary,
  type ListPage,
} from '../../renderer/index'
import { FormBody } from '../edit-form/FormBody'

/**
 * A list page's form as its create drawer shows it, laid open under the page in the designer, so its sections
 * and fields can be selected on the page too (the drawer itself opens only on the Create button, which in the
 * designer selects the button instead).
 */
export function FormPreview({ page, file }: { page: ListPage; file: string }) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const form = useMemo(() => createForm(), [])
  const context = useMemo(
    () => ({ page, file, params: {}, t: createTexts(env, page.texts) }),
    [page, file, env],
  )
  return (
    <section
      aria-label={t('hpfm.designer.formPreview')}
      style={{ padding: 16, borderTop: '1px dashed #d9d9d9' }}
    >
      <Typography.Title level={5}>{t('hpfm.designer.formPreview')}</Typography.Title>
      <PageContext.Provider value={context}>
        <WidgetBoundary file={file} pointer="/form" title={t('hpfm.designer.issues')}>
          <FormBody page={page} form={form} mode="create" />
        </WidgetBoundary>
      </PageContext.Provider>
    </section>
  )
}
