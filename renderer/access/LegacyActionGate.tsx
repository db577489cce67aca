import type { ReactNode } from 'react'
import { legacyActionAllowed, type LegacyAction, type RolePermission } from './legacy-actions'

export interface LegacyActionGateProps {
  /** The role's permissions (permissionId → actionList). */
  permissions: readonly RolePermission[]
  permissionId: string
  action: LegacyAction
  children: ReactNode
}

/**
 * The legacy action directive as a component (PLAT-PERM-02): renders its children unless the route's entry lists
 * actions without `action`. New screens gate by permission code with <Permission> instead.
 * @example <LegacyActionGate permissions={rolePermissions} permissionId="wmdm.warehouse" action="add">…</LegacyActionGate>
 */
export function LegacyActionGate({ permissions, permissionId, action, children }: LegacyActionGateProps) {
  return legacyActionAllowed(permissions, permissionId, action) ? <>{children}</> : null
}
