import type { Decorator, Preview } from '@storybook/react-vite'
import { App, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import zhTW from 'antd/locale/zh_TW'
import { useEffect, useMemo, type ReactNode } from 'react'
import type { Language } from '../renderer/contract/wire'
import { createRegistry, RendererProvider } from '../renderer/index'
import { createNotifier } from '../src/http/notifier'
import type { FakeEnv } from '../stories/support/fake-env'
import { applyGlobals, type StoryGlobals } from '../stories/support/story-globals'
import { makeStoryEnv, type EnvFactory } from '../stories/support/story-env'
import { loadAllWidgets } from '../widgets/index'
import '../src/antd-fixes.css'

// Every widget loaded before the first story (the app loads a page's widgets with it, widgets/index.ts).
const registry = createRegistry(await loadAllWidgets())
const ANTD_LOCALES = { zh_CN: zhCN, en_US: enUS, zh_TW: zhTW } satisfies Record<Language, unknown>

/**
 * Shows the env's notices as the app does (antd notifications, src/http/notifier.tsx). Not under test: the
 * tests read `env.notices`, and a notification repeating a message on the page would make its text ambiguous.
 */
function ShowNotices({ env }: { env: FakeEnv }) {
  const { notification } = App.useApp()
  useEffect(() => {
    if (import.meta.env.MODE === 'test') return
    env.display = createNotifier(notification, (key) => env.i18n.t(key))
    return () => {
      env.display = undefined
    }
  }, [env, notification])
  return null
}

/**
 * Every story runs inside antd's ConfigProvider and App and a RendererProvider with the app's environment and
 * HTTP client over fixtures (stories/support/fake-env.ts), in the toolbar's language and as the toolbar's role
 * (stories/support/story-globals.ts).
 */
function StoryShell(props: { factory?: EnvFactory; globals: StoryGlobals; children: ReactNode }) {
  const { factory, globals, children } = props
  // One environment per mounted story and switcher setting, so its caches and recorded calls belong to it.
  const env = useMemo(
    () => applyGlobals(makeStoryEnv(factory), globals),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [globals.locale, globals.role],
  )
  return (
    <ConfigProvider
      key={`${globals.locale}-${globals.role}`}
      locale={ANTD_LOCALES[env.user.language]}
      theme={{ token: { colorPrimary: '#2F54EB' } }}
    >
      <App>
        <ShowNotices env={env} />
        <RendererProvider env={env} registry={registry}>
          {children}
        </RendererProvider>
      </App>
    </ConfigProvider>
  )
}

const withRenderer: Decorator = (Story, context) => (
  <StoryShell
    factory={context.parameters.env as EnvFactory | undefined}
    globals={context.globals as StoryGlobals}
  >
    <Story />
  </StoryShell>
)

const preview: Preview = {
  decorators: [withRenderer],
  parameters: {
    layout: 'padded',
    options: {
      storySort: { order: ['Introduction', 'Widgets', ['Fields', 'Parts', 'Pages'], 'Pages', 'Screens'] },
    },
  },
  globalTypes: {
    locale: {
      description: 'Language of the texts and of antd (unset: the story’s own)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        dynamicTitle: true,
        items: [
          { value: 'zh_CN', title: '简体中文 (zh_CN)' },
          { value: 'en_US', title: 'English (en_US)' },
          { value: 'zh_TW', title: '繁體中文 (zh_TW)' },
        ],
      },
    },
    role: {
      description: 'Seed role whose permission codes the page may use (unset: the story’s own answers)',
      toolbar: {
        title: 'Role',
        icon: 'user',
        dynamicTitle: true,
        items: [
          { value: 'admin', title: 'admin (tenant-admin: every code)' },
          { value: 'clerk', title: 'clerk (wh-clerk: no delete)' },
          { value: 'jxs', title: 'jxs (dealer: own orders only)' },
        ],
      },
    },
  },
}
export default preview
