import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { modelRoutes } from './model-routes.ts'
import { withLinesRoute } from './model-with-lines.ts'
import { registerDocuments } from './model-documents.ts'

/** Mounts the REST endpoints of every loaded model (and its header-with-lines save) (loading and table sync happen before, at start). */
export function modelsModule(models: ModelSchema[]): FastifyPluginAsync {
  registerDocuments(models)
  return async (app) => {
    for (const model of models) {
      await app.register(modelRoutes(model))
      if (!model.serverWritten) await app.register(withLinesRoute(model, models))
    }
  }
}
