import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/Select',
  component: FieldHarness,
  args: {
    field: {
      title: 'Warehouse type',
      'x-component': 'Select',
      'x-component-props': { lookupCode: 'WMDM.WAREHOUSE_TYPE' },
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 'COLD' } }
export const ReadPretty: Story = { args: { initialValue: 'BONDED', readPretty: true } }
