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

/** Read-only (read-pretty): the label and the value as text, no box to type in. */
export const ReadOnly: Story = { args: { initialValue: 'WH-E001', readPretty: true } }

/** Disabled: the value shown in a box that cannot be changed. */
export const Disabled: Story = {
  args: { initialValue: 'WH-E001', field: { ...meta.args.field, 'x-disabled': true } },
}

/** Long texts: a long label, help text and message are shown whole (wrapped), never cut. */
export const LongTexts: Story = {
  args: {
    initialValue: 'wh east',
    field: {
      ...meta.args.field,
      title: 'Warehouse code as printed on the customs declaration and on every delivery note',
      'x-decorator-props': {
        asterisk: true,
        extra:
          'Capital letters, digits, _ or -; at most 30 characters. The code cannot be changed once the warehouse is saved.',
      },
      'x-validator': [
        {
          pattern: '^[A-Z0-9_-]+$',
          message:
            'Use capital letters, digits, _ and - only: the customs office rejects declarations with other characters',
        },
      ],
    },
  },
}
