import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

/** FormItem around a field: label, required asterisk, help text and the validation message. */
const meta = {
  title: 'Parts/FormItem',
  component: FieldHarness,
  args: {
    field: {
      title: 'Warehouse code',
      'x-component': 'Input',
      'x-decorator-props': { asterisk: true, extra: 'Capital letters, digits, _ or -' },
      'x-validator': [{ pattern: '^[A-Z0-9_-]+$', message: 'Use capital letters, digits, _ and - only' }],
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const WithHelp: Story = {}
export const Invalid: Story = { args: { initialValue: 'wh east' } }
