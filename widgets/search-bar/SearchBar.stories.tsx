import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import locationFile from '../../schemas/pages/wmdm/location.page.json'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import type { ListPage } from '../../renderer/index'
import { lovEnv } from '../../stories/fixtures/lov-backend'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { SearchBar } from './SearchBar'

const location = pageWithModel(locationFile)
const warehouse = pageWithModel(warehouseFile)

const page = warehouse as unknown as ListPage
/** The warehouse conditions with 2 per row and one row shown, so "More" appears. */
const narrow: ListPage = { ...page, search: { fields: page.search!.fields, columns: 2, rows: 1 } }

const meta = {
  title: 'Parts/SearchBar',
  component: SearchBar,
  args: { page, onSearch: fn() },
  // Texts come from the warehouse page; each story passes the search layout it shows.
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof SearchBar>
export default meta
type Story = StoryObj<typeof meta>

export const Warehouse: Story = {}
export const Collapsed: Story = { args: { page: narrow } }

/** No layout given: the defaults, 7 conditions per row and 1 row, the eighth behind "More" (CORE-TBL-10). */
export const Defaults: Story = {
  args: {
    page: {
      ...page,
      search: {
        fields: [
          'warehouseCode',
          'warehouseName',
          'warehouseType',
          'address',
          'contactName',
          'area',
          'enabledFlag',
          'contactPhone',
        ],
      },
    },
  },
}

/** zh_TW: the condition labels from the page texts and the buttons in traditional Chinese. */
export const TraditionalChinese: Story = {
  parameters: {
    env: () => createFakeEnv({ handlers: warehouseBackend().handlers, user: { language: 'zh_TW' } }),
  },
}

const longName = 'Warehouse name as registered with the customs office, including the bonded area suffix'
const longPage: ListPage = {
  ...page,
  texts: {
    ...page.texts,
    'wmdm.warehouse.field.warehouseName': { zh_CN: longName, en_US: longName, zh_TW: longName },
  },
}
/** Long texts: a long condition label is shown whole (wrapped, never cut) and a long value stays in its box. */
export const LongTexts: Story = {
  args: {
    page: longPage,
    initialValues: {
      warehouseName: 'Shanghai Waigaoqiao Free Trade Zone bonded logistics warehouse No. 3 (east)',
    },
  },
  decorators: [(Story) => <WithPage page={longPage}>{<Story />}</WithPage>],
}

const locationPage = location as unknown as ListPage
/** The location screen's conditions: its area picker is narrowed by the warehouse condition (lov.params). */
export const AreaByWarehouse: Story = {
  args: { page: locationPage },
  parameters: { env: lovEnv() },
  decorators: [(Story) => <WithPage page={locationPage}>{<Story />}</WithPage>],
}
