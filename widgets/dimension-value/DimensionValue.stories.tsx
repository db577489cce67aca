import type { Meta, StoryObj } from '@storybook/react-vite'
import { lovHandlers } from '../../stories/fixtures/lov-backend'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'
import { FormHarness } from '../../stories/support/FormHarness'

/**
 * A data permission rule's value: the tenant's enabled LOV dimension WAREHOUSE follows warehouseId (Lov
 * WMDM.WAREHOUSE), so a rule on warehouseId picks its value in that Lov; other fields and operators type it.
 */
const dimensions: Handler = (request) =>
  pageOf(
    request.params?.fieldName === 'warehouseId' && request.params?.sourceType === 'LOV'
      ? [{ dimensionCode: 'WAREHOUSE', sourceType: 'LOV', sourceCode: 'WMDM.WAREHOUSE' }]
      : [],
    request,
  )
const env = () =>
  createFakeEnv({ handlers: { ...lovHandlers(), 'GET hpfm /v1/1/data-dimensions': dimensions } })

const fields = {
  fieldName: { title: 'Field', 'x-component': 'Input', 'x-component-props': { 'aria-label': 'Field' } },
  operator: { title: 'Operator', 'x-component': 'Input', 'x-component-props': { 'aria-label': 'Operator' } },
  ruleValue: {
    title: 'Value',
    'x-component': 'DimensionValue',
    'x-component-props': { 'aria-label': 'Value' },
  },
}

const meta = {
  title: 'Fields/DimensionValue',
  component: FormHarness,
  args: { fields },
  parameters: { env },
} satisfies Meta<typeof FormHarness>
export default meta
type Story = StoryObj<typeof meta>

export const WarehouseEqual: Story = {
  args: { initialValues: { fieldName: 'warehouseId', operator: 'EQUAL' } },
}
export const WarehouseIn: Story = {
  args: { initialValues: { fieldName: 'warehouseId', operator: 'IN', ruleValue: '1000' } },
}
export const WithoutDimension: Story = {
  args: { initialValues: { fieldName: 'createdBy', operator: 'EQUAL' } },
}
export const ReadOnly: Story = {
  args: {
    readPretty: true,
    initialValues: { fieldName: 'warehouseId', operator: 'IN', ruleValue: '1000,1001' },
  },
}
