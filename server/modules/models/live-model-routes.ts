/**
 * Routes of model files that changed while the server runs (issue 22, live files). Fastify takes no route once
 * it listens, so the app's own router keeps the routes of the models read at start, and the models added or
 * changed since are served by a second Fastify instance built from them (`modelRoutesInstance`): the same
 * plugins every route goes through (errors, headers, auth, input guards, permission codes, integer bounds, read
 * guards, the permission rules' Lov read) and the same model routes (model-routes.ts), rebuilt at each change.
 * The checks modules add to a model's saves (plugins/model-save-checks.ts) run there too. The instance
 * never listens: the app's onRequest hook hands it a request when the app has no route for the request's path
 * (or only the built app's catch-all), or when the route it found is one of a changed model's routes, before the
 * body is read. The routes of a model whose file was removed answer 404 saying so (the start's routes cannot be
 * taken out of the app's router).
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
import { notFound } from '../../errors.ts'
import { inputGuards } from '../../plugins/input-guards.ts'
import { modelSaveChecks } from '../../plugins/model-save-checks.ts'
import { permissionGuards } from '../../plugins/permissions.ts'
import { readGuards } from '../../plugins/read-guards.ts'
import { routeSchemaBounds } from '../../plugins/route-schemas.ts'
import { routeTable, type RouteEntry } from '../../plugins/route-table.ts'
import { securityHeaders } from '../../plugins/security-headers.ts'
import { shared } from '../../plugins/shared.ts'
import type { LiveModels } from './live-models.ts'
import { modelPath, modelRoutes } from './model-routes.ts'
import { withLinesRoute } from './model-with-lines.ts'

/**
 * Whether a path (a route's `:param` pattern, or a request path without a route) lies under a model's base path
 * (`/api/wms/v1/:tenantId/carriers`): its list, its rows and their actions.
 */
function underBase(path: string, base: string): boolean {
  const want = base.split('/')
  const got = path.split('/')
  return (
    got.length >= want.length && want.every((segment, i) => segment === got[i] || segment.startsWith(':'))
  )
}

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
  // An async export of a changed model is run by the app's one export worker (it reads the current models).
  if (app.hasDecorator('exportWorker')) inner.decorate('exportWorker', app.exportWorker)
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
  // The modules' checks of a model's saves (hsdr's job rows, hrpt's data sets): the app's own list.
  await inner.register(modelSaveChecks(app.modelSaveChecks))
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
  return shared({ name: 'live-model-routes' }, async (app) => {
    let inner: FastifyInstance | undefined
    let added: RouteEntry[] = []
    /** Base paths of the models whose file was removed since start: their routes answer 404 saying so. */
    let removed: Array<{ key: string; base: string }> = []
    /** `METHOD url` of the routes the app itself has for the changed models (they are answered by `inner`). */
    app.decorate('rebuildLiveModelRoutes', async (live: LiveModels) => {
      const served = live.models.filter((model) => live.changedSinceStart.has(modelKey(model)))
      const next = served.length ? await modelRoutesInstance(app, create, served, live.models) : undefined
      const before = inner
      inner = next
      removed = [...live.removedSinceStart].map(([key, model]) => ({ key, base: modelPath(model) }))
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
      if ((!inner && !removed.length) || !request.url.startsWith('/api/')) return done()
      const method = request.method === 'HEAD' ? 'GET' : request.method
      const matched = request.routeOptions.url ?? ''
      // The built app's catch-all GET (static-app.ts) answers /api paths it does not know with a 404: for the
      // app, such a path has no route of its own.
      const unrouted = request.is404 || matched === '/*'
      if (inner && (unrouted || inner.hasRoute({ method, url: matched }))) {
        reply.hijack()
        inner.routing(request.raw, reply.raw)
        return
      }
      // A removed model's routes (the start's, which Fastify cannot take back, or the instance's) are gone.
      const path = unrouted ? (request.url.split('?')[0] ?? '') : matched
      const gone = removed.find(({ base }) => underBase(path, base))
      if (gone)
        return done(
          notFound(
            `Model ${gone.key} was removed (its model file is gone) while the server runs: put the file back to serve ${gone.base} again.`,
          ),
        )
      done()
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
