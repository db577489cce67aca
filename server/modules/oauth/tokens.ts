import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/schema.ts'
import { kindsEndedBy, type ConcurrentSessions, type DeviceKind } from './devices.ts'

/** Only this hash is stored: a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface IssueTokenInput {
  userId: number
  clientId: string
  roleId: number
  tenantId: number
  language: string
  now: number
  ttlSeconds: number
  /** The domain whose single sign-on started the session (logout goes on to its SSO logout URL). */
  ssoDomainId?: number | null
  /** The domain on whose host the user signed in (users/self answers its home page). */
  domainId?: number | null
  /** The kind of device the client declared at sign-in (devices.ts). */
  deviceKind: DeviceKind
  /** The tenant's policy of live sessions per user: which older ones this sign-in ends (devices.ts). */
  concurrentSessions: ConcurrentSessions
}

/**
 * A new access token (32 random bytes, base64url). The user's older live tokens of the device kinds the
 * policy ends (`single`: all; `per-device`: the same kind; `unlimited`: none) are marked kicked in the same
 * transaction (kickoff by a newer sign-in).
 */
export async function issueToken(db: Db, input: IssueTokenInput): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const ended = kindsEndedBy(input.concurrentSessions, input.deviceKind)
  await db.transaction().execute(async (trx) => {
    if (ended.length)
      await trx
        .updateTable('oauthToken')
        .set({ status: 'kicked' })
        .where('userId', '=', input.userId)
        .where('status', '=', 'live')
        .where('deviceKind', 'in', ended)
        .execute()
    await trx
      .insertInto('oauthToken')
      .values({
        tokenHash: hashToken(token),
        userId: input.userId,
        clientId: input.clientId,
        roleId: input.roleId,
        tenantId: input.tenantId,
        language: input.language,
        issuedAt: input.now,
        expiresAt: input.now + input.ttlSeconds * 1000,
        status: 'live',
        ssoDomainId: input.ssoDomainId ?? null,
        domainId: input.domainId ?? null,
        deviceKind: input.deviceKind,
      })
      .execute()
  })
  return token
}

/** Logout: the token stops working at once. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db
    .updateTable('oauthToken')
    .set({ status: 'revoked' })
    .where('tokenHash', '=', hashToken(token))
    .execute()
}

/** 1 when the token was ended by a newer sign-in of the same user, else 0. */
export async function kickoffState(db: Db, token: string): Promise<0 | 1> {
  const row = await db
    .selectFrom('oauthToken')
    .select('status')
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst()
  return row?.status === 'kicked' ? 1 : 0
}

/** The domain whose single sign-on started the token's session, if one did. */
export async function ssoDomainOfToken(db: Db, token: string): Promise<number | null> {
  const row = await db
    .selectFrom('oauthToken')
    .select('ssoDomainId')
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst()
  return row?.ssoDomainId == null ? null : Number(row.ssoDomainId)
}

/** The device kind the token's sign-in declared: signing out of a handheld shows the handheld's sign-in. */
export async function deviceKindOfToken(db: Db, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('oauthToken')
    .select('deviceKind')
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst()
  return row?.deviceKind ?? null
}
