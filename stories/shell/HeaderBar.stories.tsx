import type { Meta, StoryObj } from '@storybook/react-vite'
import { Badge, Button } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { HeaderBar, type HeaderBarProps } from '../../src/shell/HeaderBar'
import { createSessionActions } from '../../src/shell/session-actions'
import { adminUser, jxsUser } from '../../src/test-support/fixtures'
import { useServices } from '../../src/stores/contexts'
import { ShellHarness } from './ShellHarness'

type Args = Partial<HeaderBarProps> & { role?: 'admin' | 'jxs'; dataHierarchy?: boolean }

function HeaderStory({ role = 'admin', dataHierarchy = false, ...props }: Args) {
  const user = role === 'jxs' ? jxsUser : adminUser
  return (
    <ShellHarness user={dataHierarchy ? { ...user, dataHierarchyFlag: 1 } : user}>
      <Header {...props} />
    </ShellHarness>
  )
}

function Header(props: Partial<HeaderBarProps>) {
  const services = useServices()
  return (
    <HeaderBar
      menuButton="collapse"
      collapsed={false}
      onToggle={() => undefined}
      onOpenSettings={() => undefined}
      navigate={() => undefined}
      onLogout={() => undefined}
      actions={createSessionActions(services.http, services.browser)}
      {...props}
    />
  )
}

const meta = {
  title: 'Shell/Header',
  component: HeaderStory,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeaderStory>
export default meta
type Story = StoryObj<typeof meta>

/** Collapse toggle, logo and title, tenant chooser, full screen, language, user menu, settings. */
export const Staff: Story = {}
/** PLAT-HDR-06 / X-05: a dealer (jxs) has no tenant chooser. */
export const Dealer: Story = { args: { role: 'jxs' } }
/** Mobile width: the menu button opens the menu drawer. */
export const Mobile: Story = { args: { menuButton: 'drawer' } }
/** The slot the notice bell (PLAT-HDR-13) fills. */
export const WithNoticeSlot: Story = {
  args: {
    notices: (
      <Badge count={3} size="small">
        <Button type="text" icon={<BellOutlined />} aria-label="Notices" />
      </Badge>
    ),
  },
}
/** CORE-USR-05: a user with dataHierarchyFlag: company and organisation selects, the warehouse in a dialog. */
export const WithDataHierarchy: Story = { args: { dataHierarchy: true } }
