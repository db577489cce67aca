import type { SelfRole, SelfTenant } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'

/** The roles the user holds, with their tenants (GET member-roles/self-roles), names in `language`. */
export async function selfRoles(db: Db, userId: number, language: string): Promise<SelfRole[]> {
  const rows = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .innerJoin('hpfmTenant as t', 't.id', 'r.tenantId')
    .select(['r.id', 'r.code', 'r.names', 'r.level', 'r.tenantId', 't.tenantName', 't.tenantNum'])
    .where('m.userId', '=', userId)
    .orderBy('r.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.names[language as keyof typeof row.names] ?? row.names.zh_CN ?? row.code,
    code: row.code,
    level: row.level,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    tenantNum: row.tenantNum,
  }))
}

/** The tenants the user has a role in; the default one carries `defaultTenantId`. */
export async function selfTenants(db: Db, userId: number): Promise<SelfTenant[]> {
  const user = await db
    .selectFrom('iamUser')
    .select('defaultTenantId')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .innerJoin('hpfmTenant as t', 't.id', 'r.tenantId')
    .select(['t.id', 't.tenantName', 't.tenantNum'])
    .distinct()
    .where('m.userId', '=', userId)
    .orderBy('t.id')
    .execute()
  return rows.map((row) => ({
    tenantId: row.id,
    tenantName: row.tenantName,
    tenantNum: row.tenantNum,
    ...(row.id === user.defaultTenantId ? { defaultTenantId: row.id } : {}),
  }))
}

/** Points the session (the token row) at another role and that role's tenant. */
export async function switchSession(
  db: Db,
  session: Session,
  roleId: number,
  tenantId: number,
): Promise<void> {
  await db
    .updateTable('oauthToken')
    .set({ roleId, tenantId })
    .where('tokenHash', '=', session.tokenHash)
    .execute()
}
