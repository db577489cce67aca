import type { Decorator, Preview } from '@storybook/react-vite'
import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import { useMemo, type ReactNode } from 'react'
import { createRegistry, RendererProvider } from '../renderer/index'
import { makeStoryEnv, type EnvFactory } from '../stories/support/story-env'
import { defaultWidgets } from '../widgets/index'

const registry = createRegistry(defaultWidgets)

/** Every story runs inside antd's ConfigProvider and a RendererProvider with a fixture-backed environment. */
function StoryShell({ factory, children }: { factory?: EnvFactory; children: ReactNode }) {
  // One environment per mounted story, so its caches and recorded calls belong to that story only.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const env = useMemo(() => makeStoryEnv(factory), [])
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#2F54EB' } }}>
      <RendererProvider env={env} registry={registry}>
        {children}
      </RendererProvider>
    </ConfigProvider>
  )
}

const withRenderer: Decorator = (Story, context) => (
  <StoryShell factory={context.parameters.env as EnvFactory | undefined}>
    <Story />
  </StoryShell>
)

const preview: Preview = {
  decorators: [withRenderer],
  parameters: { layout: 'padded' },
}
export default preview
