/**
 * The two forms of a tenant route (wire conventions): `/api/<service>/v1/:tenantId/…` for the session's tenant
 * (the auth plugin checks the path's tenant is the session's) and its site twin `/api/<service>/v1/…` for
 * platform roles. One helper for every module that registers both (issue 20: three styles before, a prefix
 * loop, a `paths(rest)` pair and hiam's adminRoutes), so the forms, their order and the tenant parameter's
 * schema are written once.
 */
import { Type, type TObject, type TProperties } from '@sinclair/typebox'
import { Tenant, TenantParams } from './schemas.ts'

export interface RouteForm {
  /** `/api/<service>/v1/:tenantId` or `/api/<service>/v1`. */
  base: string
  /** The site twin (no tenant in the path). */
  site: boolean
  /** To spread into the route's schema: the tenant parameter of the tenant form, nothing for the site twin. */
  params: { params?: TObject }
}

/** The tenant form, then the site twin, of the service's routes. */
export const tenantAndSite = (service: string): RouteForm[] => [
  { base: `/api/${service}/v1/:tenantId`, site: false, params: { params: TenantParams } },
  { base: `/api/${service}/v1`, site: true, params: {} },
]

/** The paths of one route in both forms: `rest` is what follows the base (`/messages/user`). */
export const tenantAndSitePaths = (service: string, rest: string) =>
  tenantAndSite(service).map((form) => `${form.base}${rest}`)

/**
 * Params of a route in `form` with path parameters of its own (`{userMessageId: Id()}`): the tenant parameter
 * is added on the tenant form only, so each form declares exactly the parameters its path has. Typed by the
 * route's own parameters (handlers read the tenant from the session, never from the path).
 */
export const formParams = <P extends TProperties>(form: RouteForm, own: P): TObject<P> =>
  (form.site ? Type.Object(own) : Type.Object({ ...Tenant, ...own })) as TObject<P>
