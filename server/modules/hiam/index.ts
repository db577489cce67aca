import type { FastifyPluginAsync } from 'fastify'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { shared } from '../../plugins/shared.ts'
import { missPermissionRecorder } from './miss-permission.ts'
import { registerNestedList } from './nested-lists.ts'
import { connectionTestRoutes } from './routes-connection-tests.ts'
import { menuScreenRoutes } from './routes-menus.ts'
import { platformRoutes } from './routes-platform.ts'
import { permissionApiRoutes, roleAuthorityRoutes } from './routes-role-authorities.ts'
import { fieldRuleRoutes } from './routes-field-rules.ts'
import { roleRoutes } from './routes-roles.ts'
import { securityRoutes } from './routes-security.ts'
import { userRoutes } from './routes-users.ts'

/** Child lists under a parent in the route: [url, parent param, child model's file key]. */
const NESTED: Array<[string, string, string]> = [
  ['/api/hpfm/v1/:tenantId/org-companies/:companyId/units', 'companyId', 'hpfm/unit'],
  ['/api/hpfm/v1/:tenantId/org-units/:unitId/positions', 'unitId', 'hpfm/position'],
  ['/api/hpfm/v1/:tenantId/org-positions/:positionId/employees', 'positionId', 'hpfm/employee'],
  ['/api/hpfm/v1/:tenantId/mdm-countries/:countryId/regions', 'countryId', 'hpfm/region'],
  ['/api/iam/v1/:tenantId/domain-config/:domainId/templates', 'domainId', 'iam/domain-template'],
]

/**
 * Identity administration (hiam screens): roles and their authorities, users and their roles, menus,
 * tenants and OAuth clients, the password policy, the login log, miss-permission records, LDAP and
 * mini-program connection tests; and the child lists of the organisation and master-data screens.
 */
export const hiamModule = (models: ModelSchema[]): FastifyPluginAsync =>
  // Shared: the miss-permission recorder must see the refusals of every module's routes.
  shared(async (app) => {
    await app.register(missPermissionRecorder)
    await app.register(roleRoutes)
    await app.register(roleAuthorityRoutes)
    await app.register(permissionApiRoutes)
    await app.register(fieldRuleRoutes(models))
    await app.register(userRoutes)
    await app.register(menuScreenRoutes)
    await app.register(platformRoutes)
    await app.register(securityRoutes)
    await app.register(connectionTestRoutes)
    for (const [url, param, key] of NESTED) {
      const model = models.find((m) => modelKey(m) === key)
      if (model) registerNestedList(app, { url, param, model })
    }
  })
