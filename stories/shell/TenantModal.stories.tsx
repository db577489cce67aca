import type { Meta, StoryObj } from '@storybook/react-vite'
import { createSessionActions } from '../../src/shell/session-actions'
import { TenantModal } from '../../src/shell/TenantModal'
import { useServices } from '../../src/stores/contexts'
import type { SelfTenant } from '../../renderer/contract/wire'
import { ShellHarness } from './ShellHarness'

const TENANTS: SelfTenant[] = [
  { tenantId: 1, tenantName: '华东仓储', tenantNum: 'WH-EAST', defaultTenantId: 1 },
  { tenantId: 2, tenantName: '华南仓储', tenantNum: 'WH-SOUTH' },
  { tenantId: 3, tenantName: '华北仓储', tenantNum: 'WH-NORTH' },
]

function Modal({ current, recent }: { current: number; recent: number[] }) {
  const services = useServices()
  return (
    <TenantModal
      open
      onClose={() => undefined}
      currentTenantId={current}
      initialTenants={TENANTS}
      recentTenantIds={recent}
      actions={createSessionActions(services.http, services.browser)}
    />
  )
}

function TenantModalStory(props: { current: number; recent: number[] }) {
  return (
    <ShellHarness tenants={TENANTS}>
      <Modal {...props} />
    </ShellHarness>
  )
}

const meta = {
  title: 'Shell/TenantModal',
  component: TenantModalStory,
  args: { current: 1, recent: [] },
} satisfies Meta<typeof TenantModalStory>
export default meta
type Story = StoryObj<typeof meta>

/** All tenants, 620 × 360 (PLAT-HDR-09); the default has no "set default" (PLAT-HDR-11). */
export const AllTenants: Story = {}
/** Recently visited tenants first (PLAT-HDR-12). */
export const RecentFirst: Story = { args: { current: 2, recent: [3] } }
