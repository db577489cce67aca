import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { CurrentUser } from '../../../renderer/contract/wire.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { selfRoles, selfTenants } from './user-queries.ts'
import { menuLayoutOf, profileMap, tenantConfig } from '../hpfm-admin/settings.ts'
import { domainHomeOfToken } from '../oauth/sign-in-settings.ts'

const NoQuery = Type.Object({})

/** The signed-in user: GET users/self, member-roles/self-roles, users/self-tenants. */
export const selfRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/iam/hzero/v1/users/self', { schema: { querystring: NoQuery } }, async (request) => {
    const session = sessionOf(request)
    const row = await app.db
      .selectFrom('iamUser as u')
      .innerJoin('iamRole as r', (join) => join.on('r.id', '=', session.roleId))
      .innerJoin('hpfmTenant as t', (join) => join.on('t.id', '=', session.tenantId))
      .leftJoin('iamUserPreference as p', 'p.userId', 'u.id')
      .select([
        'p.dateFormat',
        'p.dateTimeFormat',
        'p.timeFormat',
        'p.menuLayout',
        'u.id',
        'u.loginName',
        'u.realName',
        'u.email',
        'u.organizationId',
        'u.timeZone',
        'u.objectVersionNumber',
        'u.dataHierarchyFlag',
        'r.names as roleNames',
        'r.code as roleCode',
        'r.level as roleLevel',
        't.tenantName',
        't.tenantNum',
      ])
      .where('u.id', '=', session.userId)
      .executeTakeFirstOrThrow()
    const tenants = await selfTenants(app.db, session.userId)
    // The tenant's configuration and profiles (/hpfm/config, /hpfm/profile-org) under the user's own choices.
    const config = await tenantConfig(app.db, session.tenantId)
    const profile = await profileMap(app.db, session)
    // The INDEX template of the domain whose host the user signed in on (/hiam/domain-config-template).
    const homePath = await domainHomeOfToken(app.db, session.tokenHash)
    const user: CurrentUser = {
      id: row.id,
      loginName: row.loginName,
      realName: row.realName,
      ...(row.email ? { email: row.email } : {}),
      organizationId: row.organizationId,
      tenantId: session.tenantId,
      tenantName: row.tenantName,
      tenantNum: row.tenantNum,
      currentRoleId: session.roleId,
      currentRoleName: row.roleNames[session.language] ?? row.roleNames.zh_CN ?? row.roleCode,
      currentRoleCode: row.roleCode,
      currentRoleLevel: row.roleLevel,
      language: session.language,
      timeZone: row.timeZone,
      // The personal centre's choices (migration 0009), else the profiles, else the platform's formats.
      dateFormat: row.dateFormat ?? profile.DATE_FORMAT ?? 'YYYY-MM-DD',
      dateTimeFormat: row.dateTimeFormat ?? profile.DATETIME_FORMAT ?? 'YYYY-MM-DD HH:mm:ss',
      timeFormat: row.timeFormat ?? profile.TIME_FORMAT ?? 'HH:mm:ss',
      // A value the shell does not have (a row written before the check) is passed over.
      menuLayout: menuLayoutOf(row.menuLayout, profile.MENU_LAYOUT, config.MENU_LAYOUT),
      menuLayoutTheme: 'default',
      // CORE-USR-02: 1 turns the header's data hierarchy switcher on (migration 0010).
      dataHierarchyFlag: row.dataHierarchyFlag,
      recentAccessTenantList: tenants.map(({ tenantId, tenantName, tenantNum }) => ({
        tenantId,
        tenantName,
        tenantNum,
      })),
      title: config.TITLE ?? 'WMS',
      ...(config.LOGO ? { logo: config.LOGO } : {}),
      ...(config.FAVICON ? { favicon: config.FAVICON } : {}),
      ...(homePath ? { homePath } : {}),
      objectVersionNumber: row.objectVersionNumber,
    }
    return user
  })

  app.get(
    '/api/iam/hzero/v1/member-roles/self-roles',
    { schema: { querystring: NoQuery } },
    async (request) => {
      const session = sessionOf(request)
      return selfRoles(app.db, session.userId, session.language)
    },
  )

  app.get('/api/iam/hzero/v1/users/self-tenants', { schema: { querystring: NoQuery } }, async (request) =>
    selfTenants(app.db, sessionOf(request).userId),
  )
}
