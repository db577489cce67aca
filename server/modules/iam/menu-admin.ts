/** The work behind the menu API: meaning checks, role assignment with the permission set, the saved node. */
import type { Language, MenuNode } from '../../../renderer/contract/wire.ts'
import type { Db, Texts } from '../../db/schema.ts'
import { badRequest, forbidden } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { MenuCreateBody } from './menu-admin-schemas.ts'
import { menuTenantsOf, newMenuTenant } from './menu-scope.ts'

export type Trx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0]

/**
 * Meaning checks the schema cannot make: route per type, parent is a dir the menu's tenant sees (a site menu
 * only under a site dir), roles and codes exist and are yours. `menuTenantId`: the tenant of the saved menu.
 */
export async function checkMenu(
  trx: Trx,
  session: Session,
  body: MenuCreateBody,
  menuTenantId = newMenuTenant(session),
): Promise<void> {
  if (body.type === 'menu' && !body.route?.startsWith('/'))
    throw badRequest(
      'A menu of type "menu" needs a route starting with "/" (the route its page file declares): enter that route.',
      { route: 'starts with /' },
    )
  if (body.type !== 'dir' && !body.route)
    throw badRequest(`A menu of type "${body.type}" needs a route: enter the route its page file declares.`, {
      route: 'required',
    })
  if (body.parentId) {
    const parent = await trx
      .selectFrom('iamMenu')
      .select(['type'])
      .where('id', '=', body.parentId)
      .where('tenantId', 'in', menuTenantsOf(menuTenantId))
      .executeTakeFirst()
    if (!parent)
      throw badRequest(`Parent menu ${body.parentId} does not exist: use 0 for a top-level entry.`, {
        parentId: 'unknown menu',
      })
    if (parent.type !== 'dir' && parent.type !== 'root')
      throw badRequest(
        `Parent menu ${body.parentId} is a ${parent.type}, not a dir: entries go under a dir. Pick a dir as the parent.`,
        { parentId: 'not a dir' },
      )
  }
  if (body.level === 'site' && session.roleLevel !== 'site')
    throw forbidden(
      'Only a site-level role may create site-level menus: create a tenant-level menu, or ask a site administrator.',
    )
  if (body.roleIds?.length) {
    const roles = await trx
      .selectFrom('iamRole')
      .select(['id', 'tenantId'])
      .where('id', 'in', body.roleIds)
      .execute()
    const found = new Map(roles.map((role) => [role.id, role.tenantId]))
    const missing = body.roleIds.find((id) => !found.has(id))
    if (missing !== undefined)
      throw badRequest(`Role ${missing} does not exist: pick roles from the role list.`, {
        roleIds: `unknown role ${missing}`,
      })
    const foreign =
      session.roleLevel === 'site' ? undefined : body.roleIds.find((id) => found.get(id) !== session.tenantId)
    if (foreign !== undefined)
      throw forbidden(`Role ${foreign} belongs to another tenant: assign menus to roles of your tenant only.`)
  }
  if (body.permissionCodes?.length) {
    const known = await trx
      .selectFrom('iamPermission')
      .select('code')
      .where('code', 'in', body.permissionCodes)
      .execute()
    const codes = new Set(known.map((row) => row.code))
    const unknown = body.permissionCodes.filter((code) => !codes.has(code))
    if (unknown.length)
      throw badRequest(
        `Unknown permission code(s): ${unknown.join(', ')}. Codes are registered at start from the page and model files: declare them there and restart the server.`,
        { permissionCodes: unknown.join(', ') },
      )
  }
}

/** Role assignment and permission set: given lists replace the menu's; granted codes are added to the roles. */
export async function assign(trx: Trx, menuId: number, body: MenuCreateBody): Promise<void> {
  if (body.roleIds) {
    await trx.deleteFrom('iamRoleMenu').where('menuId', '=', menuId).execute()
    if (body.roleIds.length)
      await trx
        .insertInto('iamRoleMenu')
        .values(body.roleIds.map((roleId) => ({ roleId, menuId })))
        .execute()
  }
  if (body.permissionCodes) {
    await trx.deleteFrom('iamMenuPermission').where('menuId', '=', menuId).execute()
    if (body.permissionCodes.length)
      await trx
        .insertInto('iamMenuPermission')
        .values(body.permissionCodes.map((code) => ({ menuId, code })))
        .execute()
  }
  const roles = (
    await trx.selectFrom('iamRoleMenu').select('roleId').where('menuId', '=', menuId).execute()
  ).map((r) => r.roleId)
  const codes = (
    await trx.selectFrom('iamMenuPermission').select('code').where('menuId', '=', menuId).execute()
  ).map((r) => r.code)
  const grants = roles.flatMap((roleId) => codes.map((code) => ({ roleId, code })))
  if (grants.length)
    await trx
      .insertInto('iamRolePermission')
      .values(grants)
      .onConflict((oc) => oc.columns(['roleId', 'code']).doNothing())
      .execute()
}

/** The saved menu in the tree's node shape plus its lock, names, roles and permission set. */
export async function readMenu(db: Db, id: number, language: Language) {
  const row = await db.selectFrom('iamMenu').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const roles = await db
    .selectFrom('iamRoleMenu')
    .select('roleId')
    .where('menuId', '=', id)
    .orderBy('roleId')
    .execute()
  const codes = await db
    .selectFrom('iamMenuPermission')
    .select('code')
    .where('menuId', '=', id)
    .orderBy('code')
    .execute()
  const names = (typeof row.names === 'string' ? JSON.parse(row.names) : row.names) as Texts
  const node: MenuNode & {
    objectVersionNumber: number
    _tls: { name: Texts }
    roleIds: number[]
    permissionCodes: string[]
  } = {
    id: Number(row.id),
    code: row.code,
    name: names[language] ?? row.code,
    level: row.level,
    parentId: Number(row.parentId),
    type: row.type as MenuNode['type'],
    sort: row.sort,
    ...(row.icon ? { icon: row.icon } : {}),
    ...(row.quickIndex ? { quickIndex: row.quickIndex } : {}),
    ...(row.route ? { route: row.route } : {}),
    objectVersionNumber: row.objectVersionNumber,
    _tls: { name: names },
    roleIds: roles.map((r) => Number(r.roleId)),
    permissionCodes: codes.map((c) => c.code),
  }
  return node
}
