import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import type { ListPage, PageAction } from '../../renderer/index'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { OperationBar } from './OperationBar'

const warehouse = pageWithModel(warehouseFile)

const page = warehouse as unknown as ListPage
const named = (name: string): PageAction => ({
  type: 'action',
  name,
  label: 'common.action.view',
  path: `/v1/{tenantId}/warehouses/${name}`,
  permission: `wmdm.warehouse.button.${name}`,
})

const meta = {
  title: 'Parts/OperationBar',
  component: OperationBar,
  args: { actions: page.toolbar!.actions, onAction: fn() },
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof OperationBar>
export default meta
type Story = StoryObj<typeof meta>

export const Create: Story = {}

/** Eight permitted buttons and one denied: six show, two go under "More". */
export const Many: Story = {
  args: { actions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'denied'].map(named) },
  parameters: {
    env: () =>
      createFakeEnv({ handlers: warehouseBackend({ denied: ['wmdm.warehouse.button.denied'] }).handlers }),
  },
}

/** The server answers the create code with controllerType "disabled": the button shows, disabled. */
export const Disabled: Story = {
  parameters: {
    env: () =>
      createFakeEnv({ handlers: warehouseBackend({ disabled: ['wmdm.warehouse.button.create'] }).handlers }),
  },
}

/** The permission check has not answered: a placeholder holds the place instead of a flash of buttons. */
export const PermissionPending: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...warehouseBackend().handlers,
          'POST iam /hzero/v1/menus/check-permissions': () => new Promise(() => {}),
        },
      }),
  },
}
