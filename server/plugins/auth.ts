import { sql } from 'kysely'
import { ALL_DATA_PERMISSION } from '../modules/models/model-scope.ts'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { LANGUAGES, type Language, type RoleLevel } from '../../renderer/contract/wire.ts'
import { forbidden, unauthorized } from '../errors.ts'
import { hashToken } from '../modules/oauth/tokens.ts'
import type { Session } from '../types.ts'
import { shared } from './shared.ts'
import { cacheWatchOf, readCache, type ReadCache } from '../db/write-watch.ts'

/** The caller's token: `Authorization: bearer <t>`, else the `access_token` cookie. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const bearer = header?.match(/^bearer\s+(\S+)$/i)?.[1]
  if (bearer) return bearer
  const cookie = request.headers.cookie
  const match = cookie?.match(/(?:^|;\s*)access_token=([^;]+)/)
  return match?.[1] ? decodeURIComponent(match[1]) : undefined
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
      .innerJoin('iamRole as r', 'r.id', 't.roleId')
      .select([
        't.userId',
        't.tenantId',
        't.roleId',
        't.language',
        't.expiresAt',
        't.status',
        'r.code',
        'r.level',
        // Data permissions (model-scope.ts): a role granted the "all data" code sees every warehouse, owner, …
        sql<boolean>`exists (select 1 from iam_role_permission p where p.role_id = t.role_id and p.code = ${ALL_DATA_PERMISSION})`.as(
          'allData',
        ),
      ])
      .where('t.tokenHash', '=', tokenHash)
      .executeTakeFirst()
  // Cached for a moment, and only while nothing was written (write-watch.ts; on PostgreSQL a commit of any
  // process is heard before the next request reads the cache, notify-watch.ts): a logout, kick-off or revoke
  // is a write, so it takes effect on the very next request. Status and expiry are checked below.
  const cache = tokenRowCache(db) as ReadCache<Awaited<ReturnType<typeof read>>> | undefined
  const row = cache ? await cache.get(tokenHash, read) : await read()
  if (!row) return { reason: 'The access token is unknown: sign in again.' }
  if (row.status === 'kicked')
    return { reason: 'You were signed out because this account signed in elsewhere.' }
  if (row.status !== 'live') return { reason: 'The access token was revoked (signed out): sign in again.' }
  if (row.expiresAt <= config.now()) return { reason: 'The access token has expired: sign in again.' }
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
 * Every /api route needs a live token unless its config says `public`. A `{tenantId}` path parameter must be
 * the session's current tenant (403 otherwise, before any data is read), and so must a `tenantId` its body
 * names (403 before validation; absent or equal is accepted).
 */
export const auth: FastifyPluginAsync = shared(async (app) => {
  app.decorateRequest('session', null)
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.routeOptions.config.public) return
    const token = tokenOf(request)
    if (!token) throw unauthorized('Sign in first: the request carries no access token.')
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
