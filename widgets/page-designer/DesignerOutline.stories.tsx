import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import type { PageSchema } from '../../renderer/index'
import { WithPage } from '../../stories/support/WithPage'
import { designerGroups, designerLists } from './designer-elements'
import { warehouseText } from './designer-fixtures'
import { DesignerOutline } from './DesignerOutline'

const warehouse = JSON.parse(warehouseText) as {
  texts: Record<string, { en_US: string }>
  fields: Record<string, { label: string }>
}

/**
 * The page's elements: its title, search fields, columns and form sections (each reorderable, removable and
 * growable), then its buttons, row actions and sections (selected only).
 */
const meta = {
  title: 'Designer/DesignerOutline',
  component: DesignerOutline,
  decorators: [
    (Story) => (
      <WithPage page={designerPage as PageSchema}>
        <div style={{ width: 280, padding: 16 }}>
          <Story />
        </div>
      </WithPage>
    ),
  ],
  args: {
    lists: designerLists(warehouse),
    groups: designerGroups(warehouse),
    textOf: (key: string) => warehouse.texts[key]?.en_US ?? key,
    nameOfElement: (element) =>
      element.textKey ? (warehouse.texts[element.textKey]?.en_US ?? element.fallback) : element.fallback,
    onSelectElement: fn(),
    nameOf: (field: string) => warehouse.texts[warehouse.fields[field]?.label ?? '']?.en_US ?? field,
    addable: (list) => (list.kind === 'column' ? ['regionCode', 'quantityPrecision'] : []),
    selected: '/table/columns#warehouseName',
    onSelect: fn(),
    onMove: fn(),
    onAdd: fn(),
    onRemove: fn(),
  },
} satisfies Meta<typeof DesignerOutline>
export default meta
type Story = StoryObj<typeof meta>

/** The warehouse page, its second column selected; two model fields can still become columns. */
export const Warehouse: Story = {}
/** The same page with its Create button selected (as a click on the rendered button selects it). */
export const ButtonSelected: Story = { args: { selected: '/toolbar/actions/0' } }
