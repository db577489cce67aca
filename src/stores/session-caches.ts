/**
 * The renderer's caches that live as long as the signed-in session, not as long as a page: Lov view
 * definitions (CORE-LOV: fetched once per session, the old platform re-fetched them on every open), dynamic form
 * definitions (DynamicForm fields) and
 * permission answers (CORE-PERM-09/10: cached per tenant and role). Created once in SignedInApp after the
 * session loads and handed to every page's RendererProvider (SchemaPageHost). Reset on sign-out; a role or
 * tenant switch restarts the app (session-actions.ts), which makes new ones — and the checker keys its
 * answers by tenant and role anyway, so a switch without restart asks every code anew.
 * A Lov view, value set or prompt saved in any page drops the Lov definitions (config-changes.ts).
 */
import { createPermissionChecker, type PermissionChecker } from '../../renderer/access/permission-checker'
import { onConfigChanged } from '../../renderer/data/config-changes'
import { createLovViewLoader, type LovViewLoader } from '../../renderer/data/lov-views'
import { createDynamicFormLoader, type DynamicFormLoader } from '../../renderer/data/dynamic-forms'
import type { RendererEnv, SessionUser } from '../../renderer/env'
import type { HttpClient } from '../http/http-client'

export interface SessionCaches {
  lovViews: LovViewLoader
  dynamicForms: DynamicFormLoader
  permissions: PermissionChecker
  /** Forgets every Lov definition and permission answer (sign-out). */
  reset(): void
  /** Stops following configuration changes (the session ended). */
  dispose(): void
}

/**
 * @param http the app's client; requests carry the menu of the page on screen (AppServices.activeMenu)
 * @param currentUser the session user as the renderer sees it, read at each call (tenant and role may change)
 */
export function createSessionCaches(http: HttpClient, currentUser: () => SessionUser): SessionCaches {
  const env: Pick<RendererEnv, 'request' | 'user'> = {
    request: (req) => http.request(req),
    get user() {
      return currentUser()
    },
  }
  const lovViews = createLovViewLoader(env)
  const dynamicForms = createDynamicFormLoader(env)
  const permissions = createPermissionChecker(env)
  const stop = onConfigChanged(() => {
    lovViews.clear()
    dynamicForms.clear()
  })
  return {
    lovViews,
    dynamicForms,
    permissions,
    reset() {
      lovViews.clear()
      dynamicForms.clear()
      permissions.clear()
    },
    dispose: stop,
  }
}
