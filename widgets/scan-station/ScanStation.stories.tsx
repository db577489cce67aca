import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import scanPageFile from '../../schemas/pages/winv/outbound-order-scan-pick.page.json'
import { ApiError, SchemaPage, type HttpRequest } from '../../renderer/index'
import { permissionCheck } from '../../stories/fixtures/lookups'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const scanPage = pageWithModel(scanPageFile)

const order = {
  outboundOrderId: 7,
  orderNum: 'CK202611290007',
  orderStatus: 'ALLOCATED',
  objectVersionNumber: 3,
}
/** The order's open picking tasks in pick path order, as pick-list-lines answers them. */
const tasks = [
  {
    taskId: 71,
    outboundOrderId: 7,
    locationCode: 'A03-02',
    goodsCode: 'SKU00001',
    goodsName: '洗衣液 2L',
    barcode: '6900000000011',
    batchCode: 'LOT-2611',
    expiryDate: '2027-05-01',
    quantity: 2,
    taskStatus: 'OPEN',
  },
  {
    taskId: 72,
    outboundOrderId: 7,
    locationCode: 'B01-04',
    goodsCode: 'SKU00002',
    goodsName: '洗洁精 1L',
    barcode: null,
    batchCode: '',
    expiryDate: null,
    quantity: 1,
    taskStatus: 'OPEN',
  },
]
const backend: Record<string, Handler> = {
  'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
  'GET wms /v1/1/outbound-orders': (request: HttpRequest) =>
    pageOf(request.params?.orderNum === order.orderNum ? [order] : [], request),
  'GET wms /v1/1/outbound-orders/7': () => order,
  'GET wms /v1/1/pick-list-lines': (request: HttpRequest) =>
    pageOf(String(request.params?.outboundOrderId) === '7' ? tasks : [], request),
  'POST wms /v1/1/outbound-orders/7/pick': () => ({ ...order, orderStatus: 'PICKED' }),
}

/**
 * Scanning-confirmed picking on a handheld (shown 400 px wide): scan the order number, then per task the
 * location, the goods and the quantity, Enter after each; green with a beep on a right scan, red with a buzz
 * and what was expected on a wrong one; Confirm runs the order's pick with the scans.
 */
const meta = {
  title: 'Pages/ScanStation',
  component: SchemaPage,
  args: {
    page: scanPage,
    file: 'schemas/pages/winv/outbound-order-scan-pick.page.json',
    params: {},
    search: new URLSearchParams(),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 400, border: '1px dashed #bbb' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen', env: () => createFakeEnv({ handlers: backend }) },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Waiting for the order number to be scanned. */
export const ScanOrder: Story = {}

/** Opened from the picking desk (?outboundOrderId=7): the first task's location is asked for. */
export const OpenedWithOrder: Story = { args: { search: new URLSearchParams('outboundOrderId=7') } }

/** Error: the server refuses the pick (someone cancelled the order meanwhile): said in red, nothing picked. */
export const PickRefused: Story = {
  args: { search: new URLSearchParams('outboundOrderId=7') },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...backend,
          'POST wms /v1/1/outbound-orders/7/pick': () => {
            throw new ApiError(
              "outboundOrder 7 is CANCELLED: 'pick' needs ALLOCATED. Reload it to see its current status.",
              409,
              'error.lifecycle_state',
            )
          },
        },
      }),
  },
}

/** Empty: the order has no open task left (picked elsewhere): said, back to scanning an order. */
export const NoOpenTasks: Story = {
  args: { search: new URLSearchParams('outboundOrderId=7') },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...backend,
          'GET wms /v1/1/pick-list-lines': (request: HttpRequest) => pageOf([], request),
        },
      }),
  },
}
