import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import type { ReactNode } from 'react'
import { createRegistry, RendererProvider } from '../../../renderer/index'
import { defaultWidgets } from '../../../widgets/index'
import { benchEnv, type BenchRow } from '../fixtures'

const registry = createRegistry(defaultWidgets)

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

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#2F54EB' } }}>
      {children}
    </ConfigProvider>
  )
}
