import type { Meta, StoryObj } from '@storybook/react-vite'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FieldHarness } from '../../stories/support/FieldHarness'

// A user who reads times without seconds; values stay HH:mm:ss.
const shortTimes = () =>
  createFakeEnv({ handlers: warehouseBackend().handlers, user: { timeFormat: 'HH:mm' } })

const meta = {
  title: 'Fields/TimePicker',
  component: FieldHarness,
  args: {
    field: {
      title: 'Cut-off time',
      'x-component': 'TimePicker',
      'x-component-props': { 'aria-label': 'Cut-off time' },
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Edit: Story = { args: { initialValue: '17:30:00' } }
export const ReadPretty: Story = { args: { initialValue: '17:30:00', readPretty: true } }
export const UserFormat: Story = {
  args: { initialValue: '08:05:09', readPretty: true },
  parameters: { env: shortTimes },
}
export const Disabled: Story = {
  args: {
    initialValue: '06:00:00',
    field: { title: 'Cut-off time', 'x-component': 'TimePicker', 'x-disabled': true },
  },
}
