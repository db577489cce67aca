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
  title: 'Fields/DatePicker',
  component: FieldHarness,
  args: { field: { title: 'Expected date', 'x-component': 'DatePicker' } },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { parameters: { env: userFormats }, args: { initialValue: '2026-11-21' } }
export const ReadPretty: Story = {
  args: { initialValue: '2026-11-21', readPretty: true },
  parameters: { env: userFormats },
}

export const Empty: Story = { parameters: { env: userFormats } }
export const Disabled: Story = {
  args: {
    initialValue: '2026-11-21',
    field: { title: 'Expected date', 'x-component': 'DatePicker', 'x-disabled': true },
  },
  parameters: { env: userFormats },
}
