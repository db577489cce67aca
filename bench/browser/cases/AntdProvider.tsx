import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import type { ReactNode } from 'react'

/** The hand-written cases' provider: antd with the app's theme, and nothing of the renderer. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#2F54EB' } }}>
      {children}
    </ConfigProvider>
  )
}
