import { sql } from 'kysely'
import { ALL_DATA_PERMISSION } from '../modules/models/model-scope.ts'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { LANGUAGES, type Language, type RoleLevel } from '../../renderer/contract/wire.ts'
import { forbidden, unauthorized } from '../errors.ts'
import { hashToken } from '../modules/oauth/tokens.ts'
import type { Session } from '../types.ts'
import { shared } from './shared.ts'
import { cacheWatchOf, readCache, type ReadCache } from '../db/write-watch.ts'

/** Longest token accepted (ours are 43 characters); anything longer is refused before it is hashed. */
const MAX_TOKEN_LENGTH = 512
/** The characters of a token (base64, base64url, and the RFC 6750 token68 set); anything else is malformed. */
const TOKEN_FORM = /^[A-Za-z0-9._~+/=-]+$/

/** The caller's credential and where it came from, or why its form is refused (never a throw: a 401). */
export type Credential = { token: string; from: 'header' | 'cookie' } | { malformed: string } | undefined

const checkedForm = (token: string, from: 'header' | 'cookie'): Credential =>
  token.length > MAX_TOKEN_LENGTH
    ? { malformed: `The access token is longer than ${MAX_TOKEN_LENGTH} characters: sign in again.` }
    : TOKEN_FORM.test(token)
      ? { token, from }
      : {
          malformed:
            'The access token contains characters a token never has (only letters, digits and -._~+/= are): sign in again.',
        }

/**
 * The caller's credential: `Authorization: bearer <t>`, else the `access_token` cookie (percent-decoded).
 * An overlong token, one with other characters, or a cookie whose percent-encoding does not decode is
 * malformed; another Authorization scheme (Basic, …) is not ours and the cookie is looked at instead.
 */
export function credentialOf(request: FastifyRequest): Credential {
  const header = request.headers.authorization
  if (typeof header === 'string' && /^bearer(\s|$)/i.test(header)) {
    const bearer = header.match(/^bearer\s+(\S+)\s*$/i)?.[1]
    if (!bearer)
      return { malformed: 'The Authorization header must be "bearer <token>", one token without spaces.' }
    return checkedForm(bearer, 'header')
  }
  const cookie = request.headers.cookie
  const match = typeof cookie === 'string' ? cookie.match(/(?:^|;\s*)access_token=([^;]*)/) : null
  if (!match?.[1]) return undefined
  let token: string
  try {
    token = decodeURIComponent(match[1].trim())
  } catch {
    return { malformed: 'The access_token cookie is not valid percent-encoding: sign in again.' }
  }
  return checkedForm(token, 'cookie')
}

/** The caller's token when it has a well-formed one (bearer header, else cookie). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const credential = credentialOf(request)
  return credential && 'token' in credential ? credential.token : undefined
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Why a request authenticated by the cookie alone may not write (cross-site request forgery), or undefined.
 * A browser sends the cookie along with a form or a `text/plain` fetch from any site, but it names the page's
 * origin in `Origin` (or, from older browsers, `Referer`): an unsafe method is accepted only from the host the
 * request came to, or a configured public origin (`AppConfig.publicOrigins`). The app itself sends the token
 * in the Authorization header, which another site cannot set, so it is not affected.
 */
export function crossSiteWrite(request: FastifyRequest, publicOrigins: string[]): string | undefined {
  if (!UNSAFE_METHODS.has(request.method)) return undefined
  const origin = request.headers.origin
  const referer = request.headers.referer
  const claimed = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : undefined
  const fix =
    'Send the access token in the Authorization header ("bearer <token>") instead, or use the app from its own address.'
  if (claimed === undefined)
    return `A write authenticated only by the session cookie must name its page in Origin or Referer. ${fix}`
  let parsed: URL | undefined
  try {
    parsed = new URL(claimed)
  } catch {
    parsed = undefined
  }
  const host = request.headers.host
  const own =
    parsed &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    ((typeof host === 'string' && parsed.host === host.toLowerCase()) ||
      publicOrigins.some((allowed) => allowed.replace(/\/$/, '') === parsed.origin))
  if (own) return undefined
  return `A write authenticated only by the session cookie came from another site (${String(claimed).slice(0, 100)}), not from this app: refused as cross-site request forgery. ${fix}`
}

