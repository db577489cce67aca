import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import type { ListPage } from '../../renderer/index'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { SearchBar } from '../search-bar/SearchBar'

const text = (en: string, zh: string) => ({ zh_CN: zh, en_US: en, zh_TW: zh })

/** Outbound orders searched by an expected-date range, a shipped-at range and a quantity range. */
const page: ListPage = {
  kind: 'list',
  route: '/demo/range-search',
  title: 'demo.range.title',
  description: 'Range conditions in the search bar (searchable: range in the model).',
  dataSource: { service: 'wms', path: '/v1/{tenantId}/jxs-outbound-orders', primaryKey: 'outboundOrderId' },
  fields: {
    customerName: { label: 'demo.range.customer', widget: 'Input' },
    expectedDate: { label: 'demo.range.expectedDate', widget: 'DatePicker', search: 'range' },
    shippedAt: { label: 'demo.range.shippedAt', widget: 'DatetimePicker', search: 'range' },
    totalQuantity: { label: 'demo.range.quantity', widget: 'InputNumber', precision: 2, search: 'range' },
  },
  search: { fields: ['customerName', 'expectedDate', 'shippedAt', 'totalQuantity'], columns: 4 },
  table: { columns: [{ field: 'customerName' }] },
  texts: {
    'demo.range.title': text('Outbound orders', '出库单'),
    'demo.range.customer': text('Customer', '客户'),
    'demo.range.expectedDate': text('Expected date', '期望发货日期'),
    'demo.range.shippedAt': text('Shipped at', '发货时间'),
    'demo.range.quantity': text('Quantity', '数量'),
  },
}

const meta = {
  title: 'Parts/SearchRange',
  component: SearchBar,
  args: { page, onSearch: fn() },
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof SearchBar>
export default meta
type Story = StoryObj<typeof meta>

/** Empty ranges: a date range picker, a datetime range picker and two number inputs. */
export const Ranges: Story = {}

/** Ranges already filled (as a saved search would be): the pickers show them in the user's format. */
export const Filled: Story = {
  args: {
    initialValues: {
      expectedDate: ['2026-05-01', '2026-05-31'],
      shippedAt: ['2026-05-01 00:00:00', null],
    },
  },
}

/** zh_CN with the user's own date format (DD/MM/YYYY): labels in Chinese, the filled range in that format. */
export const ChineseWithUserFormat: Story = {
  args: Filled.args,
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: warehouseBackend().handlers,
        user: { language: 'zh_CN', dateFormat: 'DD/MM/YYYY', dateTimeFormat: 'DD/MM/YYYY HH:mm:ss' },
      }),
  },
}
