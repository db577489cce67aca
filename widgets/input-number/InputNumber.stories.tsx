import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/InputNumber',
  component: FieldHarness,
  args: {
    field: { title: 'Area (m²)', 'x-component': 'InputNumber', 'x-component-props': { precision: 2 } },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 1.5 } }
export const ReadPretty: Story = { args: { initialValue: 1234567.891, readPretty: true } }

export const Empty: Story = {}
export const Disabled: Story = {
  args: {
    initialValue: 1250.5,
    field: {
      title: 'Area (m²)',
      'x-component': 'InputNumber',
      'x-disabled': true,
      'x-component-props': { precision: 2 },
    },
  },
}
/** A large figure in edit mode keeps its precision. */
export const LargeNumber: Story = { args: { initialValue: 98765432.1 } }
