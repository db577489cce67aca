import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const field = { title: 'Supplier rating', 'x-component': 'Rate' }

const meta = { title: 'Fields/Rate', component: FieldHarness, args: { field } } satisfies Meta<
  typeof FieldHarness
>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Edit: Story = { args: { initialValue: 3 } }
export const ReadPretty: Story = { args: { initialValue: 4, readPretty: true } }
export const Disabled: Story = { args: { initialValue: 2, field: { ...field, 'x-disabled': true } } }
