import { lazy, Suspense, useEffect } from 'react'
import { publish, whenPainted } from '../browser/measure'
import { AppShell, FILE } from './Shell'

// The app's own lazy chunk, loaded as src/routes/PageRouteView.tsx loads it.
const SchemaPageHost = lazy(() => import('../../src/routes/SchemaPageHost'))

/** Measure 1, schema side: the list page as a signed-in user's browser gets it, until its 50th row is painted. */
export default function ListSchemaApp() {
  useEffect(() => whenPainted('.ant-table-tbody tr.ant-table-row', 50, (ms) => publish({ painted: ms })), [])
  return (
    <AppShell>
      <Suspense fallback={null}>
        <SchemaPageHost file={FILE} menuId={1} params={{}} search={new URLSearchParams()} />
      </Suspense>
    </AppShell>
  )
}
