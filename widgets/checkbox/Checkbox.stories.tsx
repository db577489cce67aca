import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/Checkbox',
  component: FieldHarness,
  args: { field: { title: 'Bonded goods', 'x-component': 'Checkbox' } },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 1 } }
export const ReadPretty: Story = { args: { initialValue: 1, readPretty: true } }

/** No value: unchecked, and the form value stays empty until the user decides. */
export const Empty: Story = {}
export const Disabled: Story = {
  args: { initialValue: 1, field: { title: 'Bonded goods', 'x-component': 'Checkbox', 'x-disabled': true } },
}
