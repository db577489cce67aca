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

/** Nothing entered yet: the placeholder says what goes here. */
export const Empty: Story = {}
export const Disabled: Story = {
  args: {
    initialValue: 'Shanghai East',
    field: { title: 'Warehouse name', 'x-component': 'Input', 'x-disabled': true },
  },
}
/** A name longer than the field is wide: the whole value stays, read-pretty wraps it. */
export const LongText: Story = {
  args: {
    initialValue:
      'Shanghai Waigaoqiao Free Trade Zone bonded logistics park, building 7, cold-chain consolidation warehouse (north wing)',
  },
}
export const LongTextReadPretty: Story = { args: { ...LongText.args, readPretty: true } }
/** In zh_TW (toolbar language set by the story). */
export const TraditionalChinese: Story = {
  args: { initialValue: '台北內湖一號倉', readPretty: true },
  globals: { locale: 'zh_TW' },
}
