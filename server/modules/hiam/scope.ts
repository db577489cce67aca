/**
 * Every identity administration route exists in the two forms of the wire conventions: tenant level
 * `/api/iam/v1/{tenantId}/...` (the auth plugin checks the tenant is the session's) and site level
 * `/api/iam/v1/...` for platform roles, which see every tenant. `adminRoutes` registers both.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { forbidden } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { pathParams } from '../../schemas.ts'
import type { Session } from '../../types.ts'
import { tenantAndSitePaths } from '../../route-forms.ts'

export interface Scope {
  session: Session
  /** The tenant the caller administers; null: a platform role in the site form, every tenant. */
  tenantId: number | null
}

export function scopeOf(request: FastifyRequest): Scope {
  const session = sessionOf(request)
  const inPath = (request.params as { tenantId?: number }).tenantId
  if (inPath !== undefined) return { session, tenantId: session.tenantId }
  if (session.roleLevel !== 'site')
    throw forbidden(
      `${request.url.split('?')[0]} is the platform-level form: a tenant role calls /api/iam/v1/${session.tenantId}/… instead: use that path.`,
    )
  return { session, tenantId: null }
}

/** The site-level paths registered, for the tenant isolation matrix (tests/server/tenant-isolation.test.ts). */
export const SITE_LEVEL_ROUTES: Record<string, string> = {}

/** Path parameters of these routes that are not row ids: `permissionId` is a permission code (HZERO's name). */
const NAMED_PARAMS = {
  permissionId: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'A permission code, e.g. hiam.role.button.grant',
  }),
}

type Method = 'get' | 'post' | 'put' | 'delete'
type Handler = (request: FastifyRequest, scope: Scope) => Promise<unknown>

export function adminRoutes(app: FastifyInstance) {
  const add = (method: Method, path: string, options: RouteShorthandOptions, handler: Handler) => {
    for (const full of tenantAndSitePaths('iam', path)) {
      const site = !full.includes(':tenantId')
      if (site)
        SITE_LEVEL_ROUTES[`${method.toUpperCase()} ${full}`] =
          'platform-level form: refused unless the session role is site level (which sees every tenant)'
      app.route({
        method: method.toUpperCase() as Uppercase<Method>,
        url: full,
        ...options,
        // Path parameters are ids (or the tenant) unless the route declares its own.
        schema: { params: pathParams(full, NAMED_PARAMS), ...options.schema },
        handler: (request) => handler(request, scopeOf(request)),
      })
    }
  }
  return {
    get: (path: string, options: RouteShorthandOptions, handler: Handler) =>
      add('get', path, options, handler),
    post: (path: string, options: RouteShorthandOptions, handler: Handler) =>
      add('post', path, options, handler),
    put: (path: string, options: RouteShorthandOptions, handler: Handler) =>
      add('put', path, options, handler),
    delete: (path: string, options: RouteShorthandOptions, handler: Handler) =>
      add('delete', path, options, handler),
  }
}
