import type { FastifyInstance } from 'fastify'

/**
 * Gives the current role of a user the menus showing these screens (routes of iam_menu), as an administrator
 * would in the role screen. Reads need a screen of the role (server/plugins/read-guards.ts); tests of a data
 * scope give the restricted user the screens they read, so that only the row scope limits what they see.
 * Menus the role holds already are kept; a route no menu shows fails the test, naming it.
 */
export async function grantScreens(app: FastifyInstance, token: string, routes: string[]): Promise<void> {
  const self = await app.inject({
    url: '/api/iam/hzero/v1/users/self',
    headers: { authorization: `bearer ${token}` },
  })
  const roleId = self.json<{ currentRoleId: number }>().currentRoleId
  const menus = await app.db
    .selectFrom('iamMenu')
    .select(['id', 'route'])
    .where('route', 'in', routes)
    .execute()
  const missing = routes.filter((route) => !menus.some((menu) => menu.route === route))
  if (missing.length) throw new Error(`grantScreens: no menu shows ${missing.join(', ')}`)
  const held = new Set(
    (await app.db.selectFrom('iamRoleMenu').select('menuId').where('roleId', '=', roleId).execute()).map(
      (row) => row.menuId,
    ),
  )
  const rows = menus.filter((menu) => !held.has(menu.id)).map((menu) => ({ roleId, menuId: menu.id }))
  if (rows.length) await app.db.insertInto('iamRoleMenu').values(rows).execute()
}
