import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { fn } from 'storybook/test'
import { restDataSource, useRendererEnv, type HttpRequest, type ListPage } from '../../renderer/index'
import { lovHandlers } from '../../stories/fixtures/lov-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { EditForm, type EditFormProps } from './EditForm'

/**
 * Create forms start with the user's default warehouse (compile/default-warehouse.ts): the warehouse picker of
 * WMDM.WAREHOUSE, its text field and the fields it fills; a picker saying "defaultWarehouse": false stays empty,
 * one saying true takes it too (shown by name without a text field), a schema defaultValue wins.
 */
const field = (label: string, extra: Record<string, unknown>) => ({ label, widget: 'Lov', ...extra })
const page = (warehouseExtra: Record<string, unknown> = {}) =>
  ({
    kind: 'list',
    title: 'story.area.title',
    dataSource: { service: 'wms', path: '/v1/{tenantId}/whareas', primaryKey: 'whareaId' },
    fields: {
      warehouseId: field('story.area.warehouse', {
        lovCode: 'WMDM.WAREHOUSE',
        required: true,
        lov: {
          textField: 'warehouseName',
          fill: { warehouseCode: 'warehouseCode', warehouseAddress: 'address' },
        },
        ...warehouseExtra,
      }),
      toWarehouseId: field('story.area.to', { lovCode: 'WMDM.WAREHOUSE', defaultWarehouse: false }),
      fromWarehouseId: field('story.area.from', { lovCode: 'WMDM.WAREHOUSE_LIST', defaultWarehouse: true }),
      whareaCode: { label: 'story.area.code', widget: 'Input' },
    },
    form: {
      mode: 'drawer',
      sections: [{ title: '', fields: ['warehouseId', 'toWarehouseId', 'fromWarehouseId', 'whareaCode'] }],
    },
    texts: {
      'story.area.title': { en_US: 'Areas', zh_CN: '库区' },
      'story.area.warehouse': { en_US: 'Warehouse', zh_CN: '仓库' },
      'story.area.to': { en_US: 'Target warehouse', zh_CN: '目标仓库' },
      'story.area.from': { en_US: 'Source warehouse', zh_CN: '来源仓库' },
      'story.area.code': { en_US: 'Area code', zh_CN: '库区编码' },
    },
  }) as unknown as ListPage

const suzhou = { warehouseId: 1002, warehouseCode: 'WH-E003', warehouseName: 'Suzhou warehouse 3' }
const env = (defaultWarehouse?: typeof suzhou) => () =>
  createFakeEnv({
    handlers: {
      ...lovHandlers(),
      'POST wms /v1/1/whareas': (request: HttpRequest) => ({ ...(request.data as object), whareaId: 1 }),
      'PUT wms /v1/1/whareas': (request: HttpRequest) => request.data,
    },
    user: { language: 'en_US', ...(defaultWarehouse ? { defaultWarehouse } : {}) },
  })

function Harness(props: Omit<EditFormProps, 'dataSource' | 'page'> & { page: ListPage }) {
  const renderer = useRendererEnv()
  const dataSource = useMemo(
    () => restDataSource(renderer, props.page.dataSource, {}),
    [renderer, props.page],
  )
  return (
    <WithPage page={props.page}>
      <EditForm dataSource={dataSource} {...props} />
    </WithPage>
  )
}

const meta = {
  title: 'Parts/EditForm/Default warehouse',
  component: Harness,
  args: { mode: 'create', page: page(), onClose: fn(), onSaved: fn() },
  parameters: { env: env(suzhou) },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

export const CreateWithDefault: Story = {}
/** The user has warehouses but none flagged default: nothing is pre-filled. */
export const CreateWithoutDefault: Story = { parameters: { env: env() } }
/** The page's own defaultValue wins over the user's default warehouse. */
export const SchemaDefaultWins: Story = { args: { page: page({ defaultValue: 1005 }) } }
/** Editing keeps the record's warehouse. */
export const EditKeepsRecord: Story = {
  args: {
    mode: 'edit',
    record: { whareaId: 9, warehouseId: 1005, warehouseName: 'Hefei warehouse 6', whareaCode: 'RCV' },
  },
}
