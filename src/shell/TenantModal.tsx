/**
 * The tenant modal (PLAT-HDR-09..12, PLAT-SW-03..05): 620 wide with a 360 px body, listing all the user's
 * tenants (fetched when it opens) with name and code, the default and the current one marked. Recently
 * accessed tenants come first. Any other tenant can be switched to; a tenant that is not yet the default can
 * be made the default (never unset).
 */
import { App, Button, Flex, List, Modal, Space, Tag, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SelfTenant } from '../../renderer/contract/wire'
import type { SessionActions } from './session-actions'

export const TENANT_MODAL_WIDTH = 620
export const TENANT_MODAL_BODY_HEIGHT = 360

export interface TenantModalProps {
  open: boolean
  onClose(): void
  currentTenantId: number
  /** Shown until the fresh list arrives (and kept when it cannot be fetched). */
  initialTenants: SelfTenant[]
  /** Tenant ids most recent first (users/self recentAccessTenantList). */
  recentTenantIds: number[]
  actions: Pick<SessionActions, 'switchTenant' | 'setDefaultTenant' | 'loadTenants'>
}

/** Recently accessed tenants first (in recency order), then the rest in the server's order. */
export function orderTenants(tenants: SelfTenant[], recentIds: number[]): SelfTenant[] {
  const rank = (t: SelfTenant) => {
    const i = recentIds.indexOf(t.tenantId)
    return i < 0 ? recentIds.length : i
  }
  return tenants
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map((x) => x.t)
}

export function TenantModal(props: TenantModalProps) {
  const { open, onClose, currentTenantId, actions } = props
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [tenants, setTenants] = useState(props.initialTenants)
  const [busy, setBusy] = useState<number>()

  const reload = useCallback(() => {
    actions.loadTenants().then(setTenants, () => {
      // the HTTP client has told the user; the list from sign-in stays
    })
  }, [actions])
  useEffect(() => {
    if (open) reload()
  }, [open, reload])

  const setDefault = async (tenantId: number) => {
    setBusy(tenantId)
    const ok = await actions.setDefaultTenant(tenantId)
    setBusy(undefined)
    if (!ok) return
    void message.success(t('tenant.defaultSaved'))
    reload()
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('tenant.title')}
      width={TENANT_MODAL_WIDTH}
      styles={{ body: { height: TENANT_MODAL_BODY_HEIGHT, overflowY: 'auto' } }}
    >
      <List
        dataSource={orderTenants(tenants, props.recentTenantIds)}
        rowKey="tenantId"
        renderItem={(tenant) => {
          const isCurrent = tenant.tenantId === currentTenantId
          const isDefault = tenant.defaultTenantId !== undefined && tenant.defaultTenantId !== null
          return (
            <List.Item
              aria-label={tenant.tenantName}
              actions={[
                !isDefault && (
                  <Button
                    key="default"
                    size="small"
                    loading={busy === tenant.tenantId}
                    onClick={() => void setDefault(tenant.tenantId)}
                  >
                    {t('tenant.setDefault')}
                  </Button>
                ),
                !isCurrent && (
                  <Button
                    key="switch"
                    size="small"
                    type="primary"
                    onClick={() => void actions.switchTenant(tenant.tenantId)}
                  >
                    {t('tenant.switch')}
                  </Button>
                ),
              ].filter(Boolean)}
            >
              <Flex vertical>
                <Space size={4}>
                  <Typography.Text strong>{tenant.tenantName}</Typography.Text>
                  {isDefault && <Tag color="blue">{t('tenant.default')}</Tag>}
                  {isCurrent && <Tag color="green">{t('tenant.current')}</Tag>}
                </Space>
                <Typography.Text type="secondary">{tenant.tenantNum}</Typography.Text>
              </Flex>
            </List.Item>
          )
        }}
      />
    </Modal>
  )
}
