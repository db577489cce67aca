import type { Meta, StoryObj } from '@storybook/react-vite'
import reportPage from '../../schemas/pages/hrpt/report-detail-path.page.json'
import { SchemaPage, type HttpRequest } from '../../renderer/index'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv } from '../../stories/support/fake-env'

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
