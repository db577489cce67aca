import type { Meta, StoryObj } from '@storybook/react-vite'
import editorPage from '../../schemas/pages/hrpt/word-editor.page.json'
import { SchemaPage } from '../../renderer/index'
import { createFakeEnv } from '../../stories/support/fake-env'

const template = {
  templateId: 1,
  objectVersionNumber: 1,
  templateCode: 'WAREHOUSE_CARD',
  templateName: '仓库卡片',
  templateType: 'TEXT',
  content: 'Warehouse ${warehouseCode} — ${warehouseName}\n',
}
const backend = {
  'GET hrpt /v1/1/report-templates/1': () => template,
  'GET hrpt /v1/1/data-sets': () => ({
    content: [{ datasetCode: 'WAREHOUSE_LIST', datasetName: '仓库清单' }],
    totalElements: 1,
    totalPages: 1,
    number: 0,
    size: 100,
    numberOfElements: 1,
  }),
  'POST hrpt /v1/1/data-set-preview/WAREHOUSE_LIST': () => ({
    columns: ['warehouseCode', 'warehouseName'],
    rows: [{ warehouseCode: 'WH-E001', warehouseName: '上海一号仓' }],
    truncated: false,
  }),
  'PUT hrpt /v1/1/report-templates': () => ({ ...template, objectVersionNumber: 2 }),
}

/** The report template editor: text with ${column} placeholders, a data set's columns to insert, a preview. */
const meta = {
  title: 'Pages/TemplateEditor',
  component: SchemaPage,
  args: { page: editorPage, file: 'schemas/pages/hrpt/word-editor.page.json', params: { fileId: '1' } },
  parameters: { layout: 'fullscreen', env: () => createFakeEnv({ handlers: backend }) },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Pick the data set on the right to see the placeholders and the filled preview. */
export const Editor: Story = {}
