import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/schema.ts'
import { passwordProblems } from '../../../renderer/contract/user-preferences.ts'
import { readPasswordPolicy } from '../hiam/password-policy.ts'
import type { LoginText } from './login-texts.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

export type SignInResult =
  | { ok: true; userId: number; roleId: number; tenantId: number }
  | { ok: false; message: LoginText; vars?: Record<string, number> }

// Compared against when the user does not exist, so an unknown name costs the same time as a wrong password.
const dummyHash = hashPassword('not-a-password')

/** Where the attempt came from, kept in the login log. */
export interface SignInContext {
  clientId?: string
  userAgent?: string
}

/**
 * Checks the credentials, records the attempt (login log) and keeps the lock: the password policy of the
 * user's tenant says how many wrong passwords in a row lock the account for how long (without a saved policy:
 * `maxFailedSignIns` and `lockSeconds`), and whether a correct password that breaks its rules is refused. On
 * success answers the role and tenant the session starts with (the user's first enabled role in the default
 * tenant, else the first enabled role of an enabled tenant).
 */
export async function signIn(
  db: Db,
  config: AppConfig,
  username: string,
  password: string,
  ip: string,
  context: SignInContext = {},
): Promise<SignInResult> {
  const now = config.now()
  const user = await db.selectFrom('iamUser').selectAll().where('loginName', '=', username).executeTakeFirst()
  const record = (success: boolean, reason: string | null, tenantId = user?.organizationId ?? null) =>
    db
      .insertInto('oauthLoginAttempt')
      .values({
        loginName: username.slice(0, 60),
        userId: user?.id ?? null,
        success: success ? 1 : 0,
        ip,
        attemptedAt: now,
        reason,
        clientId: context.clientId?.slice(0, 60) ?? null,
        userAgent: context.userAgent?.slice(0, 300) ?? null,
        tenantId,
      })
      .execute()
  if (!user) {
    await verifyPassword(password, await dummyHash)
    await record(false, 'unknown_user')
    return { ok: false, message: 'wrong' }
  }
  const policy = await readPasswordPolicy(db, config, user.organizationId)
  // The texts name the tenant's own policy: how many wrong passwords lock the account, for how long.
  const lock = { times: policy.maxErrorTimes, lock: policy.lockMinutes }
  if (user.lockedUntil && user.lockedUntil > now) {
    await record(false, 'locked')
    return {
      ok: false,
      message: 'locked',
      vars: { ...lock, minutes: Math.ceil((user.lockedUntil - now) / 60000) },
    }
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await record(false, 'wrong')
    const failed = user.failedCount + 1
    if (failed >= policy.maxErrorTimes) {
      const lockedUntil = now + policy.lockMinutes * 60000
      await db.updateTable('iamUser').set({ failedCount: 0, lockedUntil }).where('id', '=', user.id).execute()
      return { ok: false, message: 'locked', vars: { ...lock, minutes: policy.lockMinutes } }
    }
    await db.updateTable('iamUser').set({ failedCount: failed }).where('id', '=', user.id).execute()
    return { ok: false, message: 'wrong', vars: { ...lock, left: policy.maxErrorTimes - failed } }
  }
  if (user.enabledFlag !== 1) {
    await record(false, 'disabled')
    return { ok: false, message: 'disabled' }
  }
  if (policy.checkAtSignIn === 1 && passwordProblems(password, user.loginName, policy).length) {
    await record(false, 'weak')
    return { ok: false, message: 'weak' }
  }
  await db
    .updateTable('iamUser')
    .set({ failedCount: 0, lockedUntil: null })
    .where('id', '=', user.id)
    .execute()
  const start = await startingRole(db, user.id, [user.defaultTenantId])
  if (!start) {
    await record(false, 'no_role')
    return { ok: false, message: 'disabled' }
  }
  await record(true, null, start.tenantId)
  return { ok: true, userId: user.id, roleId: start.id, tenantId: start.tenantId }
}

/**
 * The role a new session starts in: the user's first enabled role (of an enabled tenant) in the first of
 * `tenants` that has one, else their first enabled role at all; undefined when they have none.
 */
export async function startingRole(
  db: Db,
  userId: number,
  tenants: Array<number | null | undefined>,
): Promise<{ id: number; tenantId: number } | undefined> {
  const roles = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .innerJoin('hpfmTenant as t', 't.id', 'r.tenantId')
    .select(['r.id', 'r.tenantId'])
    .where('m.userId', '=', userId)
    .where('r.enabledFlag', '=', 1)
    .where('t.enabledFlag', '=', 1)
    .orderBy('r.id')
    .execute()
  for (const tenant of tenants) {
    const role = roles.find((r) => r.tenantId === tenant)
    if (role) return role
  }
  return roles[0]
}
