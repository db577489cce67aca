import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/Radio',
  component: FieldHarness,
  args: {
    field: {
      title: 'Order status',
      'x-component': 'Radio',
      'x-component-props': { lookupCode: 'WINV.JXS_ORDER_STATUS' },
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 'NEW' } }
export const ReadPretty: Story = { args: { initialValue: 'SHIPPED', readPretty: true } }
