import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import { SchemaPage, type ListPage, type PageSchema } from '../../renderer/index'
import { WithPage } from '../../stories/support/WithPage'
import { designerBackend, WAREHOUSE_FILE, warehouseText } from './designer-fixtures'
import { DesignSurface } from './DesignSurface'
import { FormPreview } from './FormPreview'

const warehouse = JSON.parse(warehouseText) as ListPage

/**
 * The page as it renders, in design mode: hover a search field, column header, button, form section or field to
 * see its outline, click it to select it (the click selects instead of acting). The selected element stays
 * outlined; the list page's form is laid open under it.
 */
const meta = {
  title: 'Designer/DesignSurface',
  component: DesignSurface,
  decorators: [
    (Story) => (
      <WithPage page={designerPage as PageSchema}>
        <Story />
      </WithPage>
    ),
  ],
  parameters: { env: designerBackend(), layout: 'fullscreen' },
  args: {
    label: 'Preview',
    file: WAREHOUSE_FILE,
    selectedMark: '/table/columns/1',
    onPick: fn(),
    children: (
      <>
        <SchemaPage page={warehouse} file={WAREHOUSE_FILE} source={warehouseText} params={{}} />
        <FormPreview page={warehouse} file={WAREHOUSE_FILE} />
      </>
    ),
  },
} satisfies Meta<typeof DesignSurface>
export default meta
type Story = StoryObj<typeof meta>

/** The warehouse page, its second column (Warehouse name) selected. */
export const WarehouseColumnSelected: Story = {}
/** A form field selected: the contact section's first field, in the form laid open under the list. */
export const FormFieldSelected: Story = { args: { selectedMark: '/form/sections/1/fields/0' } }
