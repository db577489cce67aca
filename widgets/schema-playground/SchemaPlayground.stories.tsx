import type { Meta, StoryObj } from '@storybook/react-vite'
import playgroundPage from '../../schemas/pages/hpfm/schema-playground.page.json'
import warehousePage from '../../schemas/pages/wmdm/warehouse.page.json'
import { SchemaPage } from '../../renderer/index'
import { permissionCheck } from '../../stories/fixtures/lookups'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { PLAYGROUND_PERMISSION } from './SchemaPlayground'

/** The schema playground (custom page): edit a page file with completion and live validation beside its screen. */
const meta = {
  title: 'Pages/SchemaPlayground',
  component: SchemaPage,
  args: { page: playgroundPage, file: 'schemas/pages/hpfm/schema-playground.page.json', params: {} },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

const backend =
  (denied: string[] = []) =>
  () =>
    createFakeEnv({
      handlers: {
        ...warehouseBackend().handlers,
        'GET hpfm /v1/page-schemas': () => [
          { route: '/wmdm/warehouse' },
          { route: '/hpfm/schema-playground' },
        ],
        'GET hpfm /v1/page-schemas/page': () => ({
          file: 'schemas/pages/wmdm/warehouse.page.json',
          route: '/wmdm/warehouse',
          source: JSON.stringify(warehousePage, null, 2),
        }),
        'POST iam /hzero/v1/menus/check-permissions': permissionCheck(denied),
      },
    })

/** Before a route is loaded the editor holds a starter file, and the preview lists what it still lacks. */
export const Configurator: Story = { parameters: { env: backend(), errorPanel: true } }
/** A role without hpfm.playground.view is told so. */
export const WithoutPermission: Story = { parameters: { env: backend([PLAYGROUND_PERMISSION]) } }
