import type { Meta, StoryObj } from '@storybook/react-vite'
import { SchemaPage } from '../../renderer/index'
import {
  aggregateHandler,
  masterDataTabs,
  orderBackend,
  orderPage,
  overviewPage,
  tabsBackend,
} from '../fixtures/page-kinds'
import { lookupBatch, permissionCheck } from '../fixtures/lookups'
import { createFakeEnv } from '../support/fake-env'

/** One story per page kind beyond list and form, each rendered from its page schema by SchemaPage. */
const meta = {
  title: 'Pages/Page kinds',
  component: SchemaPage,
  args: { page: orderPage, file: 'story: master-detail', params: { orderId: '7' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** master-detail: the order header and its lines; lines are edited locally and saved with the header in one call. */
export const MasterDetail: Story = {
  parameters: { env: () => createFakeEnv({ handlers: orderBackend().handlers }) },
}

/** master-detail whose save is refused with 409: the page says so and offers a reload. */
export const MasterDetailConflict: Story = {
  parameters: { env: () => createFakeEnv({ handlers: orderBackend({ stale: true }).handlers }) },
}

/** tabs: each tab loads its page from the server by route. */
export const Tabs: Story = {
  args: { page: masterDataTabs, file: 'story: tabs', params: {} },
  parameters: { env: () => createFakeEnv({ handlers: tabsBackend().handlers }) },
}

/** tabs: the overview tab is hidden from a role without demo.overview.button.view. */
export const TabsWithoutPermission: Story = {
  args: { page: masterDataTabs, file: 'story: tabs', params: {} },
  parameters: { env: () => createFakeEnv({ handlers: tabsBackend(['demo.overview.button.view']).handlers }) },
}

/** dashboard: figures and a chart from the model's aggregate endpoint. */
export const Dashboard: Story = {
  args: { page: overviewPage, file: 'story: dashboard', params: {} },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          'GET wms /v1/1/warehouses/aggregate': aggregateHandler,
          'GET hpfm /v1/1/lovs/value/batch': lookupBatch,
          'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
        },
      }),
  },
}
