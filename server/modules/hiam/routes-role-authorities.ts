/**
 * A role's authorities (hiam role/api/{roleId} screens): one list of every menu and every permission code with
 * whether the role holds it, and grant / revoke. Granting a menu grants its parent dirs (so the entry shows in
 * the tree) and the menu's permission set; revoking a dir revokes what lies under it. The menu tree
 * (GET menus/tree) and every permission guard read these same rows, so a change applies at the next call.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { badRequest } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { idParam, PageQuery, slicePage, textIn } from './paging.ts'
import { ROLE_CODES, roleInScope } from './routes-roles.ts'
import { adminRoutes } from './scope.ts'
import { menuTenantsOf } from '../iam/menu-scope.ts'

const AuthorityQuery = Type.Object({
  ...PageQuery,
  itemType: Type.Optional(Type.Union([Type.Literal('MENU'), Type.Literal('PERMISSION')])),
  keyword: Type.Optional(Type.String({ maxLength: 120 })),
  granted: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
})
const ItemBody = Type.Object({
  itemKey: Type.String({
    pattern: '^(menu:[0-9]+|permission:.+)$',
    maxLength: 220,
    description: '"menu:<menu id>" or "permission:<code>", as the list answers it.',
  }),
})

export interface AuthorityItem {
  itemKey: string
  itemType: 'MENU' | 'PERMISSION'
  code: string
  name: string
  route: string | null
  parentName: string | null
  granted: number
}

export const roleAuthorityRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)

  routes.get(
    '/roles/:roleId/authorities',
    { schema: { querystring: AuthorityQuery } },
    async (request, scope) => {
      const roleId = idParam(request.params, 'roleId')
      const role = await roleInScope(app.db, scope, roleId)
      const q = request.query as typeof AuthorityQuery.static
      const language = scope.session.language
      // The menus the role's tenant sees: the site's and its own (server/modules/iam/menu-scope.ts).
      const menus = await app.db
        .selectFrom('iamMenu')
        .selectAll()
        .where('tenantId', 'in', menuTenantsOf(Number(role.tenantId)))
        .orderBy('parentId')
        .orderBy('sort')
        .execute()
      const menuNames = new Map(menus.map((m) => [Number(m.id), textIn(m.names, language)]))
      const heldMenus = new Set(
        (await app.db.selectFrom('iamRoleMenu').select('menuId').where('roleId', '=', roleId).execute()).map(
          (r) => Number(r.menuId),
        ),
      )
      const codes = await app.db.selectFrom('iamPermission').select('code').orderBy('code').execute()
      const heldCodes = new Set(
        (
          await app.db.selectFrom('iamRolePermission').select('code').where('roleId', '=', roleId).execute()
        ).map((r) => r.code),
      )
      const items: AuthorityItem[] = [
        ...menus.map((m) => ({
          itemKey: `menu:${m.id}`,
          itemType: 'MENU' as const,
          code: m.code,
          name: menuNames.get(Number(m.id)) ?? m.code,
          route: m.route,
          parentName: menuNames.get(Number(m.parentId)) ?? null,
          granted: heldMenus.has(Number(m.id)) ? 1 : 0,
        })),
        ...codes.map((c) => ({
          itemKey: `permission:${c.code}`,
          itemType: 'PERMISSION' as const,
          code: c.code,
          name: c.code,
          route: null,
          parentName: c.code.split('.')[0] ?? null,
          granted: heldCodes.has(c.code) ? 1 : 0,
        })),
      ]
      const keyword = q.keyword?.toLowerCase()
      const shown = items.filter(
        (item) =>
          (!q.itemType || item.itemType === q.itemType) &&
          (q.granted === undefined || item.granted === q.granted) &&
          (!keyword ||
            item.code.toLowerCase().includes(keyword) ||
            item.name.toLowerCase().includes(keyword)),
      )
      // roleId on each row fills the row actions' paths and the endpoints link.
      return slicePage(
        shown.map((item) => ({ ...item, roleId })),
        q.page ?? 0,
        q.size ?? 10,
      )
    },
  )

  routes.post(
    '/roles/:roleId/authorities/grant',
    { preHandler: requirePermission(ROLE_CODES.grant), schema: { body: ItemBody } },
    async (request, scope) => {
      const roleId = idParam(request.params, 'roleId')
      const role = await roleInScope(app.db, scope, roleId)
      const { itemKey } = request.body as typeof ItemBody.static
      await app.db.transaction().execute(async (trx) => {
        if (itemKey.startsWith('permission:')) {
          const code = itemKey.slice('permission:'.length)
          const known = await trx
            .selectFrom('iamPermission')
            .select('code')
            .where('code', '=', code)
            .executeTakeFirst()
          if (!known)
            throw badRequest(
              `Permission code '${code}' is not registered: pick a code from the permission list.`,
              { itemKey: 'unknown code' },
            )
          await trx
            .insertInto('iamRolePermission')
            .values({ roleId, code })
            .onConflict((oc) => oc.columns(['roleId', 'code']).doNothing())
            .execute()
          return
        }
        let menuId = Number(itemKey.slice('menu:'.length))
        const chain: number[] = []
        while (menuId) {
          const menu = await trx
            .selectFrom('iamMenu')
            .select(['id', 'parentId'])
            .where('id', '=', menuId)
            .where('tenantId', 'in', menuTenantsOf(Number(role.tenantId)))
            .executeTakeFirst()
          if (!menu)
            throw badRequest(`Menu ${menuId} does not exist: reload the menus.`, { itemKey: 'unknown menu' })
          chain.push(Number(menu.id))
          menuId = Number(menu.parentId)
        }
        await trx
          .insertInto('iamRoleMenu')
          .values(chain.map((id) => ({ roleId, menuId: id })))
          .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
          .execute()
        const set = await trx
          .selectFrom('iamMenuPermission')
          .select('code')
          .where('menuId', 'in', chain)
          .execute()
        if (set.length)
          await trx
            .insertInto('iamRolePermission')
            .values(set.map((row) => ({ roleId, code: row.code })))
            .onConflict((oc) => oc.columns(['roleId', 'code']).doNothing())
            .execute()
      })
      return { itemKey, granted: 1 }
    },
  )

  routes.post(
    '/roles/:roleId/authorities/revoke',
    { preHandler: requirePermission(ROLE_CODES.grant), schema: { body: ItemBody } },
    async (request, scope) => {
      const roleId = idParam(request.params, 'roleId')
      await roleInScope(app.db, scope, roleId)
      const { itemKey } = request.body as typeof ItemBody.static
      if (itemKey.startsWith('permission:')) {
        const code = itemKey.slice('permission:'.length)
        if (roleId === scope.session.roleId && code === ROLE_CODES.grant)
          throw badRequest(
            `Revoking ${code} from the role you are using would lock you out of this screen: use another administrator role.`,
            { itemKey: 'own grant code' },
          )
        await app.db
          .deleteFrom('iamRolePermission')
          .where('roleId', '=', roleId)
          .where('code', '=', code)
          .execute()
        return { itemKey, granted: 0 }
      }
      const all = await app.db.selectFrom('iamMenu').select(['id', 'parentId']).execute()
      const below = new Set([Number(itemKey.slice('menu:'.length))])
      for (let grew = true; grew;) {
        grew = false
        for (const menu of all)
          if (below.has(Number(menu.parentId)) && !below.has(Number(menu.id))) {
            below.add(Number(menu.id))
            grew = true
          }
      }
      await app.db
        .deleteFrom('iamRoleMenu')
        .where('roleId', '=', roleId)
        .where('menuId', 'in', [...below])
        .execute()
      return { itemKey, granted: 0 }
    },
  )
}

/**
 * The endpoints a permission code guards (role field/{roleId}/{permissionId} and sub-account
 * field/{userId}/{permissionId} screens): read from the server's route table, with whether the role — or which
 * of the user's roles — holds the code, i.e. which calls the server lets through.
 */
