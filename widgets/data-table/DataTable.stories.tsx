import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import inboundOrdersFile from '../../schemas/pages/winv/inbound-order.page.json'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { compileColumns, createTexts, type ListPage } from '../../renderer/index'
import { sampleWarehouses } from '../../stories/fixtures/warehouse-backend'
import { fakeUser } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { DataTable } from './DataTable'

const inboundOrders = pageWithModel(inboundOrdersFile)
const warehouse = pageWithModel(warehouseFile)

const page = warehouse as unknown as ListPage
const t = createTexts({ t: (_key, fallback) => fallback ?? '', user: fakeUser }, page.texts)

const meta = {
  title: 'Parts/DataTable',
  component: DataTable,
  args: {
    columns: compileColumns(page, t, 'story'),
    rows: sampleWarehouses(10),
    total: 123,
    page: 0,
    size: 10,
    sizeOptions: [10, 20, 50, 100],
    rowKey: 'warehouseId',
    rowActions: page.table.rowActions,
    onRowAction: fn(),
    onChange: fn(),
  },
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof DataTable>
export default meta
type Story = StoryObj<typeof meta>

export const Rows: Story = {}

const withSummary = compileColumns(page, t, 'story').map((column) =>
  column.field === 'area' ? { ...column, summary: 'sum' as const } : column,
)

/** Footer row with the sum of the areas on the page (PLAT-TBL-11). */
export const Summary: Story = { args: { columns: withSummary, rows: sampleWarehouses(4), total: 4 } }

/** Average instead of sum. */
export const Average: Story = {
  args: {
    columns: withSummary.map((c) => (c.summary ? { ...c, summary: 'avg' as const } : c)),
    rows: sampleWarehouses(4),
    total: 4,
  },
}

/** A page of 1,000 rows: only the rows in view are rendered (virtual rows, numeric scroll x and y). */
export const ThousandRows: Story = {
  args: { rows: sampleWarehouses(1000), total: 5000, size: 1000, sizeOptions: [10, 100, 1000] },
}
export const Empty: Story = { args: { rows: [], total: 0 } }

/** Header filters on the code and type columns (CORE-TBL-07): fuzzy / exact / exclude, sent as conditions. */
export const ColumnFilters: Story = { args: { onFilter: fn() } }

const blankLine = { ...sampleWarehouses(1)[0], warehouseId: 9001, warehouseCode: '', warehouseType: null }

/** Editable cells (CORE-TBL-13/14): a new line with its code and type still empty. */
export const Editable: Story = {
  args: {
    rows: [blankLine, ...sampleWarehouses(2)],
    total: 3,
    rowActions: undefined,
    editing: { validated: false, onCellChange: fn() },
  },
}

/** The same lines after a save was attempted: every empty required cell says what to fill in. */
export const EditableValidated: Story = {
  args: { ...Editable.args, editing: { validated: true, onCellChange: fn() } },
}

const inbound = inboundOrders as unknown as ListPage
const inboundT = createTexts({ t: (_key, fallback) => fallback ?? '', user: fakeUser }, inbound.texts)
const orderRow = (n: number, orderStatus: string) => ({
  inboundOrderId: n,
  orderNum: `RK2026000${n}`,
  orderType: 'PURCHASE',
  orderStatus,
  totalQuantity: 100,
  receivedQuantity: 0,
})

/**
 * The inbound order list's eight row actions, of which each row shows only those its status allows (a NEW
 * order: details, execute, cancel, delete, print): the Actions column is as wide as the widest row's buttons.
 */
export const OrderActions: Story = {
  args: {
    columns: compileColumns(inbound, inboundT, 'story'),
    rows: [orderRow(1, 'NEW'), orderRow(2, 'EXECUTING'), orderRow(3, 'COMPLETED')],
    total: 3,
    rowKey: 'inboundOrderId',
    rowActions: inbound.table.rowActions,
  },
  decorators: [(Story) => <WithPage page={inbound}>{<Story />}</WithPage>],
}
