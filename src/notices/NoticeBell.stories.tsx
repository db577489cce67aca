import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { I18nextProvider } from 'react-i18next'
import { fn } from 'storybook/test'
import type { UserMessage } from '../../renderer/contract/hmsg'
import { createI18n } from '../locales/i18n'
import { NoticeBell } from './NoticeBell'

const i18n = createI18n('en_US')
const withI18n: Decorator = (Story) => (
  <I18nextProvider i18n={i18n}>
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
      <Story />
    </div>
  </I18nextProvider>
)

const message = (userMessageId: number, subject: string): UserMessage => ({
  userMessageId,
  tenantId: 1,
  userMessageTypeCode: 'NOTICE',
  noticeId: null,
  subject,
  content: '',
  readFlag: 0,
  creationDate: `2026-03-0${userMessageId} 09:30:00`,
  readDate: null,
})

const meta = {
  title: 'Shell/NoticeBell',
  component: NoticeBell,
  decorators: [withI18n],
  args: {
    count: 0,
    socketState: 'open',
    messages: [],
    onOpen: fn(),
    onMarkRead: fn(),
    onMarkAllRead: fn(),
  },
} satisfies Meta<typeof NoticeBell>
export default meta
type Story = StoryObj<typeof meta>

export const NoMessages: Story = {}
export const Some: Story = {
  args: {
    count: 3,
    messages: [
      message(1, 'Stock count on Saturday'),
      message(2, 'New bonded warehouse'),
      message(3, 'Price list'),
    ],
  },
}
/** More than 99 unread: the badge shows 99+. */
export const Many: Story = { args: { count: 150, messages: [message(1, 'Stock count on Saturday')] } }
/** The socket is down: a disconnected icon and a hint; the last known count stays. */
export const Disconnected: Story = { args: { count: 2, socketState: 'error', messages: [] } }
