import type { FastifyPluginAsync } from 'fastify'
import { ensureHitfDbObjects } from './db-objects.ts'
import { hitfActionRoutes } from './routes-actions.ts'
import { hitfGatewayRoutes } from './routes-gateway.ts'
import { hitfQueryRoutes } from './routes-queries.ts'

/**
 * Interface integration (hitf/pitf): the entities are models (schemas/models/hitf); this module adds what CRUD
 * cannot: the secret vault and mapping-history triggers, the real outbound calls (invoke, health check,
 * OpenAPI import, MQ test), the inbound gateway, mapping debug, and the charges computed from the logs.
 */
export const hitfModule: FastifyPluginAsync = async (app) => {
  await ensureHitfDbObjects(app.db)
  await app.register(hitfActionRoutes)
  await app.register(hitfQueryRoutes)
  await app.register(hitfGatewayRoutes)
}
