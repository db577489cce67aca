import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import type { PageSchema } from '../../renderer/index'
import pageSchema from '../../schemas/page.schema.json'
import { WithPage } from '../../stories/support/WithPage'
import { propertiesOf, type JsonSchema } from './property-schema'
import { PropertyPanel } from './PropertyPanel'

/** The property panel: every property the page language has for the element, from page.schema.json. */
const meta = {
  title: 'Designer/PropertyPanel',
  component: PropertyPanel,
  decorators: [
    (Story) => (
      <WithPage page={designerPage as PageSchema}>
        <div style={{ width: 380, padding: 16 }}>
          <Story />
        </div>
      </WithPage>
    ),
  ],
  args: {
    title: 'Warehouse name (/table/columns/1)',
    pointer: '/table/columns/1',
    properties: propertiesOf(pageSchema as JsonSchema, 'TableColumn'),
    value: { field: 'warehouseName', width: 200, sortable: true, ellipsis: true },
    issues: [],
    onSet: fn(),
  },
} satisfies Meta<typeof PropertyPanel>
export default meta
type Story = StoryObj<typeof meta>

/** A table column: width, pinning, sorting, alignment, header filter and footer summary, with their choices. */
export const Column: Story = {}

/** A field definition (label, widget, limits, linkage…); a problem of the check shows under its property. */
export const FieldWithProblem: Story = {
  args: {
    title: 'Address (/fields/address)',
    pointer: '/fields/address',
    properties: propertiesOf(pageSchema as JsonSchema, 'FieldSpec'),
    value: { label: 'wmdm.warehouse.field.address', widget: 'Input', maxLength: 0 },
    issues: [
      {
        file: 'schemas/pages/wmdm/warehouse.page.json',
        line: 48,
        column: 20,
        pointer: '/fields/address/maxLength',
        severity: 'error',
        message: 'must be >= 1',
        suggestion: 'give the longest allowed text, at least 1',
      },
    ],
  },
}