/** The token rows read lately, per database (write-watch.ts; on PostgreSQL notify-watch.ts). */
const tokenRowCaches = new WeakMap<object, ReadCache<unknown>>()
const SESSION_CACHE_MS = 2000

function tokenRowCache(db: object): ReadCache<unknown> | undefined {
  const watch = cacheWatchOf(db)
  if (!watch) return undefined
  let cache = tokenRowCaches.get(db)
  if (!cache) tokenRowCaches.set(db, (cache = readCache<unknown>(watch, SESSION_CACHE_MS)))
  return cache
}

/** The live session of a token, or the reason there is none. */
export async function sessionOfToken(
  request: FastifyRequest,
  token: string,
): Promise<{ session: Session } | { reason: string }> {
  const { db, config } = request.server
  const tokenHash = hashToken(token)
  const read = () =>
    db
      .selectFrom('oauthToken as t')
      .leftJoin('iamRole as r', 'r.id', 't.roleId')
      .leftJoin('iamUser as u', 'u.id', 't.userId')
      .select([
        't.userId',
        't.tenantId',
        't.roleId',
        't.language',
        't.expiresAt',
        't.status',
        'r.code',
        'r.level',
        'r.tenantId as roleTenantId',
        'r.enabledFlag as roleEnabled',
        'u.enabledFlag as userEnabled',
        'u.lockedUntil',
        // The token's role is still the user's: a removed role or membership ends the session at once.
        sql<boolean>`exists (select 1 from iam_member_role m where m.user_id = t.user_id and m.role_id = t.role_id)`.as(
          'member',
        ),
        // Data permissions (model-scope.ts): a role granted the "all data" code sees every warehouse, owner, …
        sql<boolean>`exists (select 1 from iam_role_permission p where p.role_id = t.role_id and p.code = ${ALL_DATA_PERMISSION})`.as(
          'allData',
        ),
      ])
      .where('t.tokenHash', '=', tokenHash)
      .executeTakeFirst()
  // Cached for a moment, and only while nothing was written (write-watch.ts; on PostgreSQL a commit of any
  // process is heard before the next request reads the cache, notify-watch.ts): a logout, kick-off, revoke,
  // a role taken away, a role deleted or disabled, a user disabled is a write, so it takes effect on the very
  // next request. Status, expiry, membership and the user's state are checked below, on every request.
  const cache = tokenRowCache(db) as ReadCache<Awaited<ReturnType<typeof read>>> | undefined
  const row = cache ? await cache.get(tokenHash, read) : await read()
  if (!row) return { reason: 'The access token is unknown: sign in again.' }
  if (row.status === 'kicked')
    return { reason: 'You were signed out because this account signed in elsewhere.' }
  if (row.status !== 'live') return { reason: 'The access token was revoked (signed out): sign in again.' }
  if (row.expiresAt <= config.now()) return { reason: 'The access token has expired: sign in again.' }
  if (row.userEnabled == null) return { reason: 'The account of this session no longer exists.' }
  if (Number(row.userEnabled) !== 1)
    return { reason: 'Your account was disabled: contact the system administrator.' }
  if (row.lockedUntil != null && Number(row.lockedUntil) > config.now())
    return { reason: 'Your account is locked: sign in again when it is unlocked.' }
  if (row.code == null || row.level == null)
    return { reason: 'The role of this session was deleted: sign in again to act in another role.' }
  if (Number(row.roleEnabled) !== 1)
    return { reason: `Your role ${row.code} was disabled: sign in again to act in another role.` }
  if (row.level !== 'site' && Number(row.roleTenantId) !== Number(row.tenantId))
    return {
      reason: `Your role ${row.code} does not belong to the session's tenant ${row.tenantId}: sign in again or switch role.`,
    }
  if (!row.member)
    return {
      reason: `Your role ${row.code} was taken from you: sign in again, or switch to a role you still hold.`,
    }
  const language = (LANGUAGES as string[]).includes(row.language) ? (row.language as Language) : 'zh_CN'
  const session: Session = {
    userId: row.userId,
    tenantId: row.tenantId,
    roleId: row.roleId,
    roleCode: row.code,
    roleLevel: row.level as RoleLevel,
    language,
    tokenHash,
    dataUnrestricted: Boolean(row.allData),
  }
  return { session }
}

