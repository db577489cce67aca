import type { FastifyPluginAsync } from 'fastify'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { shared } from '../../plugins/shared.ts'
import { recomputeForecast } from './forecast.ts'
import { pickSerialRoutes } from './pick-serials.ts'

export const FORECAST_PERMISSION = 'winv.inventoryForecasts.button.recompute'

/**
 * Outbound (winv): the effects of the outbound order, wave, pack and processing lifecycles are the list
 * `outboundBehaviour` (effects.ts, order-stock.ts); this module mounts what a pick must name (pick-serials.ts) and the inventory forecast's recompute endpoint.
 * Lists and actions are the models' own routes.
 */
export const outboundModule: FastifyPluginAsync = shared(async (app) => {
  await app.register(pickSerialRoutes)
  app.post(
    '/api/wms/v1/:tenantId/inventory-forecasts/recompute',
    {
      config: { fieldRules: { none: 'answers the counts of forecasts recomputed, not forecast rows' } },
      preHandler: requirePermission(FORECAST_PERMISSION),
      schema: {
        params: { type: 'object', properties: { tenantId: { type: 'integer' } }, required: ['tenantId'] },
        body: {
          type: ['object', 'null'],
          properties: { windowDays: { type: 'integer', minimum: 1, maximum: 365 } },
        },
      },
    },
    (request) =>
      app.db
        .transaction()
        .execute((trx) =>
          recomputeForecast(
            trx,
            sessionOf(request),
            Number((request.body as { windowDays?: number } | null)?.windowDays ?? 30),
          ),
        ),
  )
})
