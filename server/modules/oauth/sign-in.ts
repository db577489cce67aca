import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/schema.ts'
import type { LoginText } from './login-texts.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

export type SignInResult =
  | { ok: true; userId: number; roleId: number; tenantId: number }
  | { ok: false; message: LoginText; vars?: Record<string, number> }

// Compared against when the user does not exist, so an unknown name costs the same time as a wrong password.
const dummyHash = hashPassword('not-a-password')

/**
 * Checks the credentials, records the attempt and keeps the lock: `maxFailedSignIns` wrong passwords in a row
 * lock the account for `lockSeconds`. On success answers the role and tenant the session starts with
 * (the user's first role in the default tenant, else the first role).
 */
export async function signIn(
  db: Db,
  config: AppConfig,
  username: string,
  password: string,
  ip: string,
): Promise<SignInResult> {
  const now = config.now()
  const user = await db.selectFrom('iamUser').selectAll().where('loginName', '=', username).executeTakeFirst()
  const record = (success: boolean) =>
    db
      .insertInto('oauthLoginAttempt')
      .values({
        loginName: username.slice(0, 60),
        userId: user?.id ?? null,
        success: success ? 1 : 0,
        ip,
        attemptedAt: now,
      })
      .execute()
  if (!user) {
    await verifyPassword(password, await dummyHash)
    await record(false)
    return { ok: false, message: 'wrong' }
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await record(false)
    return { ok: false, message: 'locked', vars: { minutes: Math.ceil((user.lockedUntil - now) / 60000) } }
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await record(false)
    const failed = user.failedCount + 1
    if (failed >= config.maxFailedSignIns) {
      const lockedUntil = now + config.lockSeconds * 1000
      await db.updateTable('iamUser').set({ failedCount: 0, lockedUntil }).where('id', '=', user.id).execute()
      return { ok: false, message: 'locked', vars: { minutes: Math.ceil(config.lockSeconds / 60) } }
    }
    await db.updateTable('iamUser').set({ failedCount: failed }).where('id', '=', user.id).execute()
    return { ok: false, message: 'wrong', vars: { left: config.maxFailedSignIns - failed } }
  }
  if (user.enabledFlag !== 1) {
    await record(false)
    return { ok: false, message: 'disabled' }
  }
  await db
    .updateTable('iamUser')
    .set({ failedCount: 0, lockedUntil: null })
    .where('id', '=', user.id)
    .execute()
  await record(true)
  const roles = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .select(['r.id', 'r.tenantId'])
    .where('m.userId', '=', user.id)
    .orderBy('r.id')
    .execute()
  const start = roles.find((role) => role.tenantId === user.defaultTenantId) ?? roles[0]
  if (!start) return { ok: false, message: 'disabled' }
  return { ok: true, userId: user.id, roleId: start.id, tenantId: start.tenantId }
}
