import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import warehousePageFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { SchemaPage } from '../../renderer/index'
import { exportBackend, warehouseColumnTree } from '../../stories/fixtures/export-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { ExportDialog } from './ExportDialog'

const warehousePage = pageWithModel(warehousePageFile)

const meta = {
  title: 'Parts/ExportDialog',
  component: ExportDialog,
  args: {
    open: true,
    onClose: () => undefined,
    service: 'wms',
    path: '/v1/1/warehouses',
    filters: { warehouseType: 'COLD', warehouseName: 'Hefei' },
    filterLabels: { warehouseType: 'Warehouse type', warehouseName: 'Warehouse name' },
    defaultFileName: 'Warehouses',
  },
} satisfies Meta<typeof ExportDialog>
export default meta
type Story = StoryObj<typeof meta>

const env =
  (options: Parameters<typeof exportBackend>[0] = {}) =>
  () =>
    createFakeEnv({ handlers: exportBackend(options).handlers })

/** The warehouse list's export with its search conditions; the user picks sync or async. */
export const Default: Story = { parameters: { env: env() } }

/** No search conditions: the whole list is exported. */
export const WithoutConditions: Story = { args: { filters: {} }, parameters: { env: env() } }

/** The column tree is still loading: a spinner, Export disabled. */
export const ColumnsLoading: Story = { parameters: { env: env({ columnsPending: true }) } }

/** The column tree could not be loaded: the server's message and a reload button. */
export const ColumnsFailed: Story = {
  parameters: { env: env({ columnsError: 'Database unavailable, try again in a minute.' }) },
}

/** The server states ASYNC (CORE-EXP-07): no async choice, the export runs as a task. */
export const ServerDefaultAsync: Story = {
  parameters: { env: env({ tree: warehouseColumnTree({ defaultRequestMode: 'ASYNC' }) }) },
}

/** The server offers no async export (CORE-EXP-08): no async choice, the file downloads at once. */
export const AsyncNotOffered: Story = {
  parameters: { env: env({ tree: warehouseColumnTree({ enableAsync: false }) }) },
}

/** The server refuses the export (an error envelope): its message is shown, the dialog stays. */
export const ServerRejects: Story = {
  parameters: {
    env: env({ dataError: '30 rows match, but 1 sheets × 10 rows hold only 10: raise the rows per sheet.' }),
  },
}

/** The warehouse list page: its toolbar's Export opens this dialog with the page's current search. */
export const FromTheWarehouseList: Story = {
  render: () => <SchemaPage page={warehousePage} file="schemas/pages/wmdm/warehouse.page.json" params={{}} />,
  parameters: { env: env() },
}
