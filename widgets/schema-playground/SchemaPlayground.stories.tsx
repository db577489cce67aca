import type { Meta, StoryObj } from '@storybook/react-vite'
import playgroundPage from '../../schemas/pages/hpfm/schema-playground.page.json'
import warehousePage from '../../schemas/pages/wmdm/warehouse.page.json'
import { ApiError, SchemaPage } from '../../renderer/index'
import { permissionCheck } from '../../stories/fixtures/lookups'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'
import { servedModelFacts } from '../../stories/support/page-with-model'
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
  (denied: string[] = [], handlers: Record<string, Handler> = {}) =>
  () =>
    createFakeEnv({
      handlers: {
        ...warehouseBackend().handlers,
        'GET hpfm /v1/page-schemas': () => [
          { route: '/wmdm/warehouse' },
          { route: '/wmdm/retired' },
          { route: '/hpfm/schema-playground' },
        ],
        'GET hpfm /v1/page-schemas/page': () => ({
          file: 'schemas/pages/wmdm/warehouse.page.json',
          route: '/wmdm/warehouse',
          source: JSON.stringify(warehousePage, null, 2),
          models: servedModelFacts(warehousePage),
        }),
        'POST iam /hzero/v1/menus/check-permissions': permissionCheck(denied),
        'POST hpfm /v1/page-schemas/check': () => ({ issues: [] }),
        ...handlers,
      },
    })

/** Before a route is loaded the editor holds a starter page (the warehouses), rendered beside it. */
export const Configurator: Story = { parameters: { env: backend() } }
/** A role without hpfm.playground.view is told so. */
export const WithoutPermission: Story = { parameters: { env: backend([PLAYGROUND_PERMISSION]) } }

/**
 * The server refuses a route (its 404 envelope, as server/modules/lowcode/routes-pages.ts answers a route no page
 * file declares): Load shows the server's message above the editor, which keeps what it held.
 */
export const LoadFails: Story = {
  parameters: {
    env: backend([], {
      'GET hpfm /v1/page-schemas/page': (request) => {
        const route = String(request.params?.route)
        throw new ApiError(
          `No page file declares the route ${route}: add one under the pages directory and restart the server.`,
          404,
          'error.not_found',
        )
      },
    }),
  },
}

/**
 * The server's check (POST /hpfm/v1/page-schemas/check) finds what only the server knows: a Lov view it does
 * not have and a permission code no role has; both are listed below the editor with line, pointer and fix.
 */
export const ServerCheck: Story = {
  parameters: {
    env: backend([], {
      'POST hpfm /v1/page-schemas/check': () => ({
        issues: [
          {
            file: 'playground.page.json',
            line: 4,
            column: 3,
            pointer: '/permission',
            severity: 'warning',
            message: "permission code 'wmdm.warehouse.button.craete' is not registered on the server",
            suggestion: "did you mean 'wmdm.warehouse.button.create'?",
          },
          {
            file: 'playground.page.json',
            line: 9,
            column: 7,
            pointer: '/fields/regionCode/lovCode',
            severity: 'error',
            message: "Lov view 'HPFM.REGOIN' is not in server/seed/data/lov-views.json",
            suggestion: "did you mean 'HPFM.REGION'?",
          },
        ],
      }),
    }),
  },
}

/** The loaded page's file as the page designer serves it (server/modules/lowcode/routes-page-designer.ts). */
const designerFile = (writable: boolean) => () => ({
  file: 'schemas/pages/wmdm/warehouse.page.json',
  route: '/wmdm/warehouse',
  source: JSON.stringify(warehousePage, null, 2),
  version: 'v1',
  writable,
  ...(writable ? {} : { writableReason: 'PAGE_DESIGNER_WRITES is false on this server' }),
})

/**
 * A user who may design pages: Save writes the edited text to the page file through the page designer's save
 * (the server checks it as schemas:check does, at the version loaded); Download is offered to everyone.
 */
export const SavesToFile: Story = {
  parameters: {
    env: backend([], {
      'GET hpfm /v1/page-designer/file': designerFile(true),
      'PUT hpfm /v1/page-designer/file': () => ({
        file: 'schemas/pages/wmdm/warehouse.page.json',
        route: '/wmdm/warehouse',
        version: 'v2',
      }),
    }),
  },
}

/** A server that does not write page files (production): no Save, why, and Download to commit the file. */
export const ReadOnlyServer: Story = {
  parameters: { env: backend([], { 'GET hpfm /v1/page-designer/file': designerFile(false) }) },
}
