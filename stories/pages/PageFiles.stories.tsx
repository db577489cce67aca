import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import areaPageFile from '../../schemas/pages/wmdm/area.page.json'
import expressPageFile from '../../schemas/pages/ets/express.page.json'
import jxsCreatePageFile from '../../schemas/pages/winv/jxs-outbound-order-create.page.json'
import jxsListPageFile from '../../schemas/pages/winv/jxs-outbound-order.page.json'
import appCustomizePageFile from '../../schemas/pages/winv/app-customize.page.json'
import batchPageFile from '../../schemas/pages/wmdm/batch.page.json'
import locationPageFile from '../../schemas/pages/wmdm/location.page.json'
import stockCountCreatePageFile from '../../schemas/pages/winv/stock-count-create.page.json'
import areaSeed from '../../server/seed/data/rows/13-wmdm-warehouse-area.json'
import locationSeed from '../../server/seed/data/rows/14-wmdm-location.json'
import customizeFieldSeed from '../../server/seed/data/rows/42-winv-app-customize-field.json'
import customizeHideSeed from '../../server/seed/data/rows/43-winv-app-customize-hide.json'
import customizeValidationSeed from '../../server/seed/data/rows/44-winv-app-customize-validation.json'
import { SchemaPage } from '../../renderer/index'
import { etsBackend } from '../fixtures/ets-backend'
import { schemaBackend, type Row } from '../fixtures/schema-backend'
import { createFakeEnv } from '../support/fake-env'

const areaPage = pageWithModel(areaPageFile)
const expressPage = pageWithModel(expressPageFile)
const jxsCreatePage = pageWithModel(jxsCreatePageFile)
const jxsListPage = pageWithModel(jxsListPageFile)
const appCustomizePage = pageWithModel(appCustomizePageFile)
const batchPage = pageWithModel(batchPageFile)
const locationPage = pageWithModel(locationPageFile)
const stockCountCreatePage = pageWithModel(stockCountCreatePageFile)

/**
 * One story per page kind, each rendered by SchemaPage from a real file of schemas/pages (edit the file and the
 * story follows), against wire-shaped fixtures: rows from the server's seed where it has them. The toolbar's
 * Language and Role switchers apply: pick "jxs" to see the dealer's own screens as the dealer sees them, or
 * "clerk" to lose the codes a warehouse clerk does not hold.
 */
const meta = {
  title: 'Pages/Page files',
  component: SchemaPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Rows of a seed file (server/seed/data/rows) with ids, a `$ref` to another row standing for id 1000. */
function seedRows(file: { rows: Row[] }, primaryKey: string): Row[] {
  return file.rows.map((row, i) => ({
    ...Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value && typeof value === 'object' && '$ref' in value ? 1000 : value,
      ]),
    ),
    [primaryKey]: i + 1,
    objectVersionNumber: 1,
  }))
}

const CUSTOMERS = ['Hangzhou Xinyuan Trading', 'Suzhou Mingda Retail', 'Ningbo Haitong Supplies']
const STATUSES = ['NEW', 'SUBMITTED', 'SHIPPED', 'NEW', 'CANCELLED', 'SUBMITTED']

/** A dealer's outbound orders (wms/jxs-outbound-order), the way the dealer portal lists them. */
function dealerOrders(count = 14): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    outboundOrderId: 41 + i,
    orderNum: `JXS-20261121-${String(41 + i).padStart(4, '0')}`,
    customerName: CUSTOMERS[i % CUSTOMERS.length],
    warehouseId: 1000 + (i % 3),
    warehouseCode: `WH-E00${(i % 3) + 1}`,
    warehouseName: ['Shanghai warehouse 1', 'Hangzhou warehouse 2', 'Suzhou warehouse 3'][i % 3],
    receiverName: ['Chen Jing', 'Li Wei', 'Wang Fang'][i % 3],
    receiverPhone: `+86 138 0571 ${String(2200 + i)}`,
    receiverAddress: `${18 + i} Wensan Road, Xihu District, Hangzhou`,
    expectedDate: `2026-11-${String(22 + (i % 8)).padStart(2, '0')}`,
    orderStatus: STATUSES[i % STATUSES.length],
    totalQuantity: 120 + i * 15,
    remark: i === 0 ? 'Deliver before 10:00, the loading dock closes at noon' : null,
    objectVersionNumber: 1,
  }))
}

const dealerLines = (): Row[] =>
  [
    { outboundLineId: 401, outboundOrderId: 41, lineNum: 10, itemCode: 'SKU-TEA-250G', quantity: 80 },
    { outboundLineId: 402, outboundOrderId: 41, lineNum: 20, itemCode: 'SKU-CUP-CERAMIC', quantity: 40 },
  ].map((line) => ({ ...line, remark: null, objectVersionNumber: 1 }))

const dealerBackend = () =>
  createFakeEnv({
    handlers: schemaBackend([
      { path: 'jxs-outbound-orders', primaryKey: 'outboundOrderId', rows: dealerOrders() },
      { path: 'jxs-outbound-lines', primaryKey: 'outboundLineId', rows: dealerLines() },
    ]),
  })

/** list: schemas/pages/winv/jxs-outbound-order.page.json, the dealer's orders (search, paging, row actions). */
export const List: Story = {
  args: { page: jxsListPage, file: 'schemas/pages/winv/jxs-outbound-order.page.json', params: {} },
  parameters: { env: dealerBackend },
}

