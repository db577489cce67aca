import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import warehouse from '../../schemas/pages/wmdm/warehouse.page.json'
import { compileColumns, createTexts, type ListPage } from '../../renderer/index'
import { sampleWarehouses } from '../../stories/fixtures/warehouse-backend'
import { fakeUser } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { DataTable } from './DataTable'

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
export const Empty: Story = { args: { rows: [], total: 0 } }
