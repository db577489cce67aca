import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TabBar, type TabCommand } from '../../src/tabs/TabBar'
import { createTabStore, type TabStore } from '../../src/tabs/tab-store'
import { useTabState } from '../../src/tabs/use-tab-state'
import { ShellHarness } from './ShellHarness'

/** A live tab store: the story's tabs open, close and answer the context menu like the shell's. */
function TabBarStory({ pages, active }: { pages: string[]; active?: string }) {
  const [store] = useState<TabStore>(() => {
    const created = createTabStore({
      home: { key: '/workplace', routeTitle: 'Workplace' },
      roleCode: 'tenant-admin',
    })
    pages.forEach((key) =>
      created.open({
        key,
        pathname: key.split('?')[0]!,
        routeTitle: key.includes('title=') ? undefined : 'Warehouses',
      }),
    )
    if (active) created.activate(active)
    return created
  })
  const state = useTabState(store)
  const [lastMessage, setLastMessage] = useState('')
  const onCommand = (command: TabCommand, key: string) => {
    const result =
      command === 'fullscreen'
        ? {}
        : command === 'close'
          ? store.close(key)
          : command === 'closeAll'
            ? store.closeAll()
            : store[command](key)
    setLastMessage(result.message ?? '')
    if (result.activate) store.activate(result.activate)
  }
  return (
    <ShellHarness>
      <TabBar
        state={state}
        fallbackKey="/workplace"
        onSelect={(key) => store.activate(key)}
        onCommand={onCommand}
      />
      <TabMessage messageKey={lastMessage} />
    </ShellHarness>
  )
}

/** The message the shell would show for the last action, in the user's language. */
function TabMessage({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation()
  return <output data-testid="tab-message">{messageKey ? t(messageKey) : ''}</output>
}

const meta = {
  title: 'Shell/TabBar',
  component: TabBarStory,
  args: { pages: [] },
} satisfies Meta<typeof TabBarStory>
export default meta
type Story = StoryObj<typeof meta>

/** Only the fixed home tab (CORE-TAB-01): no close control. */
export const HomeOnly: Story = {}
/** Several pages; the middle one active; titles from the route or the `title` query (CORE-TAB-04). */
export const SeveralPages: Story = {
  args: {
    pages: ['/wmdm/warehouse', '/wmdm/warehouse/detail/7?title=WH-E001', '/wmdm/warehouse?page=2'],
    active: '/wmdm/warehouse/detail/7?title=WH-E001',
  },
}
