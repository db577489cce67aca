import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/Input',
  component: FieldHarness,
  args: {
    field: { title: 'Warehouse name', 'x-component': 'Input', 'x-component-props': { placeholder: 'Name' } },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 'Shanghai East' } }
export const ReadPretty: Story = { args: { initialValue: 'Shanghai East', readPretty: true } }
