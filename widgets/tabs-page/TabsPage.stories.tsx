import type { Meta, StoryObj } from '@storybook/react-vite'
import { SchemaPage } from '../../renderer/index'
import { masterDataTabs, tabsBackend } from '../../stories/fixtures/page-kinds'
import { createFakeEnv } from '../../stories/support/fake-env'

/** The tabs page kind: each tab loads its page file from the server by route. */
const meta = {
  title: 'Pages/TabsPage',
  component: SchemaPage,
  args: { page: masterDataTabs, file: 'story: tabs', params: {} },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

export const MasterData: Story = {
  parameters: { env: () => createFakeEnv({ handlers: tabsBackend().handlers }) },
}
/** A role without demo.overview.button.view does not see the overview tab. */
export const WithoutOverviewPermission: Story = {
  parameters: { env: () => createFakeEnv({ handlers: tabsBackend(['demo.overview.button.view']).handlers }) },
}
