/**
 * The legacy action directive (PLAT-PERM-02, CORE-PERM-14): older screens gate an element by an action of the
 * route's permission id instead of a permission code. The role's permissions list, per permission id, the
 * actions allowed; an element is hidden when its route's entry lists actions without the one it needs. A route
 * with no entry shows the element: the server still refuses what the role may not do (CORE-PERM-15).
 */

/** The actions the legacy helper recognises (CORE-PERM-14). */
export const LEGACY_ACTIONS = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
] as const
export type LegacyAction = (typeof LEGACY_ACTIONS)[number]

/** One entry of the role's permissions (platform §3: permissionId and actionList). */
export interface RolePermission {
  permissionId: string
  actionList: string[]
}

export const isLegacyAction = (name: string): name is LegacyAction =>
  (LEGACY_ACTIONS as readonly string[]).includes(name)

/**
 * Whether an element needing `action` on `permissionId` is shown.
 * @example legacyActionAllowed([{ permissionId: 'wmdm.warehouse', actionList: ['query'] }], 'wmdm.warehouse', 'add') // false
 */
export function legacyActionAllowed(
  permissions: readonly RolePermission[],
  permissionId: string,
  action: LegacyAction,
): boolean {
  const entry = permissions.find((p) => p.permissionId === permissionId)
  return !entry || entry.actionList.includes(action)
}
