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

export const Empty: Story = {}
export const Disabled: Story = {
  args: {
    initialValue: 'Dock 3 is closed on Sundays',
    field: { title: 'Remark', 'x-component': 'TextArea', 'x-disabled': true },
  },
}
const longRemark = [
  'Receiving: trucks over 9.6 m use dock 3 (north gate); book the slot 24 h ahead through the supplier portal.',
  'Cold chain: keep pallets at 2-8 °C; a reading outside the range stops putaway and calls the QA on duty.',
  'Hazardous goods (class 3 and 8) go to area H only, never mixed with food-grade stock.',
  'Weekend: one shift, 08:00-16:00; urgent dealer orders are picked first.',
].join('\n')
/** Several paragraphs of operating notes. */
export const LongText: Story = { args: { initialValue: longRemark } }
export const LongTextReadPretty: Story = { args: { initialValue: longRemark, readPretty: true } }
