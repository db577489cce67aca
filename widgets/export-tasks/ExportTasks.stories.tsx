import type { Meta, StoryObj } from '@storybook/react-vite'
import { exportBackend, sampleTasks } from '../../stories/fixtures/export-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { ExportTasks } from './ExportTasks'

const meta = {
  title: 'Parts/ExportTasks',
  component: ExportTasks,
  args: { open: true, onClose: () => undefined },
} satisfies Meta<typeof ExportTasks>
export default meta
type Story = StoryObj<typeof meta>

const env =
  (options: Parameters<typeof exportBackend>[0] = {}) =>
  () =>
    createFakeEnv({ handlers: exportBackend(options).handlers })

/** One task in every state, and a DONE task whose file is gone (no download). */
export const EveryState: Story = { parameters: { env: env({ tasks: sampleTasks(5) }) } }

/** 57 tasks: paged on the server, 10 a page. */
export const ManyTasks: Story = { parameters: { env: env({ tasks: sampleTasks(57) }) } }

/** No tasks yet. */
export const Empty: Story = { parameters: { env: env({ tasks: [] }) } }

/** The server refuses the cancel (the task finished meanwhile): its message, the list unchanged. */
export const CancelRefused: Story = {
  parameters: {
    env: env({
      tasks: sampleTasks(2),
      cancelError:
        'Export task EXP2026112100002 is DONE: only a task in progress (DOING) can be cancelled; reload the task list.',
    }),
  },
}