export const permissionApiRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)
  const apisOf = (code: string) =>
    app.routeTable
      .filter((route) => route.permissionCodes.includes(code))
      .map((route) => ({ apiKey: `${route.method} ${route.url}`, method: route.method, url: route.url }))
  const codeOf = (params: unknown) => {
    const code = decodeURIComponent(String((params as { permissionId?: string }).permissionId ?? ''))
    if (!/^[A-Za-z0-9._-]{1,200}$/.test(code))
      throw badRequest(
        'permissionId in the path must be a permission code such as hiam.role.button.grant: use the code, not a number.',
        {
          permissionId: 'not a code',
        },
      )
    return code
  }

  routes.get(
    '/roles/:roleId/permissions/:permissionId/apis',
    { schema: { querystring: Type.Object(PageQuery) } },
    async (request, scope) => {
      const roleId = idParam(request.params, 'roleId')
      await roleInScope(app.db, scope, roleId)
      const code = codeOf(request.params)
      const held = await app.db
        .selectFrom('iamRolePermission')
        .select('code')
        .where('roleId', '=', roleId)
        .where('code', '=', code)
        .executeTakeFirst()
      const q = request.query as { page?: number; size?: number }
      return slicePage(
        apisOf(code).map((api) => ({ ...api, permissionCode: code, granted: held ? 1 : 0 })),
        q.page ?? 0,
        q.size ?? 10,
      )
    },
  )

  routes.get(
    '/users/:userId/permissions/:permissionId/apis',
    { schema: { querystring: Type.Object(PageQuery) } },
    async (request, scope) => {
      const userId = idParam(request.params, 'userId')
      const code = codeOf(request.params)
      let query = app.db
        .selectFrom('iamMemberRole as m')
        .innerJoin('iamRole as r', 'r.id', 'm.roleId')
        .innerJoin('iamRolePermission as p', 'p.roleId', 'r.id')
        .select(['r.names'])
        .where('m.userId', '=', userId)
        .where('p.code', '=', code)
      if (scope.tenantId !== null) query = query.where('r.tenantId', '=', scope.tenantId)
      const roles = (await query.execute()).map((r) => textIn(r.names, scope.session.language))
      const q = request.query as { page?: number; size?: number }
      return slicePage(
        apisOf(code).map((api) => ({
          ...api,
          permissionCode: code,
          granted: roles.length ? 1 : 0,
          grantedBy: roles.join(', '),
        })),
        q.page ?? 0,
        q.size ?? 10,
      )
    },
  )
}
