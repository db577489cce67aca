import type { Meta, StoryObj } from '@storybook/react-vite'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import { ApiError, type PageSchema } from '../../renderer/index'
import { WithPage } from '../../stories/support/WithPage'
import { NewModelFieldForm } from './NewModelField'

/** "New model field…": the form that adds a field to the model file, then to the page. */
const meta = {
  title: 'Designer/NewModelField',
  component: NewModelFieldForm,
  decorators: [
    (Story) => (
      <WithPage page={designerPage as PageSchema}>
        <Story />
      </WithPage>
    ),
  ],
  args: { open: true, model: 'wms/warehouse', onCancel: () => undefined, onSubmit: async () => undefined },
} satisfies Meta<typeof NewModelFieldForm>
export default meta
type Story = StoryObj<typeof meta>

/** Empty: a string field of 60 characters by default; the three labels side by side. */
export const Empty: Story = {}
/** The server refuses the name (already a field of the model): the form shows its message and fix. */
export const Refused: Story = {
  args: {
    onSubmit: async () => {
      throw new ApiError(
        "The field cannot be added to wms/warehouse: schemas/models/wms/warehouse.model.json /fields/1/name: the model already has a field 'warehouseName' (choose another name, or add the existing field from the model list). Nothing was written: fix the field and add it again.",
        400,
        'error.validation',
        'error',
      )
    },
  },
}
