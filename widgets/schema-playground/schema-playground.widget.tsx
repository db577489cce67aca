import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { PageWidgetProps, WidgetDefinition } from '../../renderer/index'

// CodeMirror and the JSON Schema tooling load only when the playground opens.
const SchemaPlayground = lazy(() => import('./SchemaPlayground'))

function SchemaPlaygroundPage(props: PageWidgetProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <SchemaPlayground {...props} />
    </Suspense>
  )
}

export const schemaPlaygroundWidget: WidgetDefinition = {
  name: 'SchemaPlayground',
  kind: 'page',
  component: SchemaPlaygroundPage,
  description:
    'Custom page: edit a page file with completion and live validation, rendered beside the editor.',
}
