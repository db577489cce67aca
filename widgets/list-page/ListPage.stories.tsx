import type { Meta, StoryObj } from '@storybook/react-vite'
import warehousePage from '../../schemas/pages/wmdm/warehouse.page.json'
import { SchemaPage } from '../../renderer/index'
import { sampleWarehouses, warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'

const meta = {
  title: 'Pages/ListPage',
  component: SchemaPage,
  args: { page: warehousePage, file: 'schemas/pages/wmdm/warehouse.page.json', params: {} },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** The warehouse list against 23 fixture rows, every permission approved. */
export const Warehouses: Story = {
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend().handlers }) },
}

/** A clerk: may create and edit, the delete code is denied so no delete buttons appear. */
export const WithoutDelete: Story = {
  parameters: {
    env: () =>
      createFakeEnv({ handlers: warehouseBackend({ denied: ['wmdm.warehouse.button.delete'] }).handlers }),
  },
}

/** No rows: the empty state says what to do next. */
export const Empty: Story = {
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend({ rows: [] }).handlers }) },
}

/** Page 3 asked for in the URL but only one row left: steps back to the last page with rows. */
export const StepsBack: Story = {
  args: { search: new URLSearchParams('pageNo=3') },
  parameters: {
    env: () => createFakeEnv({ handlers: warehouseBackend({ rows: sampleWarehouses(11) }).handlers }),
  },
}
