import type { Meta, StoryObj } from '@storybook/react-vite'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FieldHarness } from '../../stories/support/FieldHarness'

// The user's own formats are shown; values stay in the wire format.
const userFormats = () =>
  createFakeEnv({
    handlers: warehouseBackend().handlers,
    user: { dateFormat: 'DD/MM/YYYY', dateTimeFormat: 'DD/MM/YYYY HH:mm' },
  })

const meta = {
  title: 'Fields/DatetimePicker',
  component: FieldHarness,
  args: { field: { title: 'Shipped at', 'x-component': 'DatetimePicker' } },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { parameters: { env: userFormats }, args: { initialValue: '2026-11-21 08:30:00' } }
export const ReadPretty: Story = {
  args: { initialValue: '2026-11-21 08:30:00', readPretty: true },
  parameters: { env: userFormats },
}

export const Empty: Story = { parameters: { env: userFormats } }
export const Disabled: Story = {
  args: {
    initialValue: '2026-11-21 08:30:00',
    field: { title: 'Shipped at', 'x-component': 'DatetimePicker', 'x-disabled': true },
  },
  parameters: { env: userFormats },
}
