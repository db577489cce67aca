import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import printPageFile from '../../schemas/pages/winv/outbound-order-print.page.json'
import { ApiError, SchemaPage, type HttpRequest } from '../../renderer/index'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'
import { seedLookupBatch } from '../../stories/fixtures/lookups'

const printPage = pageWithModel(printPageFile)

const order = {
  outboundOrderId: 7,
  orderNum: 'CK202611270007',
  orderType: 'NORMAL',
  orderStatus: 'PACKED',
  warehouseName: '上海一号仓',
  ownerName: '华东日化',
  customerName: '上海优选超市',
  receiverName: '王先生',
  receiverPhone: '13800000001',
  receiverAddress: '上海市中山路 100 号',
  expressCompany: 'SF',
  trackingNum: 'SF1000000007',
  totalQuantity: 15,
  packageCount: 2,
}
const lines = [
  {
    outboundLineId: 1,
    lineNum: 1,
    goodsCode: 'SKU00001',
    goodsName: '洗衣液 2L',
    quantity: 10,
    pickedQuantity: 10,
  },
  {
    outboundLineId: 2,
    lineNum: 2,
    goodsCode: 'SKU00002',
    goodsName: '洗洁精 1L',
    quantity: 5,
    pickedQuantity: 5,
  },
]
const backend: Record<string, Handler> = {
  // the value sets of the coded fields (status, type, carrier), as the seed defines them
  'GET hpfm /v1/1/lovs/value/batch': seedLookupBatch,
  'GET wms /v1/1/outbound-orders/7': () => order,
  'GET wms /v1/1/outbound-lines': (request: HttpRequest) =>
    pageOf(
      lines.filter((line) => String(request.params?.outboundOrderId) === '7' && line),
      request,
    ),
  // the tenant's print header and footer (general templates), filled by the server but for {copy} / {copies}
  'GET hpfm /v1/1/general-templates/render': (request: HttpRequest) => ({
    templates: {
      'WMS.PRINT_HEADER': {
        templateCode: 'WMS.PRINT_HEADER',
        lang: 'en_US',
        text: `华东日化仓储 · ${String(request.params?.documentType)} ${String(request.params?.documentNumber)}`,
      },
      'WMS.PRINT_FOOTER': {
        templateCode: 'WMS.PRINT_FOOTER',
        lang: 'en_US',
        text: 'Printed by Admin at 2026-11-27 10:00:00 · copy {copy} of {copies}',
      },
    },
    missing: [],
  }),
  'POST wms /v1/1/print-records/record': (request: HttpRequest) => ({
    printRecordId: 1,
    ...(request.data as object),
    operatorId: 1,
    printDate: '2026-11-27 10:00:00',
  }),
}

/** The print view of an outbound order (delivery note): the order and its lines as a sheet, copies, Print. */
const meta = {
  title: 'Pages/DocumentPrint',
  component: SchemaPage,
  args: {
    page: printPage,
    file: 'schemas/pages/winv/outbound-order-print.page.json',
    params: {},
    search: new URLSearchParams('outboundOrderId=7'),
  },
  parameters: { layout: 'fullscreen', env: () => createFakeEnv({ handlers: backend }) },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

const env = (handlers: Record<string, Handler>) => () =>
  createFakeEnv({ handlers: { ...backend, ...handlers } })

/** An outbound order with two lines, its number as a barcode, header and footer from the general templates. */
export const Outbound: Story = {}

/** The tenant has no print templates (the server's 404): the built-in heading and footer are printed. */
export const BuiltInTexts: Story = {
  parameters: {
    env: env({
      'GET hpfm /v1/1/general-templates/render': () => {
        throw new ApiError(
          'No enabled general template WMS.PRINT_HEADER, WMS.PRINT_FOOTER exists in this tenant in any language: create it on /hpfm/general-template (or enable it), or check the code.',
          404,
          'error.not_found',
        )
      },
    }),
  },
}

/** Error: the templates cannot be read (server failure): said above the sheet, the built-in texts printed. */
export const TextsFailed: Story = {
  parameters: {
    env: env({
      'GET hpfm /v1/1/general-templates/render': () => {
        throw new ApiError('The database is not answering: try again in a minute.', 503, 'error.unavailable')
      },
    }),
  },
}

/** Error: the order is not one the user may see (the server's 404 envelope): said, nothing to print. */
export const NotFound: Story = {
  parameters: {
    env: env({
      'GET wms /v1/1/outbound-orders/7': () => {
        throw new ApiError(
          'outboundOrder 7 does not exist (or is not yours): reload the list.',
          404,
          'error.not_found',
        )
      },
    }),
  },
}

/** Error: the server refuses to record the print: notified, the print dialog does not open. */
export const RecordRefused: Story = {
  parameters: {
    env: env({
      'POST wms /v1/1/print-records/record': () => {
        throw new ApiError(
          'docNum: OUTBOUND document CK202611270007 does not exist in this tenant (or is not yours): check the number.',
          400,
          'error.bad_request',
        )
      },
    }),
  },
}

/** Empty: an order without lines: the sheet with an empty line table. */
export const NoLines: Story = {
  parameters: { env: env({ 'GET wms /v1/1/outbound-lines': (request: HttpRequest) => pageOf([], request) }) },
}
