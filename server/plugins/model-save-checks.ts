/**
 * Checks modules add to the generic model writes of one of their models (hsdr's job rows: a cron that must
 * fire; hrpt's data sets). Each is kept in one list, `app.modelSaveChecks`, run by a preHandler of every route:
 * the app's, and the routes of model files changed while the server runs (live-model-routes.ts registers this
 * plugin on its instance with the same list), so a model saved live is checked like one read at start.
 * A check answers the fields at fault (400 naming them) or undefined; hsdr/save-checks.ts builds them.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { badRequest } from '../errors.ts'
import { shared } from './shared.ts'

export type ModelSaveCheck = (request: FastifyRequest) => Promise<Record<string, string> | undefined>

declare module 'fastify' {
  interface FastifyInstance {
    /** The save checks of the modules (plugins/model-save-checks.ts): push one to check a model's writes. */
    modelSaveChecks: ModelSaveCheck[]
  }
}

/** Runs `checks` (the app's list, shared with the live models' instance) before every route's handler. */
export function modelSaveChecks(checks: ModelSaveCheck[] = []): FastifyPluginAsync {
  return shared({ name: 'model-save-checks' }, async (app) => {
    app.decorate('modelSaveChecks', checks)
    app.addHook('preHandler', async (request) => {
      for (const check of checks) {
        const fields = await check(request)
        if (fields) throw badRequest(Object.values(fields).join('; '), fields)
      }
    })
  })
}
