import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import warehousePageFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { ApiError, SchemaPage } from '../../renderer/index'
import { sampleWarehouses, warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { bigTemplate, coldTemplate, cuszBackend } from '../../stories/fixtures/cusz-backend'
import { createFakeEnv, NetworkDown } from '../../stories/support/fake-env'

const warehousePage = pageWithModel(warehousePageFile)

const meta = {
  title: 'Pages/ListPage',
  component: SchemaPage,
  args: { page: warehousePage, file: 'schemas/pages/wmdm/warehouse.page.json', params: {} },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** The warehouse list against 23 fixture rows, every permission approved. */
export const Warehouses: Story = {
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend().handlers }) },
}

/** A clerk: may create and edit, the delete code is denied so no delete buttons appear. */
export const WithoutDelete: Story = {
  parameters: {
    env: () =>
      createFakeEnv({ handlers: warehouseBackend({ denied: ['wmdm.warehouse.button.delete'] }).handlers }),
  },
}

/** No rows: the empty state says what to do next. */
export const Empty: Story = {
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend({ rows: [] }).handlers }) },
}

/** Page 3 asked for in the URL but only one row left: steps back to the last page with rows. */
export const StepsBack: Story = {
  args: { search: new URLSearchParams('pageNo=3') },
  parameters: {
    env: () => createFakeEnv({ handlers: warehouseBackend({ rows: sampleWarehouses(11) }).handlers }),
  },
}

/** Opened by another page's navigate action with a search value in the address: the list comes filtered by it. */
export const SearchInAddress: Story = {
  args: { search: new URLSearchParams('warehouseName=Hefei') },
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend().handlers }) },
}

/** Opened from its menu tab (menu 101) with a default filter template: the list comes filtered by it. */
export const WithDefaultFilter: Story = {
  parameters: {
    env: () =>
      Object.assign(
        createFakeEnv({
          handlers: warehouseBackend({ cusz: cuszBackend({ templates: [coldTemplate, bigTemplate] }) })
            .handlers,
        }),
        { menuId: 101 },
      ),
  },
}

/** The user's saved columns: the type moved before the name, the address hidden, the status pinned right. */
export const SavedColumns: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: warehouseBackend({
          cusz: cuszBackend({
            columns: {
              id: 7,
              userId: 1,
              menuId: 101,
              cuszCode: 'wmdm.warehouse.table',
              objectVersionNumber: 2,
              cuszInfo: JSON.stringify([
                { field: 'warehouseCode', width: 160, visible: true, defaultVisible: true, fixed: 'left' },
                { field: 'warehouseType', width: 120, visible: true, defaultVisible: true, fixed: null },
                { field: 'warehouseName', width: 200, visible: true, defaultVisible: true, fixed: null },
                { field: 'address', width: 240, visible: false, defaultVisible: true, fixed: null },
                { field: 'enabledFlag', width: 100, visible: true, defaultVisible: true, fixed: 'right' },
              ]),
            },
          }),
        }).handlers,
      }),
  },
}

/** A page that switched both personal settings off shows neither. */
export const WithoutPersonalSettings: Story = {
  args: { page: { ...warehousePage, filterTemplates: false, columnSettings: false } },
  parameters: {
    env: () => Object.assign(createFakeEnv({ handlers: warehouseBackend().handlers }), { menuId: 101 }),
  },
}

/** The list request has not answered yet: the table shows it is loading, the toolbar is already there. */
export const Loading: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: { ...warehouseBackend().handlers, 'GET wms /v1/1/warehouses': () => new Promise(() => {}) },
      }),
  },
}

/**
 * The list request fails with the server's error envelope (500): the real client turns it into an ApiError and
 * the page shows that message where the rows would be, with a way to retry.
 */
export const LoadFails: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...warehouseBackend().handlers,
          'GET wms /v1/1/warehouses': () => {
            throw new ApiError(
              'The warehouse list could not be read: the query was cancelled. Search again.',
              500,
              'error.internal',
            )
          },
        },
      }),
  },
}

/** The server cannot be reached (connection refused): the client's own message, and a reload. */
export const ServerUnreachable: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...warehouseBackend().handlers,
          'GET wms /v1/1/warehouses': () => {
            throw new NetworkDown()
          },
        },
      }),
  },
}

export const ManyRows: Story = {
  parameters: {
    env: () => createFakeEnv({ handlers: warehouseBackend({ rows: sampleWarehouses(1000) }).handlers }),
  },
}

/** The same list in zh_TW as a warehouse clerk (the toolbar's switchers, set by the story). */
export const ClerkInTraditionalChinese: Story = {
  ...Warehouses,
  globals: { locale: 'zh_TW', role: 'clerk' },
}
/**
 * The same list as a core workspace page (a reporting route) that names no page sizes of its own: the core
 * basic table's sizes.
 */
export const CoreWorkspaceSizes: Story = {
  args: { page: { ...warehousePage, route: '/hrpt/warehouse-overview' } },
  parameters: { env: () => createFakeEnv({ handlers: warehouseBackend().handlers }) },
}
