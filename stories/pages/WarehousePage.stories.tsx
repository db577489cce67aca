import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import warehousePageFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { SchemaPage } from '../../renderer/index'
import { warehouseBackend } from '../fixtures/warehouse-backend'
import { createFakeEnv } from '../support/fake-env'

const warehousePage = pageWithModel(warehousePageFile)

/**
 * schemas/pages/wmdm/warehouse.page.json rendered as the app renders it, against wire-shaped fixtures.
 * Edit the page file and the story follows.
 */
const meta = {
  title: 'Screens/Warehouses (wmdm)',
  component: SchemaPage,
  args: { page: warehousePage, file: 'schemas/pages/wmdm/warehouse.page.json', params: {} },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

export const English: Story = {
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend().handlers }) },
}
export const SimplifiedChinese: Story = {
  parameters: {
    env: () => createFakeEnv({ handlers: warehouseBackend().handlers, user: { language: 'zh_CN' } }),
  },
}
export const ClerkWithoutDelete: Story = {
  parameters: {
    env: () =>
      createFakeEnv({ handlers: warehouseBackend({ denied: ['wmdm.warehouse.button.delete'] }).handlers }),
  },
}
/** A broken page file: the panel names the file, line:column, pointer and a suggestion. */
export const BrokenSchema: Story = {
  parameters: { errorPanel: true },
  args: { page: { ...warehousePage, table: { ...warehousePage.table, colums: [] } } },
}
