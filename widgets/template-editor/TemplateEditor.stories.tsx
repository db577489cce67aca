import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import editorPageFile from '../../schemas/pages/hrpt/word-editor.page.json'
import { ApiError, SchemaPage } from '../../renderer/index'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const editorPage = pageWithModel(editorPageFile)

const template = {
  templateId: 1,
  objectVersionNumber: 1,
  templateCode: 'WAREHOUSE_CARD',
  templateName: '仓库卡片',
  templateType: 'TEXT',
  content: 'Warehouse ${warehouseCode} — ${warehouseName}\n',
}
const backend: Record<string, Handler> = {
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

const env = (handlers: Record<string, Handler>) => () =>
  createFakeEnv({ handlers: { ...backend, ...handlers } })

/** Error: no template of this id (the server's 404 envelope): the page says so with the reason. */
export const NotFound: Story = {
  args: { params: { fileId: '99' } },
  parameters: {
    env: env({
      'GET hrpt /v1/1/report-templates/99': () => {
        throw new ApiError(
          'Report template 99 does not exist in this tenant: open it again from Report templates.',
          404,
          'error.not_found',
        )
      },
    }),
  },
}

/** Error: someone else saved first (409 with the stale-version envelope): notified, the text stays here. */
export const SaveConflict: Story = {
  parameters: {
    env: env({
      'PUT hrpt /v1/1/report-templates': () => {
        throw new ApiError('The record was changed by someone else: reload and try again', 409, 'error.stale')
      },
    }),
  },
}

/** Loading: a skeleton until the template comes. */
export const Loading: Story = {
  parameters: { env: env({ 'GET hrpt /v1/1/report-templates/1': () => new Promise(() => undefined) }) },
}

/** Empty: a new template without text, and no enabled data set to preview with. */
export const EmptyTemplate: Story = {
  parameters: {
    env: env({
      'GET hrpt /v1/1/report-templates/1': () => ({ ...template, content: null }),
      'GET hrpt /v1/1/data-sets': () => ({
        content: [],
        totalElements: 0,
        totalPages: 0,
        number: 0,
        size: 100,
        numberOfElements: 0,
      }),
    }),
  },
}
