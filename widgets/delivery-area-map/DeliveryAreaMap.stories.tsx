import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import areaMapPageFile from '../../schemas/pages/ets/shipping-area.page.json'
import { SchemaPage } from '../../renderer/index'
import { etsBackend } from '../../stories/fixtures/ets-backend'
import { createFakeEnv } from '../../stories/support/fake-env'

const areaMapPage = pageWithModel(areaMapPageFile)

/** The delivery area map (/ets/shipping-area): provinces coloured by warehouse, the area list below. */
const meta = {
  title: 'Pages/DeliveryAreaMap',
  component: SchemaPage,
  args: { page: areaMapPage, file: 'schemas/pages/ets/shipping-area.page.json', params: {} },
  parameters: { layout: 'fullscreen', env: () => createFakeEnv({ handlers: etsBackend().handlers }) },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Three warehouses; Jiangsu served by two (first colour and "+1"). */
export const ThreeWarehouses: Story = {}

/** No delivery areas yet: every tile grey, "not served". */
export const NoAreas: Story = {
  parameters: {
    env: () => createFakeEnv({ handlers: etsBackend({ map: { warehouses: [], areas: [] } }).handlers }),
  },
}

/** The map call fails: its message, the list still below. */
export const LoadFailed: Story = {
  parameters: {
    env: () => createFakeEnv({ handlers: etsBackend({ mapError: 'Database unavailable' }).handlers }),
  },
}
