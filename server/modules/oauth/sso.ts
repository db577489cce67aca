/**
 * Single sign-on of a domain (/hiam/domain-config: SSO type, server, login and logout URLs). For a domain of
 * type CAS the sign-in page of its host sends the browser to the CAS login URL with `service` = this server's
 * callback (/api/oauth/sso/callback, carrying the client, redirect and state of the sign-in); the callback
 * validates the ticket with the CAS server (`<server>/serviceValidate`, CAS 2.0 protocol, the same service),
 * and signs in the local user whose login name the CAS server answers, in the domain's tenant when the user
 * has an enabled role there. Other SSO types (SAML, OAUTH2) are not built: their hosts keep the password page.
 */
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/schema.ts'
import { startingRole } from './sign-in.ts'

export const SSO_CALLBACK = '/api/oauth/sso/callback'
/** The types the sign-in flow follows. */
export const BUILT_SSO_TYPES = ['CAS']

const VALIDATE_TIMEOUT_MS = 5000

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** The CAS login address for `service`. */
export function casLoginUrl(loginUrl: string, service: string): string {
  const url = new URL(loginUrl)
  url.searchParams.set('service', service)
  return url.toString()
}

/**
 * Asks the CAS server whether `ticket` was issued for `service`: the user name, or why not (a refusal of the
 * server with its code, an unreachable server, an answer that is not CAS).
 */
export async function validateCasTicket(
  serverUrl: string,
  service: string,
  ticket: string,
): Promise<{ user: string } | { problem: string }> {
  const url = new URL(`${serverUrl.replace(/\/+$/, '')}/serviceValidate`)
  url.searchParams.set('service', service)
  url.searchParams.set('ticket', ticket)
  let body: string
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS), redirect: 'error' })
    if (!answer.ok) return { problem: `the CAS server answered HTTP ${answer.status} to the ticket check` }
    body = await answer.text()
  } catch (error) {
    return { problem: `the CAS server could not be reached (${(error as Error).message})` }
  }
  const user = /<cas:authenticationSuccess>[\s\S]*?<cas:user>([^<]+)<\/cas:user>/.exec(body)?.[1]?.trim()
  if (user) return { user: unescapeXml(user) }
  const failure = /<cas:authenticationFailure[^>]*code="([^"]*)"[^>]*>([^<]*)</.exec(body)
  if (failure) return { problem: `the CAS server refused the ticket (${failure[1]}: ${failure[2]!.trim()})` }
  return { problem: 'the CAS server answered something that is not a CAS 2.0 service response' }
}

/**
 * The session a user signed in by SSO starts with: an enabled user with an enabled role, in `tenantId` (the
 * domain's) when the user has one there. Recorded in the login log like a password sign-in.
 */
export async function ssoSignIn(
  db: Db,
  config: AppConfig,
  loginName: string,
  tenantId: number,
  ip: string,
  context: { clientId: string; userAgent?: string },
): Promise<{ ok: true; userId: number; roleId: number; tenantId: number } | { ok: false; reason: string }> {
  const user = await db
    .selectFrom('iamUser')
    .selectAll()
    .where('loginName', '=', loginName)
    .executeTakeFirst()
  const record = (success: boolean, reason: string | null, tenant: number | null) =>
    db
      .insertInto('oauthLoginAttempt')
      .values({
        loginName: loginName.slice(0, 60),
        userId: user?.id ?? null,
        success: success ? 1 : 0,
        ip,
        attemptedAt: config.now(),
        reason,
        clientId: context.clientId.slice(0, 60),
        userAgent: context.userAgent?.slice(0, 300) ?? null,
        tenantId: tenant,
      })
      .execute()
  if (!user) {
    await record(false, 'sso_unknown_user', tenantId)
    return { ok: false, reason: `the single sign-on user '${loginName}' has no account here` }
  }
  if (user.enabledFlag !== 1) {
    await record(false, 'disabled', tenantId)
    return { ok: false, reason: `the account '${loginName}' is disabled` }
  }
  const start = await startingRole(db, user.id, [tenantId, user.defaultTenantId])
  if (!start) {
    await record(false, 'no_role', tenantId)
    return { ok: false, reason: `the account '${loginName}' has no enabled role` }
  }
  await record(true, null, start.tenantId)
  return { ok: true, userId: user.id, roleId: start.id, tenantId: start.tenantId }
}
