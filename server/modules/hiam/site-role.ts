import { forbidden } from '../../errors.ts'
import type { Session } from '../../types.ts'

/** Platform-wide writes (tenants, OAuth clients, users of every tenant) need a site-level role. */
export function requireSiteRole(session: Session, what: string): void {
  if (session.roleLevel !== 'site')
    throw forbidden(`${what} is platform administration: switch to a platform (site-level) role first.`)
}
