import type { Meta, StoryObj } from '@storybook/react-vite'
import { ApiError, SchemaPage } from '../../renderer/index'
import { lookupBatch, permissionCheck } from '../../stories/fixtures/lookups'
import { aggregateHandler, overviewPage } from '../../stories/fixtures/page-kinds'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

/** The dashboard page kind: figures and charts from the model's aggregate endpoint. */
const meta = {
  title: 'Pages/DashboardPage',
  component: SchemaPage,
  args: { page: overviewPage, file: 'story: dashboard', params: {} },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

const backend = (aggregate: Handler) => () =>
  createFakeEnv({
    handlers: {
      'GET wms /v1/1/warehouses/aggregate': aggregate,
      'GET hpfm /v1/1/lovs/value/batch': lookupBatch,
      'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
    },
  })

export const WarehouseFigures: Story = { parameters: { env: backend(aggregateHandler) } }
/** The aggregate endpoint answers an error envelope: each card says so (with its message) instead of a zero. */
export const AggregateFails: Story = {
  parameters: {
    env: backend(() => {
      throw new ApiError(
        'The figures could not be computed: the query was cancelled. Open the page again.',
        500,
        'error.internal',
      )
    }),
  },
}

/** A new tenant without warehouses: zero figures and empty charts, not errors. */
export const NoData: Story = {
  parameters: {
    env: backend((request) => (request.params?.groupBy ? [] : [{ key: null, value: 0 }])),
  },
}