/** The same list as the dealer (jxs) sees it in zh_TW: the toolbar's switchers, set by the story. */
export const ListAsDealerInTraditionalChinese: Story = {
  ...List,
  globals: { locale: 'zh_TW', role: 'jxs' },
}

/** The same list as a warehouse clerk (wh-clerk holds none of the dealer's codes): no create, submit or edit. */
export const ListAsClerk: Story = { ...List, globals: { role: 'clerk' } }

/**
 * list: schemas/pages/wmdm/batch.page.json, batches on hand. The stock rows carry the warehouse and owner names
 * (copied on insert), which the table shows in the Warehouse and Owner columns (lov.textField), not their ids.
 */
export const BatchList: Story = {
  args: { page: batchPage, file: 'schemas/pages/wmdm/batch.page.json', params: {} },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: schemaBackend([
          {
            path: 'stocks',
            primaryKey: 'stockId',
            rows: [
              {
                batchCode: 'B20261101',
                warehouseId: 1002,
                warehouseName: 'Suzhou warehouse 3',
                quantity: 40,
              },
              { batchCode: 'B20261102', warehouseId: 1005, warehouseName: 'Hefei warehouse 6', quantity: 12 },
            ].map((row, i) => ({
              ...row,
              stockId: i + 1,
              goodsCode: 'SKU-TEA-250G',
              goodsName: 'Green tea 250 g',
              locationCode: `A-01-0${i + 1}`,
              ownerId: 3001,
              ownerName: 'Hangzhou Xinyuan Trading',
              reservedQuantity: 0,
              lockedQuantity: 0,
              objectVersionNumber: 1,
            })),
          },
        ]),
      }),
  },
}

/**
 * list: schemas/pages/wmdm/location.page.json, whose location rows carry only warehouse and area ids: the
 * Warehouse and Area columns ask the warehouse and area views for the names of the page's ids, one call each.
 */
export const LocationList: Story = {
  args: { page: locationPage, file: 'schemas/pages/wmdm/location.page.json', params: {} },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: schemaBackend([
          {
            path: 'locations',
            primaryKey: 'locationId',
            rows: [
              ['A-01-01', 1002, 10021],
              ['A-01-02', 1002, 10022],
              ['B-01-01', 1005, 10051],
              ['Z-09-09', 1002, 99999],
            ].map(([locationCode, warehouseId, whareaId], i) => ({
              locationId: i + 1,
              locationCode,
              warehouseId,
              whareaId,
              locationType: 'SHELF',
              capacity: 100,
              mixGoodsFlag: 1,
              enabledFlag: 1,
              remark: null,
              objectVersionNumber: 1,
            })),
          },
        ]),
      }),
  },
}

/** form: schemas/pages/winv/stock-count-create.page.json, a new stock count with its defaults. */
export const Form: Story = {
  args: { page: stockCountCreatePage, file: 'schemas/pages/winv/stock-count-create.page.json', params: {} },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: schemaBackend([{ path: 'stock-counts', primaryKey: 'stockCountId', rows: [] }]),
      }),
  },
}

/** master-detail: schemas/pages/winv/jxs-outbound-order-create.page.json opened on order 41 with its lines. */
export const MasterDetail: Story = {
  args: {
    page: jxsCreatePage,
    file: 'schemas/pages/winv/jxs-outbound-order-create.page.json',
    params: { outboundOrderId: '41' },
  },
  parameters: { env: dealerBackend },
}

/** tabs: schemas/pages/winv/app-customize.page.json, each tab the served page of its route (seed rows). */
export const Tabs: Story = {
  args: { page: appCustomizePage, file: 'schemas/pages/winv/app-customize.page.json', params: {} },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: schemaBackend([
          {
            path: 'app-customize-fields',
            primaryKey: 'customizeFieldId',
            rows: seedRows(customizeFieldSeed, 'customizeFieldId'),
          },
          {
            path: 'app-customize-hides',
            primaryKey: 'customizeHideId',
            rows: seedRows(customizeHideSeed, 'customizeHideId'),
          },
          {
            path: 'app-customize-validations',
            primaryKey: 'customizeValidationId',
            rows: seedRows(customizeValidationSeed, 'customizeValidationId'),
          },
        ]),
      }),
  },
}

/** dashboard: schemas/pages/wmdm/area.page.json, figures and charts from the aggregate endpoints (seed rows). */
export const Dashboard: Story = {
  args: { page: areaPage, file: 'schemas/pages/wmdm/area.page.json', params: {} },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: schemaBackend([
          { path: 'whareas', primaryKey: 'whareaId', rows: seedRows(areaSeed, 'whareaId') },
          { path: 'locations', primaryKey: 'locationId', rows: seedRows(locationSeed, 'locationId') },
          {
            path: 'stocks',
            primaryKey: 'stockId',
            rows: [1840, 960, 312, 75].map((quantity, i) => ({ stockId: i + 1, quantity })),
          },
        ]),
      }),
  },
}

/** custom: schemas/pages/ets/express.page.json names a registered widget (ExpressTracker) that draws the page. */
export const Custom: Story = {
  args: {
    page: expressPage,
    file: 'schemas/pages/ets/express.page.json',
    params: {},
    search: new URLSearchParams('q=SF1234567890'),
  },
  parameters: { env: () => createFakeEnv({ handlers: etsBackend().handlers }) },
}
