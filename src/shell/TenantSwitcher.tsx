/**
 * The tenant chooser in the header (PLAT-HDR-06): the current tenant's name; a click opens the tenant modal.
 * Hidden for role jxs by the header.
 */
import { ApartmentOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser, SelfTenant } from '../../renderer/contract/wire'
import type { SessionActions } from './session-actions'

// Loaded when first opened: not needed for the first paint.
const TenantModal = lazy(() => import('./TenantModal').then((m) => ({ default: m.TenantModal })))

export interface TenantSwitcherProps {
  user: CurrentUser
  tenants: SelfTenant[]
  actions: SessionActions
  /** A handheld's header: the icon only (the tenant stays in the accessible name). */
  compact?: boolean
}

export function TenantSwitcher({ user, tenants, actions, compact }: TenantSwitcherProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  return (
    <>
      <Button
        type="text"
        icon={<ApartmentOutlined />}
        // the visible tenant name is part of the name (WCAG 2.5.3: voice users say what they see)
        aria-label={`${t('shell.tenant')}: ${user.tenantName}`}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        {compact ? null : user.tenantName}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <TenantModal
            open={open}
            onClose={() => setOpen(false)}
            currentTenantId={user.tenantId}
            initialTenants={tenants}
            recentTenantIds={(user.recentAccessTenantList ?? []).map((r) => r.tenantId)}
            actions={actions}
          />
        </Suspense>
      )}
    </>
  )
}
