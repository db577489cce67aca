import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { PageWidgetProps, WidgetDefinition } from '../../renderer/index'

// The designer, its document model, the page validators and the JSON Schema load only when it opens.
const PageDesigner = lazy(() => import('./PageDesigner'))

function PageDesignerPage(props: PageWidgetProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <PageDesigner {...props} />
    </Suspense>
  )
}

export const pageDesignerWidget: WidgetDefinition = {
  name: 'PageDesigner',
  kind: 'page',
  component: PageDesignerPage,
  description:
    'Custom page: design a page file (?route=) — reorder and add its search fields, columns and form fields, edit their properties and texts, review the diff and save the file.',
}
