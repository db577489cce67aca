import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { ApiError, SchemaPage, type FormPage } from '../../renderer/index'
import { sampleWarehouses, warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'

const warehouse = pageWithModel(warehouseFile)

/** A form page made from the warehouse page's fields and sections: edit the warehouse whose id is in the route. */
const page: FormPage = {
  kind: 'form',
  route: '/wmdm/warehouse/detail/{warehouseId}',
  title: 'wmdm.warehouse.title',
  description: 'One warehouse in a full-page form.',
  dataSource: { ...warehouse.dataSource, service: 'wms' },
  fields: warehouse.fields as FormPage['fields'],
  form: { sections: warehouse.form.sections },
  idParam: 'warehouseId',
  backTo: '/wmdm/warehouse',
  texts: warehouse.texts,
}

const env = () => {
  const backend = warehouseBackend()
  const [first] = sampleWarehouses(1)
  return createFakeEnv({ handlers: { ...backend.handlers, 'GET wms /v1/1/warehouses/1000': () => first } })
}

const meta = {
  title: 'Pages/FormPage',
  component: SchemaPage,
  args: { page, file: 'story: form page', params: { warehouseId: '1000' } },
  parameters: { env },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

export const EditWarehouse: Story = {}
export const NewWarehouse: Story = { args: { params: {} } }

/** The warehouse cannot be read: the page says why instead of showing an empty form to fill. */
export const LoadFails: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...warehouseBackend().handlers,
          'GET wms /v1/1/warehouses/1000': () => {
            throw new ApiError(
              'Warehouse 1000 was not found: it may have been deleted.',
              404,
              'error.not_found',
            )
          },
        },
      }),
  },
}

/** Opened in zh_TW (the toolbar's language, set by the story): labels and value meanings in that language. */
export const TraditionalChinese: Story = { globals: { locale: 'zh_TW' } }
