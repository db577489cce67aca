import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FieldHarness } from '../../stories/support/FieldHarness'
import { CronEditor } from './CronEditor'

/**
 * The scheduler fires in Europe/Berlin; the user's zone is GMT+8 (users/self): the next runs are Berlin's
 * firings shown on the user's clock, both zones named.
 */
const schedulerEnv = () =>
  createFakeEnv({
    handlers: {
      ...warehouseBackend().handlers,
      'GET hsdr /v1/1/scheduler/time-zone': () => ({
        timeZone: 'Europe/Berlin',
        serverTimeZone: 'Europe/Berlin',
      }),
    },
    user: { timeZone: 'GMT+8' },
  })

const meta = {
  title: 'Fields/CronEditor',
  component: CronEditor,
  args: { open: true, onOk: fn(), onCancel: fn() },
  parameters: { env: schedulerEnv },
} satisfies Meta<typeof CronEditor>
export default meta
type Story = StoryObj<typeof meta>

/** No expression: the defaults (every second, every day, week ?). */
export const Defaults: Story = {}
export const SecondsList: Story = { args: { value: '15,45 * * * * ? *', defaultTab: 'second' } }
export const MinutesIncrement: Story = { args: { value: '0 0/5 * * * ? *', defaultTab: 'minute' } }
export const HoursRange: Story = { args: { value: '0 0 9-17 ? * MON-FRI *', defaultTab: 'hour' } }
export const DaysNthWeekday: Story = { args: { value: '0 0 12 ? * 6#3 *', defaultTab: 'day' } }
export const DaysNearestWeekday: Story = { args: { value: '0 0 12 15W * ? *', defaultTab: 'day' } }
/** Three days before the month's end (Quartz `L-3`). */
export const DaysBeforeMonthEnd: Story = { args: { value: '0 0 12 L-3 * ? *', defaultTab: 'day' } }
export const MonthsRange: Story = { args: { value: '0 0 0 1 JAN-MAR ? *', defaultTab: 'month' } }
export const YearsRange: Story = { args: { value: '0 15 10 ? * 6L 2022-2030', defaultTab: 'year' } }
/** An expression the tabs cannot show: the reason, then the defaults. */
export const Invalid: Story = { args: { value: '0 0 25 * * ? *' } }

/** The `Cron` field of page forms, editing and read-only. */
export const Field: StoryObj<typeof FieldHarness> = {
  render: (args) => <FieldHarness {...args} />,
  parameters: { env: schedulerEnv },
  args: { field: { title: 'Schedule', 'x-component': 'Cron' }, initialValue: '0 0 12 L * ? *' },
}
export const FieldReadPretty: StoryObj<typeof FieldHarness> = {
  render: (args) => <FieldHarness {...args} />,
  args: {
    field: { title: 'Schedule', 'x-component': 'Cron' },
    initialValue: '0 0/5 * * * ? *',
    readPretty: true,
  },
}
