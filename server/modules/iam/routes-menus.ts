import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import {
  LANGUAGES,
  normalisePermissionCode,
  type Language,
  type PermissionResult,
} from '../../../renderer/contract/wire.ts'
import { forbidden } from '../../errors.ts'
import { grantedCodes, sessionOf } from '../../plugins/permissions.ts'
import { menuLabels } from '../hiam/labels.ts'
import { buildMenuTree } from './menu-tree.ts'
import { menuTenantsOf } from './menu-scope.ts'

const TreeQuery = Type.Object({
  lang: Type.Optional(Type.Union(LANGUAGES.map((code) => Type.Literal(code)))),
  roldId: Type.Optional(Type.Integer({ description: "The spec's spelling of roleId (kept on purpose)." })),
  roleId: Type.Optional(Type.Integer()),
  unionLabel: Type.Optional(Type.Boolean()),
})
const CodeList = Type.Array(Type.String({ maxLength: 300 }), { maxItems: 2000 })

/** The current role's menu tree and the batch permission check. */
export const menuRoutes: TypedPlugin = async (app) => {
  app.get('/api/iam/hzero/v1/menus/tree', { schema: { querystring: TreeQuery } }, async (request) => {
    const session = sessionOf(request)
    const query = request.query
    const roleId = query.roldId ?? query.roleId ?? session.roleId
    if (roleId !== session.roleId) {
      const held = await app.db
        .selectFrom('iamMemberRole')
        .select('roleId')
        .where('userId', '=', session.userId)
        .where('roleId', '=', roleId)
        .executeTakeFirst()
      if (!held)
        throw forbidden(
          `Role ${roleId} is not one of your roles: its menus cannot be read. Pick one of your roles.`,
        )
    }
    const rows = await app.db
      .selectFrom('iamRoleMenu as rm')
      .innerJoin('iamMenu as m', 'm.id', 'rm.menuId')
      .select([
        'm.id',
        'm.code',
        'm.type',
        'm.parentId',
        'm.sort',
        'm.icon',
        'm.route',
        'm.quickIndex',
        'm.level',
        'm.names',
        'm.target',
        'm.tag',
      ])
      .where('rm.roleId', '=', roleId)
      // The site's menus and the session tenant's own: another tenant's entry never shows, even if assigned.
      .where('m.tenantId', 'in', menuTenantsOf(session.tenantId))
      .execute()
    // A menu carrying MENU labels of the tenant (/hiam/label-management, put on it on the menu screen) shows
    // their names as its badge, unless the menu has a badge of its own.
    const labels = await menuLabels(
      app.db,
      session.tenantId,
      rows.map((row) => Number(row.id)),
    )
    const labelled = rows.map((row) => {
      const label = labels.get(Number(row.id))
      return label && !row.tag ? { ...row, tag: { content: label.names.join(' · ') } } : row
    })
    return buildMenuTree(labelled, (query.lang ?? session.language) as Language)
  })

  app.post('/api/iam/hzero/v1/menus/check-permissions', { schema: { body: CodeList } }, async (request) => {
    const session = sessionOf(request)
    const codes = request.body
    const normalised = codes.map(normalisePermissionCode)
    const granted = await grantedCodes(app.db, session.roleId, [...new Set(normalised)])
    const types = await app.db
      .selectFrom('iamPermission')
      .select(['code', 'controllerType'])
      .where('code', 'in', normalised.length ? normalised : [''])
      .execute()
    const controllerOf = new Map(types.map((row) => [row.code, row.controllerType]))
    return normalised.map((code): PermissionResult => ({
      code,
      approve: granted.has(code),
      controllerType: controllerOf.get(code) === 'disabled' ? 'disabled' : 'hidden',
    }))
  })
}
