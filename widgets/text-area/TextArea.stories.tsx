import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/TextArea',
  component: FieldHarness,
  args: { field: { title: 'Remark', 'x-component': 'TextArea' } },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 'Dock 3 is closed on Sundays' } }
export const ReadPretty: Story = { args: { initialValue: 'Dock 3 is closed on Sundays', readPretty: true } }
