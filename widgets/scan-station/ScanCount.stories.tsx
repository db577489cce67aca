import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import countPageFile from '../../schemas/pages/winv/stock-count-scan.page.json'
import { ApiError, SchemaPage, type HttpRequest } from '../../renderer/index'
import { permissionCheck } from '../../stories/fixtures/lookups'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const countPage = pageWithModel(countPageFile)

const count = { stockCountId: 9, countNum: 'PD202611300009', countStatus: 'COUNTING', objectVersionNumber: 2 }
/** The count's one line: A03-01 holds detergent by the books. */
const lines = [
  {
    countLineId: 91,
    stockCountId: 9,
    locationCode: 'A03-01',
    goodsCode: 'SKU00001',
    goodsName: '洗衣液 2L',
    barcode: '6900000000011',
    batchCode: '',
    bookQuantity: 4,
  },
]
/** The goods list: milk tracked by lot and expiry, soap by neither. */
const goods = [
  {
    goodsId: 31,
    goodsCode: 'MILK-1L',
    goodsName: '牛奶 1L',
    barcode: '6955000000303',
    batchManagedFlag: 1,
    expiryManagedFlag: 1,
  },
  {
    goodsId: 32,
    goodsCode: 'SOAP-01',
    goodsName: '香皂',
    barcode: '6955000000404',
    batchManagedFlag: 0,
    expiryManagedFlag: 0,
  },
]
const goodsPage = (request: HttpRequest) =>
  pageOf(
    goods.filter((item) =>
      Object.entries(request.params ?? {}).every(
        ([field, value]) =>
          field === 'size' || String(item[field as keyof typeof item]).includes(String(value)),
      ),
    ),
    request,
  )
let nextLineId = 95
const backend: Record<string, Handler> = {
  'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
  'GET wms /v1/1/stock-counts': (request: HttpRequest) =>
    pageOf(request.params?.countNum === count.countNum ? [count] : [], request),
  'GET wms /v1/1/stock-counts/9': () => count,
  'GET wms /v1/1/stock-count-lines': (request: HttpRequest) =>
    pageOf(String(request.params?.stockCountId) === '9' ? lines : [], request),
  'GET wms /v1/1/goods': goodsPage,
  'POST wms /v1/1/stock-count-lines': (request: HttpRequest) => ({
    countLineId: nextLineId++,
    ...(request.data as object),
    foundFlag: 1,
  }),
  'POST wms /v1/1/stock-counts/9/post': () => ({ ...count, countStatus: 'POSTED' }),
}

/**
 * Counting on a handheld with found goods: goods scanned at the counted location that no line expects are
 * offered as found (Enter: yes), then their lot and expiry date where tracked and the quantity; the line is
 * added at once through the count's line route and listed as found.
 */
const meta = {
  title: 'Pages/ScanStation/Count',
  component: SchemaPage,
  args: {
    page: countPage,
    file: 'schemas/pages/winv/stock-count-scan.page.json',
    params: {},
    search: new URLSearchParams('stockCountId=9'),
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

/** Opened from the count list (?stockCountId=9): the first line's location is asked for. */
export const CountWithFound: Story = {}

/** Error: the count was posted from the desk meanwhile: the found line is refused, said in red. */
export const FoundRefused: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...backend,
          'POST wms /v1/1/stock-count-lines': () => {
            throw new ApiError(
              'stockCount 9 is POSTED: its lines change only while COUNTING. Reload it to see its current status.',
              409,
              'error.lifecycle_state',
            )
          },
        },
      }),
  },
}
