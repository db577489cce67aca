/**
 * Who may change a user's account (password, lock, enabled flag) and profile (real name, e-mail, phone,
 * language, time zone). A tenant administrator manages the membership and roles of the users of its tenant,
 * but the account is one for every tenant the user works in: changed by one tenant, it would let that tenant
 * take the user over in the others (a new e-mail and password, then a sign-in as the user). So a tenant-level
 * role changes the account only of a user who belongs to its tenant alone, and never of a site-level user;
 * a site-level role changes any. Every route that writes a user's account calls `assertManagesAccount`
 * (routes-users.ts: edit, unlock; the user import only creates users, see server/modules/himp/code-targets.ts).
 */
import type { Db } from '../../db/schema.ts'
import { forbidden } from '../../errors.ts'
import type { Session } from '../../types.ts'

/** 403, saying why, unless `session` may change the account and profile of user `userId`. */
export async function assertManagesAccount(db: Db, session: Session, userId: number): Promise<void> {
  if (session.roleLevel === 'site') return
  const user = await db
    .selectFrom('iamUser')
    .select(['loginName', 'organizationId'])
    .where('id', '=', userId)
    .executeTakeFirst()
  // A missing user is the caller's 404 to give (its own scope check), not a reason to refuse here.
  if (!user) return
  const roles = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .select(['r.tenantId', 'r.level'])
    .where('m.userId', '=', userId)
    .execute()
  if (roles.some((role) => role.level === 'site'))
    throw forbidden(
      `User ${user.loginName} holds a site-level role: only a site administrator may change the account or profile of a site-level user. Ask a site administrator; you can still manage the user's roles in your tenant.`,
    )
  const tenants = new Set([Number(user.organizationId), ...roles.map((role) => Number(role.tenantId))])
  tenants.delete(session.tenantId)
  if (tenants.size)
    throw forbidden(
      `User ${user.loginName} also belongs to another tenant: the account and profile (password, lock, e-mail, phone, name, enabled flag) are shared by every tenant of the user, so only a site administrator or the user may change them. You can still manage the user's roles in your tenant.`,
    )
}
