import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const field = {
  title: 'Label colour',
  'x-component': 'ColorPicker',
  'x-component-props': { 'aria-label': 'Label colour' },
}

const meta = {
  title: 'Fields/ColorPicker',
  component: FieldHarness,
  args: { field },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Hex: Story = { args: { initialValue: '#1890ff' } }
export const Rgba: Story = { args: { initialValue: 'rgba(47,84,235,0.5)' } }
export const ReadPretty: Story = { args: { initialValue: '#2F54EB', readPretty: true } }
export const Disabled: Story = { args: { initialValue: '#fff', field: { ...field, 'x-disabled': true } } }
