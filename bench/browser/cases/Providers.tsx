import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import type { ReactNode } from 'react'
import { createRegistry, RendererProvider } from '../../../renderer/index'
import { widgetEntries } from '../../../widgets/index'
import { lookupBatch, permissionCheck } from '../../../stories/fixtures/lookups'
import { createFakeEnv } from '../../../stories/support/fake-env'
import type { BenchRow } from '../fixtures'

const registry = createRegistry(widgetEntries)

/** The app's providers: antd with the app's theme, the renderer with a fake server answering `data`. */
export function SchemaProviders({ data, children }: { data: BenchRow[]; children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#2F54EB' } }}>
      <RendererProvider env={benchEnv(data)} registry={registry}>
        {children}
      </RendererProvider>
    </ConfigProvider>
  )
}

/** The fake server of the schema pages: the list answers a page of `data`; lookups and permissions at once. */
export function benchEnv(data: BenchRow[]) {
  return createFakeEnv({
    handlers: {
      'GET wms /v1/1/bench': (request) => {
        const page = Number(request.params?.page ?? 0)
        const size = Number(request.params?.size ?? 10)
        const content = data.slice(page * size, page * size + size)
        return {
          content,
          totalElements: data.length,
          totalPages: Math.ceil(data.length / size),
          number: page,
          size,
          numberOfElements: content.length,
        }
      },
      'GET hpfm /v1/1/lovs/value/batch': lookupBatch,
      'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
    },
  })
}
