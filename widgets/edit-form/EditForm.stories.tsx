import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { fn } from 'storybook/test'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { ApiError, restDataSource, useRendererEnv, type ListPage } from '../../renderer/index'
import { sampleWarehouses, warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { EditForm, type EditFormProps } from './EditForm'

const warehouse = pageWithModel(warehouseFile)

const page = warehouse as unknown as ListPage

/** The form with a data source built from the story's environment. */
function Harness(props: Omit<EditFormProps, 'dataSource' | 'page'>) {
  const env = useRendererEnv()
  const dataSource = useMemo(() => restDataSource(env, page.dataSource, {}), [env])
  return (
    <WithPage page={page}>
      <EditForm page={page} dataSource={dataSource} {...props} />
    </WithPage>
  )
}

const meta = {
  title: 'Parts/EditForm',
  component: Harness,
  args: { mode: 'create', onClose: fn(), onSaved: fn() },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

export const Create: Story = {}
export const Edit: Story = { args: { mode: 'edit', record: sampleWarehouses(1)[0] } }
export const View: Story = { args: { mode: 'view', record: sampleWarehouses(1)[0] } }

/** The server rejects the name with a 400 naming the field: the message lands under it. */
export const ServerFieldError: Story = {
  args: { mode: 'edit', record: sampleWarehouses(1)[0] },
  parameters: {
    env: () => {
      const backend = warehouseBackend()
      return createFakeEnv({
        handlers: {
          ...backend.handlers,
          'PUT wms /v1/1/warehouses': () => {
            throw new ApiError('Validation failed', 400, 'error.validation', 'error', {
              warehouseName: 'Warehouse name must not contain only spaces',
            })
          },
        },
      })
    },
  },
}
