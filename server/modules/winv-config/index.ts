/**
 * Warehouse configuration behaviour beyond CRUD (schemas/pages/winv: function parameters, warning rules,
 * replenishment rules, supplier appointments): the endpoints of their actions and the appointment effects.
 */
import type { FastifyPluginAsync } from 'fastify'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { replenish } from './replenish.ts'
import { evaluateWarnings } from './warnings.ts'
import { NoBody } from '../../schemas.ts'

export const winvConfigModule: FastifyPluginAsync = async (app) => {
  const tenantParams = {
    type: 'object',
    properties: { tenantId: { type: 'integer' } },
    required: ['tenantId'],
  } as const
  app.post(
    '/api/wms/v1/:tenantId/warning-rules/evaluate',
    {
      config: {
        fieldRules: { none: 'answers how many rules were evaluated and which triggered, not rule rows' },
      },
      preHandler: requirePermission('winv.warningRule.button.evaluate'),
      schema: { body: NoBody, params: tenantParams },
    },
    (request) =>
      app.db
        .transaction()
        .execute((trx) => evaluateWarnings(trx, app.noticeBus, sessionOf(request), app.config.now())),
  )
  app.post(
    '/api/wms/v1/:tenantId/replenishment-rules/:id/replenish',
    {
      config: { fieldRules: { none: 'answers the quantity moved to the pick location, not the rule row' } },
      preHandler: requirePermission('winv.ruleReplenishment.button.replenish'),
      schema: {
        body: NoBody,
        params: {
          type: 'object',
          properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } },
          required: ['tenantId', 'id'],
        },
      },
    },
    (request) =>
      app.db
        .transaction()
        .execute((trx) => replenish(trx, sessionOf(request), (request.params as { id: number }).id)),
  )
}
