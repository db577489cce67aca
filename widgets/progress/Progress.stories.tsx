import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const field = (props: Record<string, unknown> = {}) => ({
  title: 'Picking progress',
  'x-component': 'Progress',
  'x-component-props': props,
})

const meta = { title: 'Fields/Progress', component: FieldHarness, args: { field: field() } } satisfies Meta<
  typeof FieldHarness
>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Percentage: Story = { args: { initialValue: 62.5 } }
/** 45 of 60 lines picked. */
export const ShareOfTotal: Story = { args: { initialValue: 45, field: field({ total: 60 }) } }
export const Done: Story = { args: { initialValue: 100, readPretty: true } }
