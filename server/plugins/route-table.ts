import type { FastifyPluginAsync, FastifySchema } from 'fastify'
import type { FieldRulesOfRoute } from './field-rule-routes.ts'
import { guardCodesOf } from './permissions.ts'
import type { ReadGuard } from './read-guards.ts'
import { shared } from './shared.ts'

/** One registered route as the security tests see it (tests/server/*: generated, never hand-picked). */
export interface RouteEntry {
  method: string
  /** Fastify's path with `:param` placeholders, e.g. /api/wms/v1/:tenantId/warehouses/:id. */
  url: string
  /** No token needed (config.public). */
  public: boolean
  /** The permission codes the route checks (requirePermission guards and config.permissionCodes). */
  permissionCodes: string[]
  /** How a read route (GET, the Lov query) is guarded: by the screens that read it, a Lov code, or for every user. */
  readGuard?: ReadGuard
  /** What the route declares about the model rows it answers or writes (plugins/field-rule-routes.ts). */
  fieldRules?: FieldRulesOfRoute
  schema?: FastifySchema
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in registration order (HEAD twins of GET routes left out). */
    routeTable: RouteEntry[]
  }
  interface FastifyContextConfig {
    /** Codes a handler checks itself because they depend on the body (batch-save: one per kind of row). */
    permissionCodes?: string[]
  }
}

export const routeTable: FastifyPluginAsync = shared({ name: 'route-table' }, async (app) => {
  const table: RouteEntry[] = []
  app.decorate('routeTable', table)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      table.push({
        method,
        url: route.url,
        // Read when asked: a plugin's own onRoute hook, which runs after this one, may still mark its routes
        // public (api-docs.ts does for the swagger-ui routes it cannot configure directly).
        get public() {
          return route.config?.public === true
        },
        permissionCodes: guardCodesOf(route),
        // Read when asked, like `public`: the read guard's onRoute hook sets it.
        get readGuard() {
          return route.config?.public === true ? undefined : route.config?.readGuard
        },
        ...(route.config?.fieldRules ? { fieldRules: route.config.fieldRules } : {}),
        ...(route.schema ? { schema: route.schema } : {}),
      })
    }
  })
})
