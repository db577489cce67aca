import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import designerPageFile from '../../schemas/pages/hrpt/label-designer.page.json'
import printPageFile from '../../schemas/pages/hrpt/label-print.page.json'
import { ApiError, SchemaPage, type HttpRequest } from '../../renderer/index'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const designerPage = pageWithModel(designerPageFile)
const printPage = pageWithModel(printPageFile)

const label = {
  labelTemplateId: 1,
  objectVersionNumber: 1,
  templateCode: 'WAREHOUSE_LABEL',
  templateName: '仓库标签',
  templateWidth: 80,
  templateHigh: 50,
  datasetCode: 'WAREHOUSE_LIST',
  params: [],
  elementsJson: [
    { type: 'text', x: 4, y: 3, width: 72, height: 7, fontSize: 12, text: 'Warehouse' },
    { type: 'field', x: 4, y: 11, width: 72, height: 7, fontSize: 12, field: 'warehouseName' },
    { type: 'barcode', x: 4, y: 21, width: 72, height: 18, field: 'warehouseCode' },
  ],
}
const data = {
  columns: ['warehouseCode', 'warehouseName'],
  rows: [
    { warehouseCode: 'WH-E001', warehouseName: '上海一号仓' },
    { warehouseCode: 'WH-E002', warehouseName: '北京二号仓' },
  ],
  truncated: false,
}
const backend: Record<string, Handler> = {
  'GET hrpt /v1/1/label-templates/1': () => label,
  'GET hrpt /v1/1/label-templates': (request: HttpRequest) =>
    pageOf(
      [label].filter((l) => l.templateCode === request.params?.templateCode),
      request,
    ),
  'GET hrpt /v1/1/labels/WAREHOUSE_LABEL': () => label,
  'POST hrpt /v1/1/labels/WAREHOUSE_LABEL/data': () => data,
  'PUT hrpt /v1/1/label-templates': () => ({ ...label, objectVersionNumber: 2 }),
}

/** The label designer on a canvas of the template's size, and the print view of the same label. */
const meta = {
  title: 'Pages/LabelDesigner',
  component: SchemaPage,
  args: {
    page: designerPage,
    file: 'schemas/pages/hrpt/label-designer.page.json',
    params: { labelTemplateId: '1', templateHigh: '50', templateWidth: '80' },
  },
  parameters: { layout: 'fullscreen', env: () => createFakeEnv({ handlers: backend }) },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Text, field and barcode elements on an 80 × 50 mm canvas; click one to edit it, drag to move it. */
export const Designer: Story = {}

/** LabelPrint: one label per data row at real size, Print opens the browser's print dialog. */
export const Print: Story = {
  args: {
    page: printPage,
    file: 'schemas/pages/hrpt/label-print.page.json',
    params: { templateCode: 'WAREHOUSE_LABEL', tenantId: '1' },
  },
}

const env = (handlers: Record<string, Handler>) => () =>
  createFakeEnv({ handlers: { ...backend, ...handlers } })
const printArgs = Print.args

/** Error: no label template of this id (the server's 404 envelope): the designer says so with the reason. */
export const DesignerNotFound: Story = {
  args: { params: { labelTemplateId: '99', templateHigh: '50', templateWidth: '80' } },
  parameters: {
    env: env({
      'GET hrpt /v1/1/label-templates/99': () => {
        throw new ApiError(
          'Label template 99 does not exist in this tenant: open it again from Label templates.',
          404,
          'error.not_found',
        )
      },
    }),
  },
}

/** Empty: a new label without elements: an empty canvas, the add buttons and what to do next. */
export const DesignerEmpty: Story = {
  parameters: { env: env({ 'GET hrpt /v1/1/label-templates/1': () => ({ ...label, elementsJson: [] }) }) },
}

/** Error: a save refused by the server (someone else saved first): notified with its message. */
export const DesignerSaveConflict: Story = {
  parameters: {
    env: env({
      'PUT hrpt /v1/1/label-templates': () => {
        throw new ApiError('The record was changed by someone else: reload and try again', 409, 'error.stale')
      },
    }),
  },
}

/** LabelPrint error: no label template of this code (the list answers no row). */
export const PrintUnknownCode: Story = {
  args: { ...printArgs, params: { templateCode: 'RETIRED_LABEL', tenantId: '1' } },
}

/** LabelPrint error: the label data cannot be read (the server's envelope): notified, nothing to print. */
export const PrintDataFails: Story = {
  args: printArgs,
  parameters: {
    env: env({
      'POST hrpt /v1/1/labels/WAREHOUSE_LABEL/data': () => {
        throw new ApiError(
          'The data set WAREHOUSE_LIST of label WAREHOUSE_LABEL is disabled: enable it in Data sets.',
          400,
          'error.hrpt.dataset_disabled',
        )
      },
    }),
  },
}

/** LabelPrint empty: the data set finds no rows: zero labels and Print cannot be pressed. */
export const PrintNoRows: Story = {
  args: printArgs,
  parameters: {
    env: env({ 'POST hrpt /v1/1/labels/WAREHOUSE_LABEL/data': () => ({ ...data, rows: [] }) }),
  },
}
