import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import stockFile from '../../schemas/pages/winv/stock.page.json'
import { compileColumns, createTexts, type ListPage } from '../../renderer/index'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv, fakeUser } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { DataTable } from './DataTable'

const stock = pageWithModel(stockFile)

/**
 * The stock screen's quantity columns use `"precision": "warehouse"`: the quantity precision of the user's
 * default warehouse (the warehouse config loaded with the session, CORE-VAL), for cells, footer sums and
 * editable cells alike; 3 digits when the session has no warehouse config.
 */
const page = stock as unknown as ListPage
const t = createTexts({ t: (_key, fallback) => fallback ?? '', user: fakeUser }, page.texts)
const SHOWN = ['goodsCode', 'goodsName', 'locationCode', 'quantity', 'reservedQuantity', 'lockedQuantity']
const columns = compileColumns(page, t, 'story').filter((c) => SHOWN.includes(c.field))
const rows = [
  {
    stockId: 1,
    goodsCode: 'SKU-RED',
    goodsName: 'Red widget',
    locationCode: 'A01-01',
    quantity: 1234.5678,
    reservedQuantity: 10.25,
    lockedQuantity: 0,
  },
  {
    stockId: 2,
    goodsCode: 'SKU-BLUE',
    goodsName: 'Blue widget',
    locationCode: 'A01-02',
    quantity: 0.5,
    reservedQuantity: 0,
    lockedQuantity: 0.125,
  },
]
const withPrecision = (quantityPrecision?: number) => () =>
  createFakeEnv({
    handlers: warehouseBackend().handlers,
    ...(quantityPrecision === undefined ? {} : { user: { quantityPrecision } }),
  })

const meta = {
  title: 'Parts/DataTable/Warehouse precision',
  component: DataTable,
  args: {
    columns,
    rows,
    total: rows.length,
    page: 0,
    size: 10,
    sizeOptions: [10],
    rowKey: 'stockId',
    onChange: fn(),
  },
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof DataTable>
export default meta
type Story = StoryObj<typeof meta>

/** The user's default warehouse counts in hundredths: 1,234.57, footer total 1,235.07. */
export const TwoDecimals: Story = { parameters: { env: withPrecision(2) } }

/** A warehouse counting whole units only. */
export const WholeUnits: Story = { parameters: { env: withPrecision(0) } }

/** No warehouse config in the session (a site role, or the config failed to load): 3 digits. */
export const NoWarehouseConfig: Story = { parameters: { env: withPrecision(undefined) } }

/** An editable quantity cell (as a count's counted quantity) rounds to the warehouse's precision and steps by it. */
export const EditableTwoDecimals: Story = {
  args: {
    columns: columns.map((c) =>
      c.field === 'quantity' ? { ...c, spec: { ...c.spec, readOnly: false } } : c,
    ),
    editing: { validated: false, onCellChange: fn() },
  },
  parameters: { env: withPrecision(2) },
}
