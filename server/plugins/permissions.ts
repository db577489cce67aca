import type { FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify'
import type { Db } from '../db/schema.ts'
import { noPermission, unauthorized } from '../errors.ts'
import type { Session } from '../types.ts'
import { shared } from './shared.ts'

/** The session of an authenticated route (the auth plugin has set it); 401 if a public route asks. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}

/** Which of `codes` the role holds. */
export async function grantedCodes(db: Db, roleId: number, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set()
  const rows = await db
    .selectFrom('iamRolePermission')
    .select('code')
    .where('roleId', '=', roleId)
    .where('code', 'in', codes)
    .execute()
  return new Set(rows.map((row) => row.code))
}

/** Marks a guard function with the code it checks, so the route table can list every route's guards. */
const GUARDED_CODE = Symbol.for('wms.permissionCode')
type Guard = ((request: FastifyRequest) => Promise<void>) & { [GUARDED_CODE]?: string }

/**
 * preHandler factory: 403 "No permission (<code>), contact the system administrator." when the current role
 * lacks the code. Usage: `{ preHandler: requirePermission('wmdm.warehouse.button.delete') }`. The
 * permissionGuards plugin runs it before body validation (see there).
 */
export function requirePermission(code: string): Guard {
  const checkPermission: Guard = async (request) => {
    const session = sessionOf(request)
    const granted = await grantedCodes(request.server.db, session.roleId, [code])
    if (!granted.has(code)) throw noPermission(code)
  }
  checkPermission[GUARDED_CODE] = code
  return checkPermission
}

/** A route's hook option as an array (Fastify accepts one function or a list). */
const hookList = (hook: unknown): unknown[] => (Array.isArray(hook) ? hook : hook ? [hook] : [])
const isGuard = (hook: unknown): hook is Guard =>
  typeof hook === 'function' && typeof (hook as Guard)[GUARDED_CODE] === 'string'

/**
 * The permission codes a route checks: its requirePermission guards, plus `config.permissionCodes` of routes
 * that check codes depending on the body inside the handler (batch-save). Read by the route table and the
 * permission matrix test (tests/server/permissions.test.ts).
 */
export function guardCodesOf(route: Pick<RouteOptions, 'preHandler' | 'preValidation' | 'config'>) {
  const hooks = [...hookList(route.preValidation), ...hookList(route.preHandler)]
  const codes = hooks.filter(isGuard).map((guard) => guard[GUARDED_CODE]!)
  const declared = (route.config as { permissionCodes?: string[] } | undefined)?.permissionCodes ?? []
  return [...new Set([...codes, ...declared])]
}

/**
 * Moves every requirePermission guard from preHandler to preValidation: a caller without the code gets the
 * 403 whatever the body, and learns nothing from validation messages about a form it may not submit.
 */
export const permissionGuards: FastifyPluginAsync = shared(
  { name: 'permission-guards', dependencies: ['auth'] },
  async (app) => {
    app.addHook('onRoute', (route) => {
      const handlers = hookList(route.preHandler)
      const guards = handlers.filter(isGuard)
      if (!guards.length) return
      route.preValidation = [...hookList(route.preValidation), ...guards] as RouteOptions['preValidation']
      const rest = handlers.filter((hook) => !isGuard(hook))
      route.preHandler = (rest.length ? rest : undefined) as RouteOptions['preHandler']
    })
  },
)
