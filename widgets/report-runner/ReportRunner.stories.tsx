import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import reportPageFile from '../../schemas/pages/hrpt/report-detail-path.page.json'
import { ApiError, SchemaPage, type HttpRequest } from '../../renderer/index'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const reportPage = pageWithModel(reportPageFile)

const definition = (reportType: string) => ({
  reportCode: 'WAREHOUSE_BY_TYPE',
  reportName: '仓库类型统计',
  reportType,
  chartType: 'bar',
  categoryField: 'warehouseType',
  valueField: 'warehouseCount',
  description: 'Warehouses per type',
  params: [
    {
      paramName: 'warehouseType',
      paramLabel: 'Warehouse type',
      paramType: 'STRING',
      required: false,
      defaultValue: '',
    },
  ],
})
const result = {
  columns: ['warehouseType', 'warehouseCount', 'totalArea'],
  rows: [
    { warehouseType: 'NORMAL', warehouseCount: 12, totalArea: 5300 },
    { warehouseType: 'COLD', warehouseCount: 4, totalArea: 1200 },
  ],
  truncated: false,
  rendered: 'NORMAL: 12\nCOLD: 4',
}
const backend = (reportType: string) => ({
  // The report is found by code in the definitions list, then its definition is read by id.
  'GET hrpt /v1/1/report-definitions': (request: HttpRequest) =>
    pageOf(
      [{ reportId: 3, reportCode: 'WAREHOUSE_BY_TYPE' }].filter(
        (r) => r.reportCode === request.params?.reportCode,
      ),
      request,
    ),
  'GET hrpt /v1/1/reports/by-id/3/definition': () => definition(reportType),
  'POST hrpt /v1/1/reports/WAREHOUSE_BY_TYPE/run': () => result,
})

/** A report opened by code: parameters, Run (table, chart or template) and Export xlsx. */
const meta = {
  title: 'Pages/ReportRunner',
  component: SchemaPage,
  args: {
    page: reportPage,
    file: 'schemas/pages/hrpt/report-detail-path.page.json',
    params: { code: 'WAREHOUSE_BY_TYPE' },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** A table report: press Run to see the rows. */
export const TableReport: Story = { parameters: { env: () => createFakeEnv({ handlers: backend('TABLE') }) } }

/** A chart report (bar of the count per type) above its rows. */
export const ChartReport: Story = { parameters: { env: () => createFakeEnv({ handlers: backend('CHART') }) } }

const env = (reportType: string, handlers: Record<string, Handler>) => () =>
  createFakeEnv({ handlers: { ...backend(reportType), ...handlers } })

/** Error: the definition cannot be read (the server's envelope): the page says so with the reason. */
export const DefinitionFails: Story = {
  parameters: {
    env: env('TABLE', {
      'GET hrpt /v1/1/reports/by-id/3/definition': () => {
        throw new ApiError(
          'Report WAREHOUSE_BY_TYPE uses the data set WAREHOUSE_LIST, which is disabled: enable it in Data sets.',
          400,
          'error.hrpt.dataset_disabled',
        )
      },
    }),
  },
}

/** Error: no report of this code (the definitions list answers no row). */
export const UnknownReport: Story = { args: { params: { code: 'RETIRED_REPORT' } }, ...TableReport }

/** Error: Run is refused (a parameter the data set rejects): the client's notification, the form stays. */
export const RunFails: Story = {
  parameters: {
    env: env('TABLE', {
      'POST hrpt /v1/1/reports/WAREHOUSE_BY_TYPE/run': () => {
        throw new ApiError(
          "Parameter warehouseType: 'SPACESHIP' is not a warehouse type. Choose NORMAL, BONDED, COLD or VIRTUAL.",
          400,
          'error.validation',
        )
      },
    }),
  },
}

/** Empty: a chart report whose run finds no rows says so instead of drawing an empty chart. */
export const EmptyResult: Story = {
  parameters: {
    env: env('CHART', {
      'POST hrpt /v1/1/reports/WAREHOUSE_BY_TYPE/run': () => ({ ...result, rows: [], rendered: null }),
    }),
  },
}

/** Loading: the definition is still being read. */
export const Loading: Story = {
  parameters: {
    env: env('TABLE', { 'GET hrpt /v1/1/reports/by-id/3/definition': () => new Promise(() => undefined) }),
  },
}

/** Running: Run pressed, the server still working: the button shows it. */
export const Running: Story = {
  parameters: {
    env: env('TABLE', {
      'POST hrpt /v1/1/reports/WAREHOUSE_BY_TYPE/run': () => new Promise(() => undefined),
    }),
  },
}

/** zh_TW: the page's own words in traditional Chinese. */
export const TraditionalChinese: Story = {
  parameters: { env: () => createFakeEnv({ handlers: backend('TABLE'), user: { language: 'zh_TW' } }) },
}
