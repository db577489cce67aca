import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/schema.ts'

/**
 * The users a tenant administers, as a condition of a query over `iamUser as u`: its own users (organizationId)
 * and everyone holding one of its roles. One definition for the user lists, group members and identity imports.
 */
export const isUserOfTenant =
  (tenantId: number) => (eb: ExpressionBuilder<Database & { u: Database['iamUser'] }, 'u'>) =>
    eb.or([
      eb('u.organizationId', '=', tenantId),
      eb.exists(
        eb
          .selectFrom('iamMemberRole as m')
          .innerJoin('iamRole as r', 'r.id', 'm.roleId')
          .select('m.userId')
          .whereRef('m.userId', '=', 'u.id')
          .where('r.tenantId', '=', tenantId),
      ),
    ])
