/**
 * The password policy of a tenant (hiam password-policy screen): the rules a new password must meet, whether
 * sign-in checks them too, and how many wrong passwords lock an account for how long. A tenant without a saved
 * policy uses the defaults (PASSWORD_POLICY and the server's lock settings).
 */
import { PASSWORD_POLICY, type PasswordPolicy } from '../../../renderer/contract/user-preferences.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/schema.ts'
import {
  concurrentSessionsOf,
  DEFAULT_CONCURRENT_SESSIONS,
  type ConcurrentSessions,
} from '../oauth/devices.ts'

export interface TenantPasswordPolicy extends PasswordPolicy {
  tenantId: number
  /** 1: a correct password that breaks the rules is refused at sign-in (the user asks for a reset). */
  checkAtSignIn: number
  maxErrorTimes: number
  lockMinutes: number
  /** Live sessions a user keeps: single, per-device (one desk, one handheld) or unlimited (oauth/devices.ts). */
  concurrentSessions: ConcurrentSessions
  objectVersionNumber: number
}

export async function readPasswordPolicy(
  db: Db,
  config: Pick<AppConfig, 'maxFailedSignIns' | 'lockSeconds'>,
  tenantId: number,
): Promise<TenantPasswordPolicy> {
  const row = await db
    .selectFrom('iamPasswordPolicy')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .executeTakeFirst()
  if (!row)
    return {
      ...PASSWORD_POLICY,
      tenantId,
      checkAtSignIn: 0,
      maxErrorTimes: config.maxFailedSignIns,
      lockMinutes: Math.ceil(config.lockSeconds / 60),
      concurrentSessions: DEFAULT_CONCURRENT_SESSIONS,
      objectVersionNumber: 0,
    }
  return {
    ...row,
    tenantId: Number(row.tenantId),
    notLoginName: row.notLoginName === 1,
    concurrentSessions: concurrentSessionsOf(row.concurrentSessions),
  }
}
