import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/schema.ts'
import { noPermission, unauthorized } from '../errors.ts'
import type { Session } from '../types.ts'

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

/**
 * preHandler factory: 403 "No permission (<code>), contact the system administrator." when the current role
 * lacks the code. Usage: `{ preHandler: requirePermission('wmdm.warehouse.button.delete') }`.
 */
export function requirePermission(code: string) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    const session = sessionOf(request)
    const granted = await grantedCodes(request.server.db, session.roleId, [code])
    if (!granted.has(code)) throw noPermission(code)
  }
}
