import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/Switch',
  component: FieldHarness,
  args: { field: { title: 'Enabled', 'x-component': 'Switch' } },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 1 } }
export const ReadPretty: Story = { args: { initialValue: 0, readPretty: true } }

export const Empty: Story = {}
export const Disabled: Story = {
  args: { initialValue: 1, field: { title: 'Enabled', 'x-component': 'Switch', 'x-disabled': true } },
}
