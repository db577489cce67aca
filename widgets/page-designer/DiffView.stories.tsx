import type { Meta, StoryObj } from '@storybook/react-vite'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import type { PageSchema } from '../../renderer/index'
import { applyPageEdit, type ModelSchema, type PageEdit } from '../../renderer/page-document/index'
import { WithPage } from '../../stories/support/WithPage'
import { grownModel, warehouseText, WAREHOUSE_FILE } from './designer-fixtures'
import { DiffView } from './DiffView'

const model = { fields: grownModel.fields } as ModelSchema
const edits: PageEdit[] = [
  { op: 'move', list: '/form/sections/0/fields', from: 1, to: 0 },
  { op: 'addColumn', field: 'managerName' },
  { op: 'setText', key: 'wmdm.warehouse.field.address', language: 'en_US', text: 'Street address' },
]
const edited = edits.reduce((text, edit) => applyPageEdit(text, edit, { model }), warehouseText)

/** The diff shown before saving: the lines of the file that change, with three lines of context. */
const meta = {
  title: 'Designer/DiffView',
  component: DiffView,
  decorators: [
    (Story) => (
      <WithPage page={designerPage as PageSchema}>
        <div style={{ padding: 16 }}>
          <Story />
        </div>
      </WithPage>
    ),
  ],
  args: { file: WAREHOUSE_FILE, before: warehouseText, after: edited },
} satisfies Meta<typeof DiffView>
export default meta
type Story = StoryObj<typeof meta>

/** Two form fields swapped, a column added from the model (with its field and label), a label renamed. */
export const Changes: Story = {}
/** Nothing changed yet. */
export const NoChanges: Story = { args: { after: warehouseText } }
