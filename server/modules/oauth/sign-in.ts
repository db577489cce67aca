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
  /** The tenant of the sign-in host's domain: its password policy counts for names that are not users. */
  hostTenantId?: number
}

/** Wrong passwords are counted over this window (per name and source, "in a row" since the last success). */
const COUNT_WINDOW_MS = 24 * 3600_000
/**
 * A distributed guesser (many addresses, one name) is stopped by an account-wide ceiling: this many times the
 * policy's count of wrong passwords from all sources within one lock period locks the name for every source
 * that has not signed in as it successfully within KNOWN_SOURCE_MS, so the owner at a usual address goes on.
 */
export const ACCOUNT_CEILING_FACTOR = 10
const KNOWN_SOURCE_MS = 30 * 24 * 3600_000
const FAILED = ['wrong', 'unknown_user']

/**
 * The lock of one name from one source, replayed from the login log: wrong passwords in a row (since the last
 * success from there, within COUNT_WINDOW_MS) count up; the policy's count of them locks that name from that
 * source for its minutes, and counting starts again after. Attempts refused while locked do not count.
 */
async function sourceLock(
  db: Db,
  loginName: string,
  ip: string,
  now: number,
  policy: { maxErrorTimes: number; lockMinutes: number },
): Promise<{ failed: number; lockedUntil: number }> {
  const rows = await db
    .selectFrom('oauthLoginAttempt')
    .select(['success', 'reason', 'attemptedAt'])
    .where('loginName', '=', loginName)
    .where('ip', '=', ip)
    .where('attemptedAt', '>', now - COUNT_WINDOW_MS)
    .orderBy('attemptedAt')
    .orderBy('id')
    .execute()
  let failed = 0
  let lockedUntil = 0
  for (const row of rows) {
    if (row.success === 1) failed = 0
    else if (FAILED.includes(row.reason ?? '') && ++failed >= policy.maxErrorTimes) {
      lockedUntil = Number(row.attemptedAt) + policy.lockMinutes * 60000
      failed = 0
    }
  }
  return { failed, lockedUntil }
}

/** Whether wrong passwords for `loginName` from everywhere passed the ceiling and `ip` is not a known source. */
async function accountCeiling(
  db: Db,
  loginName: string,
  ip: string,
  now: number,
  policy: { maxErrorTimes: number; lockMinutes: number },
): Promise<boolean> {
  const counted = await db
    .selectFrom('oauthLoginAttempt')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('loginName', '=', loginName)
    .where('success', '=', 0)
    .where('reason', 'in', FAILED)
    .where('attemptedAt', '>', now - policy.lockMinutes * 60000)
    .executeTakeFirstOrThrow()
  if (Number(counted.n) < policy.maxErrorTimes * ACCOUNT_CEILING_FACTOR) return false
  const known = await db
    .selectFrom('oauthLoginAttempt')
    .select('id')
    .where('loginName', '=', loginName)
    .where('ip', '=', ip)
    .where('success', '=', 1)
    .where('attemptedAt', '>', now - KNOWN_SOURCE_MS)
    .executeTakeFirst()
  return !known
}

/**
 * Checks the credentials, records the attempt (login log) and keeps the lock. A name that is no user is
 * answered exactly like a user's wrong password (same text, same count, same lock, a password hash compared
 * all the same), so the answers do not tell which names exist. The lock is per name AND source (client
 * address): the password policy of the user's tenant (for an unknown name, of the sign-in host's tenant;
 * without a saved policy `maxFailedSignIns` and `lockSeconds`) says how many wrong passwords in a row lock
 * that name from that address for how long, so a stranger elsewhere cannot lock the owner out; the
 * account-wide ceiling (ACCOUNT_CEILING_FACTOR) bounds a guesser using many addresses. A correct password
 * that breaks the policy's rules is refused when the policy says so. On success answers the role and tenant
 * the session starts with (the user's first enabled role in the default tenant, else the first enabled role
 * of an enabled tenant).
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
  const policy = await readPasswordPolicy(db, config, user?.organizationId ?? context.hostTenantId ?? 0)
  // The texts name the policy: how many wrong passwords lock the account, for how long.
  const lock = { times: policy.maxErrorTimes, lock: policy.lockMinutes }
  const loginName = username.slice(0, 60)
  const before = await sourceLock(db, loginName, ip, now, policy)
  // An account lock set on the user row (older data; an administrator's unlock clears it) counts everywhere.
  const lockedUntil = Math.max(before.lockedUntil, Number(user?.lockedUntil ?? 0))
  const ceiling = lockedUntil <= now && (await accountCeiling(db, loginName, ip, now, policy))
  if (lockedUntil > now || ceiling) {
    await record(false, 'locked')
    const minutes = ceiling ? policy.lockMinutes : Math.ceil((lockedUntil - now) / 60000)
    return { ok: false, message: 'locked', vars: { ...lock, minutes } }
  }
  const right = await verifyPassword(password, user?.passwordHash ?? (await dummyHash))
  if (!user || !right) {
    await record(false, user ? 'wrong' : 'unknown_user')
    const after = await sourceLock(db, loginName, ip, now, policy)
    if (after.lockedUntil > now)
      return { ok: false, message: 'locked', vars: { ...lock, minutes: policy.lockMinutes } }
    return { ok: false, message: 'wrong', vars: { ...lock, left: policy.maxErrorTimes - after.failed } }
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
