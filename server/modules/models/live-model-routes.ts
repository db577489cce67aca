/**
 * Routes of model files that changed while the server runs (issue 22, live files). Fastify takes no route once
 * it listens, so the app's own router keeps the routes of the models read at start, and the models added or
 * changed since are served by a second Fastify instance built from them (`modelRoutesInstance`): the same
 * plugins every route goes through (errors, headers, auth, input guards, permission codes, integer bounds, read
 * guards, the permission rules' Lov read) and the same model routes (model-routes.ts), rebuilt at each change.
 * Models a module checks with its own app hook wait for a restart (live-models.ts RESTART_ONLY). The instance
 * never listens: the app's onRequest hook hands it a request when the app has no route for the request's path
 * (or only the built app's catch-all), or when the route it found is one of a changed model's routes, before the
 * body is read.
 *
 * Its routes are added to `app.routeTable` (replacing those of an earlier build), so the generated checks that
 * iterate the table see what is served.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, FastifyReply } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { modelKey } from '../../../renderer/schema/model.ts'
import { auth } from '../../plugins/auth.ts'
import { dimensionLovChecks } from '../hpfm-admin/dimension-lovs.ts'
import { errorHandler } from '../../plugins/error-handler.ts'
import { inputGuards } from '../../plugins/input-guards.ts'
import { permissionGuards } from '../../plugins/permissions.ts'
import { readGuards } from '../../plugins/read-guards.ts'
import { routeSchemaBounds } from '../../plugins/route-schemas.ts'
import { routeTable, type RouteEntry } from '../../plugins/route-table.ts'
import { securityHeaders } from '../../plugins/security-headers.ts'
import { shared } from '../../plugins/shared.ts'
import type { LiveModels } from './live-models.ts'
import { modelRoutes } from './model-routes.ts'
import { withLinesRoute } from './model-with-lines.ts'

/** Builds the instance serving `served` (models of `all`), on the app's database and settings. */
export async function modelRoutesInstance(
  app: FastifyInstance,
  create: () => FastifyInstance,
  served: ModelSchema[],
  all: ModelSchema[],
): Promise<FastifyInstance> {
  const inner = create()
  inner.decorate('db', app.db)
  inner.decorate('config', app.config)
  inner.decorate('files', app.files)
  // The read guard works out which screens read what from the page files served now.
  inner.decorate('livePages', app.livePages)
  await inner.register(errorHandler)
  await inner.register(securityHeaders)
  await inner.register(auth)
  await inner.register(inputGuards)
  await inner.register(permissionGuards)
  await inner.register(routeTable)
  await inner.register(routeSchemaBounds)
  await inner.register(readGuards(app.livePages?.pages ?? [], all))
  // The hooks other modules add to model routes by their URL (the Lov read of the permission rule writes).
  await inner.register(dimensionLovChecks)
  for (const model of served) {
    await inner.register(modelRoutes(model))
    if (!model.serverWritten) await inner.register(withLinesRoute(model, all))
  }
  await inner.ready()
  return inner
}

/**
 * The app's side: rebuilds the instance after each change of the models, and hands it the requests that are
 * its own. Registered before the modules, so its hook runs for every route (and for paths without one).
 */
export function liveModelRoutes(create: () => FastifyInstance): FastifyPluginAsync {
  return shared(async (app) => {
    let inner: FastifyInstance | undefined
    let added: RouteEntry[] = []
    /** `METHOD url` of the routes the app itself has for the changed models (they are answered by `inner`). */
    app.decorate('rebuildLiveModelRoutes', async (live: LiveModels) => {
      const served = live.models.filter((model) => live.changedSinceStart.has(modelKey(model)))
      const next = served.length ? await modelRoutesInstance(app, create, served, live.models) : undefined
      const before = inner
      inner = next
      await before?.close()
      // The route table shows what is served: the app's routes, and the changed models' routes once.
      for (const entry of added) {
        const at = app.routeTable.indexOf(entry)
        if (at >= 0) app.routeTable.splice(at, 1)
      }
      const known = new Set(app.routeTable.map((entry) => `${entry.method} ${entry.url}`))
      added = (next?.routeTable ?? []).filter((entry) => !known.has(`${entry.method} ${entry.url}`))
      app.routeTable.push(...added)
    })
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (!inner || !request.url.startsWith('/api/')) return done()
      const method = request.method === 'HEAD' ? 'GET' : request.method
      const matched = request.routeOptions.url ?? ''
      // The built app's catch-all GET (static-app.ts) answers /api paths it does not know with a 404: for the
      // app, such a path has no route of its own.
      const own = request.is404 || matched === '/*' || inner.hasRoute({ method, url: matched })
      if (!own) return done()
      reply.hijack()
      inner.routing(request.raw, reply.raw)
    })
    app.addHook('onClose', async () => {
      await inner?.close()
    })
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Serves the models changed since start (live-model-routes.ts); called after each applied change. */
    rebuildLiveModelRoutes(live: LiveModels): Promise<void>
  }
}
