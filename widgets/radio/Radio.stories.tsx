import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const meta = {
  title: 'Fields/Radio',
  component: FieldHarness,
  args: {
    field: {
      title: 'Order status',
      'x-component': 'Radio',
      'x-component-props': { lookupCode: 'WINV.JXS_ORDER_STATUS' },
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 'NEW' } }
export const ReadPretty: Story = { args: { initialValue: 'SHIPPED', readPretty: true } }

export const Empty: Story = {}
export const Disabled: Story = {
  args: {
    initialValue: 'SUBMITTED',
    field: {
      title: 'Order status',
      'x-component': 'Radio',
      'x-disabled': true,
      'x-component-props': { lookupCode: 'WINV.JXS_ORDER_STATUS' },
    },
  },
}
/** The meanings come from the value set in the session's language (zh_TW, the seed's texts). */
export const TraditionalChinese: Story = { args: { initialValue: 'NEW' }, globals: { locale: 'zh_TW' } }
