import type { Meta, StoryObj } from '@storybook/react-vite'
import { ApiError, SchemaPage } from '../../renderer/index'
import { orderBackend, orderPage, orderPageWithLineAction } from '../../stories/fixtures/page-kinds'
import { createFakeEnv } from '../../stories/support/fake-env'

/** The master-detail page kind: a header form and its line table, saved in one batch. */
const meta = {
  title: 'Pages/MasterDetailPage',
  component: SchemaPage,
  args: { page: orderPage, file: 'story: master-detail', params: { orderId: '7' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

export const OrderWithLines: Story = {
  parameters: { env: () => createFakeEnv({ handlers: orderBackend().handlers }) },
}
/** The batch is refused with 409 (someone else saved first): the page says so and offers a reload. */
export const SavedBySomeoneElse: Story = {
  parameters: { env: () => createFakeEnv({ handlers: orderBackend({ stale: true }).handlers }) },
}
export const SimplifiedChinese: Story = {
  parameters: {
    env: () => createFakeEnv({ handlers: orderBackend().handlers, user: { language: 'zh_CN' } }),
  },
}

/** The order cannot be read (deleted meanwhile): the page says what happened instead of an empty form. */
export const NotFound: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...orderBackend().handlers,
          'GET wms /v1/1/transfer-orders/7': () => {
            throw new ApiError(
              'Transfer order 7 was not found: it may have been deleted.',
              404,
              'error.not_found',
            )
          },
        },
      }),
  },
}

/**
 * A server action on a line ("Ship"): its dialog asks for the quantity, the server refuses more than the line
 * holds (shown in the dialog, the input kept), and after a shipment the header and lines are read again.
 */
export const LineActionDialog: Story = {
  args: { page: orderPageWithLineAction },
  parameters: { env: () => createFakeEnv({ handlers: orderBackend().handlers }) },
}
