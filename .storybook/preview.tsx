import type { Decorator, Preview } from '@storybook/react-vite'
import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import { useMemo } from 'react'
import { createRegistry, RendererProvider } from '../renderer/index'
import { makeStoryEnv, type EnvFactory } from '../stories/support/story-env'
import { defaultWidgets } from '../widgets/index'

const registry = createRegistry(defaultWidgets)

/** Every story runs inside antd's ConfigProvider and a RendererProvider with a fixture-backed environment. */
const withRenderer: Decorator = (Story, context) => {
  const factory = context.parameters.env as EnvFactory | undefined
  // One environment per mounted story, so its caches and recorded calls belong to that story only.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const env = useMemo(() => makeStoryEnv(factory), [])
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#2F54EB' } }}>
      <RendererProvider env={env} registry={registry}>
        <Story />
      </RendererProvider>
    </ConfigProvider>
  )
}

const preview: Preview = {
  decorators: [withRenderer],
  parameters: { layout: 'padded' },
}
export default preview
