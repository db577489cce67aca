/**
 * Home route (CORE-ROUTE-08, CORE-PERM-03/04): jxs works in its outbound orders, everyone else in /workplace —
 * unless the user signed in on the host of a domain whose INDEX template names a page (users/self `homePath`,
 * /hiam/domain-config-template): that page is the home when the role's menus reach it.
 */
import type { CurrentUser } from '../../renderer/contract/wire'
import type { RouteTable } from './route-table'

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

/**
 * The home of the session: the domain's home page when the role can open it (/workplace for a role that has
 * it, else a menu page of the role's route table), else the role's home. A page the role cannot open falls back
 * silently: the domain names one page for all its users, whatever their roles.
 */
export function homePathOf(
  user: Pick<CurrentUser, 'currentRoleCode' | 'homePath'>,
  table: Pick<RouteTable, 'pages'>,
): string {
  const wanted = user.homePath
  const opens =
    wanted === WORKPLACE_PATH
      ? hasWorkplace(user.currentRoleCode)
      : !!wanted && table.pages.some((page) => !page.hidden && page.path === wanted)
  return opens && wanted ? wanted : homePathFor(user.currentRoleCode)
}
