import type { Meta, StoryObj } from '@storybook/react-vite'
import { SchemaPage, type MasterDetailPage, type Row } from '../../renderer/index'
import { orderBackend, orderPage } from '../../stories/fixtures/page-kinds'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const text = (en: string, zh: string) => ({ zh_CN: zh, en_US: en, zh_TW: zh })

/** The transfer order of the master-detail stories with a status and a total the server keeps from its lines. */
const documentPage: MasterDetailPage = {
  ...orderPage,
  fields: {
    ...orderPage.fields,
    status: { label: 'demo.order.status', widget: 'Input', readOnly: true },
    totalQuantity: { label: 'demo.order.total', widget: 'InputNumber', precision: 0, readOnly: true },
  },
  header: {
    sections: [{ title: 'demo.order.header', fields: ['orderNumber', 'status', 'totalQuantity', 'remark'] }],
  },
  texts: {
    ...orderPage.texts,
    'demo.order.status': text('Status', '状态'),
    'demo.order.total': text('Total quantity', '总数量'),
  },
}

/**
 * The server's facts of the page (GET page-schemas/document): the number field, the lifecycle's actions as the
 * order list offers them (submit from NEW, dispatch from SUBMITTED) with the list's texts, the total of the lines.
 */
function documentBackend() {
  const backend = orderBackend()
  const header: Row = { orderId: 7, orderNumber: 'TO-0007', remark: 'Weekly top-up', objectVersionNumber: 3 }
  Object.assign(header, { status: 'NEW', totalQuantity: 16 })
  const handlers: Record<string, Handler> = {
    ...backend.handlers,
    'GET wms /v1/1/transfer-orders/7': () => ({ ...header }),
    'GET hpfm /v1/page-schemas/document': () => ({
      document: true,
      statusField: 'status',
      numberField: 'orderNumber',
      actions: [
        {
          type: 'action',
          name: 'submit',
          label: 'demo.list.submit',
          path: '/v1/{tenantId}/transfer-orders/{orderId}/submit',
          visibleWhen: { field: 'status', op: 'in', value: ['NEW'] },
        },
        {
          type: 'action',
          name: 'dispatch',
          label: 'demo.list.dispatch',
          path: '/v1/{tenantId}/transfer-orders/{orderId}/dispatch',
          visibleWhen: { field: 'status', op: 'in', value: ['SUBMITTED'] },
        },
      ],
      texts: {
        'demo.list.submit': text('Submit', '提交'),
        'demo.list.dispatch': text('Dispatch', '发运'),
      },
      totals: [{ field: 'totalQuantity', detail: 'lines', of: 'quantity' }],
    }),
    'POST wms /v1/1/transfer-orders/7/submit': () => {
      header.status = 'SUBMITTED'
      return { ...header }
    },
  }
  return { handlers }
}

/** A saved document: titled by its number, with the actions its status allows and its live total. */
const meta = {
  title: 'Pages/SavedDocument',
  component: SchemaPage,
  args: { page: documentPage, file: 'story: saved document', params: { orderId: '7' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

export const SavedDocument: Story = {
  parameters: { env: () => createFakeEnv({ handlers: documentBackend().handlers }) },
}

/** The same page creating a document: the page's title, no actions. */
export const NewDocument: Story = {
  args: { params: {} },
  parameters: { env: () => createFakeEnv({ handlers: documentBackend().handlers }) },
}
