import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/MulSelect',
  component: FieldHarness,
  args: {
    field: {
      title: 'Warehouse types served',
      'x-component': 'MulSelect',
      'x-component-props': { lookupCode: 'WMDM.WAREHOUSE_TYPE', 'aria-label': 'Warehouse types served' },
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Edit: Story = { args: { initialValue: 'COLD,BONDED' } }
export const ReadPretty: Story = { args: { initialValue: 'COLD,BONDED', readPretty: true } }
export const Disabled: Story = {
  args: {
    initialValue: 'NORMAL',
    field: {
      title: 'Warehouse types served',
      'x-component': 'MulSelect',
      'x-disabled': true,
      'x-component-props': { lookupCode: 'WMDM.WAREHOUSE_TYPE' },
    },
  },
}
