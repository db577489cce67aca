import type { Meta, StoryObj } from '@storybook/react-vite'
import { lovEnv } from '../../stories/fixtures/lov-backend'
import { FormHarness } from '../../stories/support/FormHarness'

const fields = {
  warehouseIds: {
    title: 'Warehouses',
    'x-component': 'MulLov',
    'x-component-props': {
      'aria-label': 'Warehouses',
      lovCode: 'WMDM.WAREHOUSE',
      lovMapping: { textField: 'warehouseNames' },
    },
  },
}

const meta = {
  title: 'Fields/MulLov',
  component: FormHarness,
  args: { fields },
  parameters: { env: lovEnv({ rows: 75 }) },
} satisfies Meta<typeof FormHarness>
export default meta
type Story = StoryObj<typeof meta>

/** 75 warehouses: two pages of 50, selections kept across them. */
export const AcrossPages: Story = {}
export const WithValue: Story = {
  args: {
    initialValues: {
      warehouseIds: [1000, 1001],
      warehouseNames: 'Shanghai warehouse 1,Hangzhou warehouse 2',
    },
  },
}
export const ReadOnly: Story = {
  args: {
    readPretty: true,
    initialValues: {
      warehouseIds: [1000, 1001],
      warehouseNames: 'Shanghai warehouse 1,Hangzhou warehouse 2',
    },
  },
}
export const ServerError: Story = {
  parameters: { env: lovEnv({ dataError: 'Search failed on the server' }) },
}
