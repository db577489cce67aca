/**
 * First version of the tenant chooser (PLAT-HDR-06, PLAT-SW-03): the user's tenants, the current one marked;
 * picking another switches. Hidden for role jxs by the header. The full tenant modal grows from here.
 */
import { ApartmentOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SelfTenant } from '../../renderer/contract/wire'

export interface TenantSwitcherProps {
  currentTenantId: number
  currentTenantName: string
  tenants: SelfTenant[]
  onSwitch(tenantId: number): void
}

export function TenantSwitcher({
  currentTenantId,
  currentTenantName,
  tenants,
  onSwitch,
}: TenantSwitcherProps) {
  const { t } = useTranslation()
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(currentTenantId)],
        items: tenants.map((tenant) => ({
          key: String(tenant.tenantId),
          label: `${tenant.tenantName} · ${tenant.tenantNum}`,
        })),
        onClick: ({ key }) => Number(key) !== currentTenantId && onSwitch(Number(key)),
      }}
    >
      <Button type="text" icon={<ApartmentOutlined />} aria-label={t('shell.tenant')}>
        {currentTenantName}
      </Button>
    </Dropdown>
  )
}