/**
 * Where a body names a tenant other than `tenant`: its own `tenantId`, each row's of an array (batch-save,
 * delete), and a with-lines body's header's and each line row's (`lines[i].rows[j]`). Other nested values are
 * the caller's data (stored JSON, report parameters), not rows. Absent or null names no tenant.
 */
export function otherTenantInBody(
  body: unknown,
  tenant: number,
): { where: string; named: unknown } | undefined {
  const named = (row: unknown, where: string) => {
    if (!row || typeof row !== 'object' || Array.isArray(row) || !('tenantId' in row)) return undefined
    const value = (row as { tenantId: unknown }).tenantId
    if (value === undefined || value === null) return undefined
    return String(value) === String(tenant) ? undefined : { where: `${where}/tenantId`, named: value }
  }
  const each = (rows: unknown, where: string) =>
    Array.isArray(rows) ? rows.map((row, i) => named(row, `${where}/${i}`)).find(Boolean) : undefined
  if (Array.isArray(body)) return each(body, 'body')
  if (!body || typeof body !== 'object') return undefined
  const { header, lines } = body as { header?: unknown; lines?: unknown }
  return (
    named(body, 'body') ??
    named(header, 'body/header') ??
    (Array.isArray(lines)
      ? lines
          .map((table: unknown, i) =>
            table && typeof table === 'object'
              ? each((table as { rows?: unknown }).rows, `body/lines/${i}/rows`)
              : undefined,
          )
          .find(Boolean)
      : undefined)
  )
}

/**
 * Every /api route needs a live token unless its config says `public` (sessionOfToken: live, of a user still
 * enabled and still holding the role); a write carrying it only in the cookie must come from the app's own
 * origin (crossSiteWrite). A `{tenantId}` path parameter must be
 * the session's current tenant (403 otherwise, before any data is read), and so must a `tenantId` its body
 * names (403 before validation; absent or equal is accepted).
 */
export const auth: FastifyPluginAsync = shared({ name: 'auth' }, async (app) => {
  app.decorateRequest('session', null)
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.routeOptions.config.public) return
    const credential = credentialOf(request)
    if (!credential) throw unauthorized('Sign in first: the request carries no access token.')
    if ('malformed' in credential) throw unauthorized(credential.malformed)
    const { token } = credential
    if (credential.from === 'cookie') {
      const crossSite = crossSiteWrite(request, request.server.config.publicOrigins)
      if (crossSite) throw forbidden(crossSite)
    }
    const inMemory = request.routeOptions.config.sessionInMemory?.(request, hashToken(token))
    const result = inMemory ? { session: inMemory } : await sessionOfToken(request, token)
    if ('reason' in result) throw unauthorized(result.reason)
    request.session = result.session
    const pathTenant = (request.params as Record<string, unknown> | undefined)?.tenantId
    if (pathTenant !== undefined && String(pathTenant) !== String(result.session.tenantId)) {
      throw forbidden(
        `Tenant ${String(pathTenant)} in the path is not your current tenant (${result.session.tenantId}): switch tenant first.`,
      )
    }
  })
  app.addHook('preValidation', async (request) => {
    const session = request.session
    if (!session || (request.params as Record<string, unknown> | undefined)?.tenantId === undefined) return
    const other = otherTenantInBody(request.body, session.tenantId)
    if (other) {
      throw forbidden(
        `The body names tenant ${(typeof other.named === 'object' ? JSON.stringify(other.named) : String(other.named)).slice(0, 40)} (at ${other.where}), not your current tenant (${session.tenantId}): send tenantId ${session.tenantId} or leave it out.`,
      )
    }
  })
})
