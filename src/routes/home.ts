/** Home route by role (CORE-ROUTE-08, CORE-PERM-03/04): jxs works in its outbound orders, everyone else in /workplace. */
export const WORKPLACE_PATH = '/workplace'
export const JXS_ROLE_CODE = 'jxs'
export const JXS_HOME_PATH = '/winv/jxsOutboundOrder'

export function homePathFor(roleCode: string | undefined): string {
  return roleCode === JXS_ROLE_CODE ? JXS_HOME_PATH : WORKPLACE_PATH
}

/** jxs never gets the workplace; every other role does. */
export function hasWorkplace(roleCode: string | undefined): boolean {
  return roleCode !== JXS_ROLE_CODE
}
