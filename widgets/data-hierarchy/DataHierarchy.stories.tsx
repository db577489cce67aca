import type { Meta, StoryObj } from '@storybook/react-vite'
import { ApiError } from '../../renderer/index'
import { hierarchyOptions } from '../../stories/fixtures/data-hierarchy-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FormHarness } from '../../stories/support/FormHarness'

const DETAILS = 'GET hpfm /v1/1/data-hierarchies/switch/value/details'
const tenantHierarchy = () => createFakeEnv({ handlers: { [DETAILS]: hierarchyOptions } })
const unavailable = () =>
  createFakeEnv({
    handlers: {
      [DETAILS]: () => {
        throw new ApiError('The platform service is not available', 503, 'error.network')
      },
    },
  })

const level = (title: string, code: string, props: Record<string, unknown> = {}) => ({
  title,
  'x-component': 'DataHierarchy',
  'x-component-props': { 'aria-label': title, dataHierarchyCode: code, ...props },
})

const meta = {
  title: 'Fields/DataHierarchy',
  component: FormHarness,
  args: { fields: { companyCode: level('Company', 'COMPANY') } },
  parameters: { env: tenantHierarchy },
} satisfies Meta<typeof FormHarness>
export default meta
type Story = StoryObj<typeof meta>

/** Nothing chosen yet: the values load when the list opens. */
export const Empty: Story = {}
/** A chosen company shows its meaning once the list has loaded. */
export const Chosen: Story = { args: { initialValues: { companyCode: 'C-NB' } } }
/** Company → warehouse: the warehouse waits for a company, lists only its warehouses, and clears when it changes. */
export const Cascading: Story = {
  args: {
    fields: {
      invOrgCode: level('Inventory organisation', 'INV_ORG'),
      warehouseCode: level('Warehouse', 'WAREHOUSE', { parentField: 'invOrgCode' }),
    },
  },
}
/** The values cannot be read: the open list says so. */
export const LoadFails: Story = { parameters: { env: unavailable } }
export const ReadPretty: Story = {
  args: {
    fields: { warehouseCode: level('Warehouse', 'WAREHOUSE') },
    initialValues: { warehouseCode: 'WH-PD-02' },
    readPretty: true,
  },
}
export const Disabled: Story = {
  args: {
    fields: { companyCode: { ...level('Company', 'COMPANY'), 'x-disabled': true } },
    initialValues: { companyCode: 'C-SH' },
  },
}
