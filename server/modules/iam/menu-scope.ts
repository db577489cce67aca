/**
 * Whose menu entry is whose (iam_menu.tenant_id, migration 0041). Tenant 0 holds the site's menus, shared by
 * every tenant; any other value is the tenant that created the entry. A session sees the site's menus and its
 * current tenant's (tree, menu screen, role authorities, home pages); it changes only its own tenant's, while
 * a site-level role manages every menu. The same pattern as the other tables with platform rows
 * (`tenantId in [0, tenantId]`: value sets, code rules, prompts), with one difference: a shared menu is
 * read-only to a tenant role, since other tenants' roles hold it.
 * Every menu read and write goes through these helpers: routes-menus.ts, routes-menu-admin.ts (iam),
 * routes-menus.ts and routes-role-authorities.ts (hiam).
 */
import type { Db } from '../../db/schema.ts'
import { forbidden, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'

/** tenant_id of the site's (shared) menus: every seeded menu. */
export const SITE_MENU_TENANT = 0

/** The tenants whose menus `tenantId` sees: the site's and its own. */
export const menuTenantsOf = (tenantId: number) => [SITE_MENU_TENANT, tenantId]

/** The tenant a menu created by this session belongs to: a site-level role creates site menus. */
export const newMenuTenant = (session: Session) =>
  session.roleLevel === 'site' ? SITE_MENU_TENANT : session.tenantId

/** A menu the session may see but not change: the site's, or another tenant's, to a tenant-level role. */
export const isMenuReadOnly = (session: Session, menuTenantId: number) =>
  session.roleLevel !== 'site' && Number(menuTenantId) !== session.tenantId

/** The menu `menuId` if the session sees it (a site-level role sees every menu), else 404. */
export async function visibleMenu(db: Pick<Db, 'selectFrom'>, session: Session, menuId: number) {
  let query = db.selectFrom('iamMenu').selectAll().where('id', '=', menuId)
  if (session.roleLevel !== 'site') query = query.where('tenantId', 'in', menuTenantsOf(session.tenantId))
  const menu = await query.executeTakeFirst()
  if (!menu) throw notFound(`Menu ${menuId} does not exist in your tenant: reload the menus.`)
  return menu
}

/** 403 for a menu the session sees but may not change (see isMenuReadOnly), saying why and what to do. */
export function assertMenuWritable(session: Session, menu: { id: number; code: string; tenantId: number }) {
  if (isMenuReadOnly(session, menu.tenantId))
    throw forbidden(
      `Menu ${menu.id} (${menu.code}) is a shared site menu: other tenants' roles use it, so it is read-only to a tenant administrator. Create a menu of your own tenant instead, or ask a site administrator to change it.`,
    )
}

/** The menu `menuId` if the session may change it: 404 when it does not see it, 403 when it is shared. */
export async function writableMenu(db: Pick<Db, 'selectFrom'>, session: Session, menuId: number) {
  const menu = await visibleMenu(db, session, menuId)
  assertMenuWritable(session, menu)
  return menu
}

/** The id of a new menu entry: menu ids are given by the server, one above the highest (seeded ids are fixed). */
export async function nextMenuId(db: Pick<Db, 'selectFrom'>): Promise<number> {
  const last = await db
    .selectFrom('iamMenu')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return Number(last?.id ?? 0) + 1
}
